// buildApp(deps) -> a Fastify instance with every route, and no globals: tests build as many
// as they like, each on its own database.
import zlib from "node:zlib";
import compress from "@fastify/compress";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import websocket from "@fastify/websocket";
import Fastify, { type FastifyBaseLogger, type RouteOptions } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import type { AppDeps } from "./app-deps.js";
import { accountRoutes } from "./features/account/routes.js";
import { billingRoutes } from "./features/billing/routes.js";
import { clubRoutes } from "./features/club-admin/routes.js";
import { registerClubRemoval } from "./features/club-admin/service.js";
import { clubBySlug } from "./features/clubs/service.js";
import { attendanceRoutes } from "./features/courts/attendance-routes.js";
import { displayRoutes } from "./features/courts/display-routes.js";
import { registerCourtJobs } from "./features/courts/jobs.js";
import { registerLiveRoutes } from "./features/courts/live-routes.js";
import { recordRoutes } from "./features/courts/record-routes.js";
import { courtRoutes } from "./features/courts/routes.js";
import { dashboardRoutes } from "./features/dashboard/routes.js";
import { registerWeeklySummaries } from "./features/dashboard/weekly-summary.js";
import { demoRoutes } from "./features/demo/routes.js";
import { eventRoutes } from "./features/events/routes.js";
import { leagueNameColumn } from "./features/events/service.js";
import { registerLadderJobs } from "./features/ladder/jobs.js";
import { ladderRoutes } from "./features/ladder/routes.js";
import { crawlerRoutes } from "./features/marketing/crawler-routes.js";
import { meRoutes } from "./features/me/routes.js";
import { memberRoutes } from "./features/members/routes.js";
import { clubAccess } from "./features/members/service.js";
import { registerPushJobs } from "./features/notifications/push.js";
import { pushRoutes } from "./features/notifications/push-routes.js";
import { notificationRoutes } from "./features/notifications/routes.js";
import { registerUnsubscribeRoutes } from "./features/notifications/unsubscribe.js";
import { paymentRoutes } from "./features/payments/routes.js";
import { registerSandboxProviderPages } from "./features/payments/sandbox-pages.js";
import { registerWebhookRoutes } from "./features/payments/webhook-routes.js";
import { publicClubPage } from "./features/public-club/public-page.js";
import { publicClubRoutes } from "./features/public-club/routes.js";
import { calendarRoutes } from "./features/sessions/calendar-routes.js";
import { registerSessionJobs } from "./features/sessions/payments.js";
import { registerRefundJobs } from "./features/sessions/refunds.js";
import { sessionRoutes } from "./features/sessions/routes.js";
import { registerSandboxCheckout } from "./features/sessions/sandbox-checkout.js";
import { requireUser } from "./platform/auth/current-user.js";
import { registerAuthRoutes } from "./platform/auth/routes.js";
import { signInBeforeValidation } from "./platform/auth/signed-in-first.js";
import { AppError } from "./platform/errors/app-error.js";
import {
  answerClientError,
  answerFrameworkError,
  registerErrorHandler,
} from "./platform/errors/error-handler.js";
import { registerMailboxPage } from "./platform/mail/mailbox-page.js";
import { answerSocketError } from "./platform/realtime/socket-errors.js";
import { SOCKET_LIMITS, type SocketLimits } from "./platform/realtime/socket-limits.js";
import { checkDeclaredAnswers } from "./platform/web/declared-answers.js";
import { drainBeforeClosing } from "./platform/web/draining.js";
import { finishHandlersBeforeClosing } from "./platform/web/handlers-in-flight.js";
import { limitJsonDepth } from "./platform/web/json-depth.js";
import { openapiOptions } from "./platform/web/openapi.js";
import { keepAnswersPrivate, NOT_STORED } from "./platform/web/private-answers.js";
import { responseSerializer } from "./platform/web/response-serializer.js";
import { refuseCrossSiteWrites } from "./platform/web/same-origin.js";
import { addSecurityHeaders, securityHeaders } from "./platform/web/security-headers.js";
import { standInText } from "./platform/web/stand-in-notice.js";
import { loadVisitorPages } from "./platform/web/visitor-pages.js";
import { registerWebClient } from "./platform/web/web-client.js";

/** The WebSocket close code for "the server is restarting: reconnect shortly" (RFC 6455 registry). */
const SERVICE_RESTART = 1012;

/** A number of trusted hops becomes Fastify's function form (its types take no number). */
const trustedHops = (trust: boolean | number | string[]) =>
  typeof trust === "number" ? (_address: string, hop: number) => hop < trust : trust;

type BuildOptions = {
  logger?: FastifyBaseLogger;
  /** Sees every route as it is registered (the authorization matrix test lists them). */
  onRoute?: (route: RouteOptions) => void;
  /** Other caps on open WebSockets than SOCKET_LIMITS (a test reaches a club's cap with a few). */
  socketLimits?: Partial<SocketLimits>;
};

