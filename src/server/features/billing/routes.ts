import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  checkoutBody,
  providerLink,
  refreshQuery,
  subscriptionCheck,
} from "../../../shared/contracts/billing.js";
import { orgParams } from "../../../shared/contracts/common.js";
import type { AppDeps } from "../../app-deps.js";
import { clubAccess } from "../members/service.js";
import { openBillingPortal, startPlanCheckout } from "./service.js";
import { freshSubscription } from "./subscription.js";

const tags = ["billing"];

export function billingRoutes(deps: AppDeps): FastifyPluginAsyncZod {
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
        return freshSubscription(deps, club.organizationId, {
          refresh: request.query.refresh === "true",
          log: request.log,
        });
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
