import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { checkoutBody, providerLink, subscriptionCheck } from "../../../shared/contracts/billing.js";
import { orgParams } from "../../../shared/contracts/common.js";
import type { AppDeps } from "../../app-deps.js";
import { checkSubscription, getOrganization } from "../clubs/service.js";
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
          summary: "The club's subscription as last read from the provider (SPEC check-subscription)",
          params: orgParams,
          response: { 200: subscriptionCheck },
        },
      },
      async (request) => {
        const club = await access(request, request.params.orgId, "club.view");
        return checkSubscription(await getOrganization(deps.database.db, club.organizationId), deps.now());
      },
    );

    // Re-reading the provider stores what it says: a write, so a POST (a GET never writes).
    app.post(
      "/api/orgs/:orgId/subscription/refresh",
      {
        schema: {
          tags,
          summary: "Re-read the club's subscription from the provider and return the check",
          params: orgParams,
          response: { 200: subscriptionCheck },
        },
      },
      async (request) => {
        const club = await access(request, request.params.orgId, "club.view");
        return freshSubscription(deps, club.organizationId, { refresh: true, log: request.log });
      },
    );

    app.post(
      "/api/orgs/:orgId/billing/checkout",
      {
        schema: {
          errors: ["ALREADY_SUBSCRIBED"],
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
          errors: ["NO_SUBSCRIPTION"],
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
