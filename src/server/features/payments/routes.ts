// The club's payout account, served from its shared definitions (shared/contracts/billing-endpoints.ts).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { paymentEndpoints as endpoints } from "../../../shared/contracts/billing-endpoints.js";
import type { AppDeps } from "../../app-deps.js";
import { serve } from "../../platform/web/serve-endpoint.js";
import { getOrganization } from "../clubs/service.js";
import { payoutOnboardingLink, payoutStatus, syncPayoutAccount } from "./payout-account.js";

export function paymentRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, endpoints.payoutAccount, async (request) => {
      // Whoever schedules sessions needs to know whether a paid one can be (payments-ready.ts
      // in sessions); the account is still the owner's to connect and re-read.
      const { club } = request;
      return payoutStatus(await getOrganization(deps.database.db, club.organizationId));
    });

    serve(app, endpoints.refreshPayoutAccount, async (request) => {
      const { club } = request;
      return syncPayoutAccount(deps, club.organizationId);
    });

    serve(app, endpoints.connectPayouts, async (request) => {
      const { club } = request;
      return { url: await payoutOnboardingLink(deps, club.organizationId, club.userId) };
    });
  };
}
