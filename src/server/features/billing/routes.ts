import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  checkoutBody,
  providerLink,
  refreshQuery,
  subscriptionCheck,
} from "../../../shared/contracts/billing.js";
import { orgParams } from "../../../shared/contracts/common.js";
import type { AppDeps } from "../../app-deps.js";
import { getOrganization } from "../clubs/service.js";
import { clubAccess } from "../members/club-access.js";
import { openBillingPortal, startPlanCheckout } from "./service.js";
import { checkSubscription, syncSubscription } from "./subscription.js";

const tags = ["billing"];

export function billingRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  const access = clubAccess(deps);
  return async (app) => {
    app.get(
      "/api/orgs/:orgId/subscription",
      {
        schema: {
          tags,
          summary:
            "Check the club's subscription (SPEC check-subscription); refresh=true re-reads the provider",
          params: orgParams,
          querystring: refreshQuery,
          response: { 200: subscriptionCheck },
        },
      },
      async (request) => {
        const club = await access(request, request.params.orgId, "club.view");
        const org = await getOrganization(db, club.organizationId);
        // A paid period that has ended has usually renewed: ask the provider rather than lapse.
        const renewalDue =
          org.subscriptionStatus === "active" &&
          org.subscriptionEndsAt !== null &&
          org.subscriptionEndsAt <= deps.now();
        if (request.query.refresh !== "true" && !renewalDue) return checkSubscription(org, deps.now());
        try {
          await syncSubscription(deps, club.organizationId);
        } catch (error) {
          // SPEC §8: a failed check is logged; the club keeps what was last known.
          request.log.warn({ err: error }, "subscription re-check failed");
        }
        return checkSubscription(await getOrganization(db, club.organizationId), deps.now());
      },
    );

    app.post(
      "/api/orgs/:orgId/billing/checkout",
      {
        schema: {
          tags,
          summary: "Open the provider's checkout for a plan (owner only)",
          params: orgParams,
          body: checkoutBody,
          response: { 200: providerLink },
        },
      },
      async (request) => {
        const club = await access(request, request.params.orgId, "billing.manage");
        return { url: await startPlanCheckout(deps, club.organizationId, club.userId, request.body.plan) };
      },
    );

    app.post(
      "/api/orgs/:orgId/billing/portal",
      {
        schema: {
          tags,
          summary: "Open the provider's billing portal (owner only)",
          params: orgParams,
          response: { 200: providerLink },
        },
      },
      async (request) => {
        const club = await access(request, request.params.orgId, "billing.manage");
        return { url: await openBillingPortal(deps, club.organizationId) };
      },
    );
  };
}
