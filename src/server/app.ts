// buildApp(deps) -> a Fastify instance with every route, and no globals: tests build as many
// as they like, each on its own database.
import zlib from "node:zlib";
import compress from "@fastify/compress";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyBaseLogger, type RouteOptions } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import type { AppDeps } from "./app-deps.js";
import type { Feature } from "./feature.js";
import { accountFeature } from "./features/account/feature.js";
import { billingFeature } from "./features/billing/feature.js";
import { clubAdminFeature } from "./features/club-admin/feature.js";
import { clubBySlug } from "./features/clubs/service.js";
import { courtsFeature } from "./features/courts/feature.js";
import { dashboardFeature } from "./features/dashboard/feature.js";
import { demoFeature } from "./features/demo/feature.js";
import { eventsFeature } from "./features/events/feature.js";
import { leagueNameColumn } from "./features/events/service.js";
import { ladderFeature } from "./features/ladder/feature.js";
import { ledgerFeature } from "./features/ledger/feature.js";
import { marketingFeature } from "./features/marketing/feature.js";
import { meFeature } from "./features/me/feature.js";
import { membersFeature } from "./features/members/feature.js";
import { clubAccess } from "./features/members/service.js";
import { membershipsFeature } from "./features/memberships/feature.js";
import { notificationsFeature } from "./features/notifications/feature.js";
import { paymentsFeature } from "./features/payments/feature.js";
import { publicClubFeature } from "./features/public-club/feature.js";
import { publicClubPage } from "./features/public-club/public-page.js";
import { sessionsFeature } from "./features/sessions/feature.js";
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

/**
 * Every feature, registered the same way (feature.ts in each): what it serves and runs. The
 * calendar names a league's week from the events feature's column: the one wire between two
 * features made here, since sessions sit below events.
 */
const features: readonly Feature[] = [
  meFeature,
  accountFeature,
  notificationsFeature,
  clubAdminFeature,
  billingFeature,
  paymentsFeature,
  demoFeature,
  dashboardFeature,
  membersFeature,
  membershipsFeature,
  ledgerFeature,
  publicClubFeature,
  marketingFeature,
  sessionsFeature(leagueNameColumn),
  courtsFeature,
  ladderFeature,
  eventsFeature,
];

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
  const featureOptions = { socketLimits: { ...SOCKET_LIMITS, ...options.socketLimits } };
  for (const feature of features) await feature.register(app, deps, featureOptions);
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
