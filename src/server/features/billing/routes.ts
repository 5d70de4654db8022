import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { subscriptionCheck } from "../../../shared/contracts/billing.js";
import { orgParams } from "../../../shared/contracts/common.js";
import type { AppDeps } from "../../app-deps.js";
import { requireUser } from "../../platform/auth/current-user.js";
import { getOrganization } from "../clubs/service.js";
import { requireMember } from "../members/policy.js";
import { checkSubscription } from "./subscription.js";

export function billingRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps.database;
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
        const user = await requireUser(deps.auth, request);
        const access = await requireMember(db, request.params.orgId, user.id);
        return checkSubscription(await getOrganization(db, access.organizationId), deps.now());
      },
    );
  };
}
