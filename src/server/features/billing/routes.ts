import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { subscriptionCheck } from "../../../shared/contracts/billing.js";
import { orgParams } from "../../../shared/contracts/common.js";
import type { AppDeps } from "../../app-deps.js";
import { getOrganization } from "../clubs/service.js";
import { clubAccess } from "../members/club-access.js";
import { checkSubscription } from "./subscription.js";

export function billingRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  const access = clubAccess(deps);
  return async (app) => {
    app.get(
      "/api/orgs/:orgId/subscription",
      {
        schema: {
          tags: ["billing"],
          summary: "Check the club's subscription (SPEC check-subscription)",
          params: orgParams,
          response: { 200: subscriptionCheck },
        },
      },
      async (request) => {
        const club = await access(request, request.params.orgId, "club.view");
        return checkSubscription(await getOrganization(db, club.organizationId), deps.now());
      },
    );
  };
}
