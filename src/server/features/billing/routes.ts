// The club's subscription, served from its shared definitions (shared/contracts/billing-endpoints.ts).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { billingEndpoints as endpoints } from "../../../shared/contracts/billing-endpoints.js";
import type { AppDeps } from "../../app-deps.js";
import { serve } from "../../platform/web/serve-endpoint.js";
import { checkSubscription, getOrganization } from "../clubs/service.js";
import { openBillingPortal, startPlanCheckout } from "./service.js";
import { freshSubscription } from "./subscription.js";

export function billingRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, endpoints.subscription, async (request) => {
      const { club } = request;
      return checkSubscription(await getOrganization(deps.database.db, club.organizationId), deps.now());
    });

    serve(app, endpoints.refreshSubscription, async (request) => {
      const { club } = request;
      return freshSubscription(deps, club.organizationId, { refresh: true, log: request.log });
    });

    serve(app, endpoints.checkout, async (request) => {
      const { club } = request;
      return { url: await startPlanCheckout(deps, club.organizationId, club.userId, request.body.plan) };
    });

    serve(app, endpoints.portal, async (request) => {
      const { club } = request;
      return { url: await openBillingPortal(deps, club.organizationId) };
    });
  };
}