export async function buildApp(deps: AppDeps, options: BuildOptions = {}) {
  const securityHeadersFor = securityHeaders(deps.config.ownOrigins);
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: { level: deps.config.logLevel } }),
    bodyLimit: 256 * 1024,
    requestIdHeader: false,
    // Fastify's own 503 while closing has not our envelope nor Retry-After: draining.ts answers.
    return503OnClosing: false,
    // Rate limits key on request.ip: behind a proxy it must be the client's, read from
    // X-Forwarded-For of the proxies we trust (TRUST_PROXY), and never of anyone else.
    trustProxy: trustedHops(deps.config.trustProxy),
    // The router's own refusals (an address that does not decode, a path parameter too long)
    // run no hooks: they get the hooks' headers here, and the one error envelope.
    frameworkErrors: (error, request, reply) =>
      answerFrameworkError(
        error,
        request,
        reply.headers({ ...securityHeadersFor(request), "cache-control": NOT_STORED }),
      ),
    // What Node's HTTP server refuses before there is a request (headers too large: 431).
    clientErrorHandler: answerClientError,
  });
  if (options.onRoute) app.addHook("onRoute", options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer({ checkAnswers: deps.config.checkAnswers }));
  registerErrorHandler(app);
  if (deps.config.checkAnswers) checkDeclaredAnswers(app);
  limitJsonDepth(app);
  refuseCrossSiteWrites(app, deps.config);
  finishHandlersBeforeClosing(app);
  signInBeforeValidation(app, deps.auth);
  // serve() checks each definition's access with these and hands the handler who is calling.
  app.decorate("callers", { user: (request) => requireUser(deps.auth, request), club: clubAccess(deps) });
  app.decorateRequest("user", null);
  app.decorateRequest("club", null);

  addSecurityHeaders(app, securityHeadersFor);
  keepAnswersPrivate(app);
  drainBeforeClosing(app);
  // Answers above 1 KB travel compressed when the browser accepts it (brotli at a quick level,
  // or gzip); the client's files were compressed once at build time (web-client.ts).
  await app.register(compress, {
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(swagger, openapiOptions("0.1.0"));
  await app.register(swaggerUi, { routePrefix: "/api/docs" });

  app.get("/api/health", { schema: { hide: true } }, async () => ({ ok: true }));
  registerAuthRoutes(app, {
    auth: deps.auth,
    db: deps.database.db,
    jobs: deps.jobs,
    now: deps.now,
    config: deps.config,
  });
  await app.register(meRoutes(deps));
  await app.register(accountRoutes(deps));
  await app.register(notificationRoutes(deps));
  await app.register(pushRoutes(deps));
  await app.register(async (scope) => registerUnsubscribeRoutes(scope, deps));
  await app.register(clubRoutes(deps));
  await app.register(billingRoutes(deps));
  await app.register(paymentRoutes(deps));
  await app.register(demoRoutes(deps));
  await app.register(dashboardRoutes(deps));
  if (deps.payments.kind === "stripe")
    await app.register(async (scope) => registerWebhookRoutes(scope, deps));
  await app.register(memberRoutes(deps));
  await app.register(publicClubRoutes(deps));
  await app.register(crawlerRoutes(deps));
  await app.register(sessionRoutes(deps));
  // The feed names a league's weeks: the events feature gives the column, the app joins the two.
  await app.register(calendarRoutes(deps, leagueNameColumn));
  await app.register(courtRoutes(deps));
  await app.register(attendanceRoutes(deps));
  await app.register(recordRoutes(deps));
  await app.register(ladderRoutes(deps));
  await app.register(eventRoutes(deps));
  await app.register(displayRoutes(deps));
  // Runs before the plugin's own closing hook, so viewers hear "restarting", not a bare close.
  app.addHook("preClose", function tellViewersToReconnect(done) {
    for (const client of this.websocketServer?.clients ?? [])
      client.close(SERVICE_RESTART, "Server restarting");
    done();
  });
  // Viewers send nothing but pongs and closes: a larger frame is closed with 1009.
  await app.register(websocket, { options: { maxPayload: 4096 }, errorHandler: answerSocketError });
  await app.register(async (live) =>
    registerLiveRoutes(live, deps, { ...SOCKET_LIMITS, ...options.socketLimits }),
  );
  await registerSessionJobs(deps);
  await registerLadderJobs(deps);
  await registerCourtJobs(deps);
  await registerPushJobs(deps);
  await registerRefundJobs(deps);
  await registerClubRemoval(deps);
  await registerWeeklySummaries(deps);
  if (deps.payments.kind === "sandbox") {
    await app.register(async (scope) => registerSandboxCheckout(scope, deps));
    await app.register(async (scope) => registerSandboxProviderPages(scope, deps));
  }
  if (deps.config.mailboxPage) registerMailboxPage(app, deps.database.db);
  if (deps.webRoot)
    await registerWebClient(app, deps.webRoot, {
      appUrl: deps.config.appUrl,
      standInNotice: standInText(deps.config.standIns),
      clubPreview: (slug) => clubBySlug(deps.database.db, slug),
      visitorPages: await loadVisitorPages(deps.webRoot, (slug) =>
        publicClubPage(deps.database.db, slug, null, deps.now()).catch((error: unknown) => {
          if (error instanceof AppError && error.statusCode === 404) return null;
          throw error;
        }),
      ),
    });
  return app;
}
