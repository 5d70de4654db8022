// buildApp(deps) -> a Fastify instance with every route, and no globals: tests build as many
// as they like, each on its own database.
import helmet from "@fastify/helmet";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import websocket from "@fastify/websocket";
import Fastify, { type FastifyBaseLogger, type RouteOptions } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { AppDeps } from "./app-deps.js";
import { accountRoutes } from "./features/account/routes.js";
import { billingRoutes } from "./features/billing/routes.js";
import { publicClubRoutes } from "./features/clubs/public-routes.js";
import { clubRoutes } from "./features/clubs/routes.js";
import { displayRoutes } from "./features/courts/display-routes.js";
import { registerLiveRoutes } from "./features/courts/live-routes.js";
import { courtRoutes } from "./features/courts/routes.js";
import { memberRoutes } from "./features/members/routes.js";
import { notificationRoutes } from "./features/notifications/routes.js";
import { calendarRoutes } from "./features/sessions/calendar-routes.js";
import { registerSessionJobs } from "./features/sessions/payments.js";
import { sessionRoutes } from "./features/sessions/routes.js";
import { registerSandboxCheckout } from "./features/sessions/sandbox-checkout.js";
import { registerAuthRoutes } from "./platform/auth/routes.js";
import { registerErrorHandler } from "./platform/errors/error-handler.js";
import { registerMailboxPage } from "./platform/mail/mailbox-page.js";
import { registerWebClient } from "./platform/web/web-client.js";

type BuildOptions = {
  logger?: FastifyBaseLogger;
  /** Sees every route as it is registered (the authorization matrix test lists them). */
  onRoute?: (route: RouteOptions) => void;
};

export async function buildApp(deps: AppDeps, options: BuildOptions = {}) {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: { level: deps.config.logLevel } }),
    bodyLimit: 256 * 1024,
    requestIdHeader: false,
  });
  if (options.onRoute) app.addHook("onRoute", options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Plain HTML forms (the sandbox checkout) post url-encoded bodies.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", "data:", "https:"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'", "ws:", "wss:"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(swagger, {
    openapi: { info: { title: "Courtside API", version: "0.1.0" } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });

  app.get("/api/health", { schema: { hide: true } }, async () => ({ ok: true }));
  registerAuthRoutes(app, deps.auth, deps.database.db);
  await app.register(accountRoutes(deps));
  await app.register(notificationRoutes(deps));
  await app.register(clubRoutes(deps));
  await app.register(billingRoutes(deps));
  await app.register(memberRoutes(deps));
  await app.register(publicClubRoutes(deps));
  await app.register(sessionRoutes(deps));
  await app.register(calendarRoutes(deps));
  await app.register(courtRoutes(deps));
  await app.register(displayRoutes(deps));
  await app.register(websocket, { options: { maxPayload: 4096 } });
  await app.register(async (live) => registerLiveRoutes(live, deps));
  await registerSessionJobs(deps);
  if (deps.payments.kind === "sandbox") registerSandboxCheckout(app, deps);
  if (deps.mailer.kind === "mailbox") registerMailboxPage(app, deps.database.db);
  if (deps.webRoot) await registerWebClient(app, deps.webRoot);
  return app;
}
