import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { payoutAccountStatus, providerLink } from "../../../shared/contracts/billing.js";
import { orgParams } from "../../../shared/contracts/common.js";
import type { AppDeps } from "../../app-deps.js";
import { getOrganization } from "../clubs/service.js";
import { clubAccess } from "../members/service.js";
import { payoutOnboardingLink, payoutStatus, syncPayoutAccount } from "./payout-account.js";

const tags = ["payments"];

export function paymentRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const access = clubAccess(deps);
  return async (app) => {
    app.get(
      "/api/orgs/:orgId/payout-account",
      {
        schema: {
          tags,
          summary:
            "The club's payout account status as last read from the provider (SPEC check-connect-status); organizers read it too, to know whether they can schedule paid sessions",
          params: orgParams,
          response: { 200: payoutAccountStatus },
        },
      },
      async (request) => {
        // Whoever schedules sessions needs to know whether a paid one can be (payments-ready.ts
        // in sessions); the account is still the owner's to connect and re-read.
        const club = await access(request, request.params.orgId, "sessions.manage");
        return payoutStatus(await getOrganization(deps.database.db, club.organizationId));
      },
    );

    app.post(
      "/api/orgs/:orgId/payout-account/refresh",
      {
        schema: {
          tags,
          summary: "Re-read the club's payout account from the provider, store and return its status",
          params: orgParams,
          response: { 200: payoutAccountStatus },
        },
      },
      async (request) => {
        const club = await access(request, request.params.orgId, "billing.manage");
        return syncPayoutAccount(deps, club.organizationId);
      },
    );

    app.post(
      "/api/orgs/:orgId/payout-account",
      {
        schema: {
          tags,
          summary:
            "Create the club's payout account if needed and return its onboarding link (SPEC create-connect-account)",
          params: orgParams,
          response: { 200: providerLink },
        },
      },
      async (request) => {
        const club = await access(request, request.params.orgId, "billing.manage");
        return { url: await payoutOnboardingLink(deps, club.organizationId, club.userId) };
      },
    );
  };
}
