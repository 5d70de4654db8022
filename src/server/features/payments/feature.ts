// The payments feature's one entry (feature.ts, decision 022): the payout account, Stripe's
// webhooks when Stripe is the provider, the sandbox provider's pages when it is the sandbox.
import type { Feature } from "../../feature.js";
import { paymentRoutes } from "./routes.js";
import { registerSandboxProviderPages } from "./sandbox-pages.js";
import { registerWebhookRoutes } from "./webhook-routes.js";

export const paymentsFeature: Feature = {
  name: "payments",
  register: async (app, deps) => {
    await app.register(paymentRoutes(deps));
    if (deps.payments.kind === "stripe")
      await app.register(async (scope) => registerWebhookRoutes(scope, deps));
    if (deps.payments.kind === "sandbox")
      await app.register(async (scope) => registerSandboxProviderPages(scope, deps));
  },
};
