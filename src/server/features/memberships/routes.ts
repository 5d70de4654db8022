// Membership plans and dues, served from their shared definitions
// (shared/contracts/memberships-endpoints.ts).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { membershipsEndpoints as endpoints } from "../../../shared/contracts/memberships-endpoints.js";
import type { AppDeps } from "../../app-deps.js";
import { addressKey, consume } from "../../platform/auth/rate-limit.js";
import { withEffects } from "../../platform/jobs/outbox.js";
import { serve } from "../../platform/web/serve-endpoint.js";
import {
  buyPlan,
  memberDuesHistory,
  myMembership,
  openDuesPortal,
  playSandboxRenewal,
  setCancellation,
} from "./dues.js";
import { acceptHousehold, addChild, inviteAdult, readHousehold, removeFromHousehold } from "./households.js";
import { joinWithPlan } from "./joining.js";
import { createPlan, listPlans, retirePlan, updatePlan } from "./plans.js";
import { retiredPlanEffects } from "./retired-plans.js";
import { readRoster, rosterCsv } from "./roster.js";
import { sendSeasonLink } from "./season-links.js";

export function membershipsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = deps.database;

    serve(app, endpoints.plans, async (request) => ({
      plans: await listPlans(db, request.club.organizationId, deps.now()),
    }));

    serve(app, endpoints.createPlan, async (request) =>
      createPlan(db, request.club.organizationId, request.body),
    );

    serve(app, endpoints.updatePlan, async (request) =>
      db.transaction((tx) =>
        updatePlan(tx, request.club.organizationId, request.params.planId, request.body, deps.now()),
      ),
    );

    serve(app, endpoints.retirePlan, async (request) => {
      const { organizationId } = request.club;
      await withEffects(deps, async (tx, effects) => {
        const familyId = await retirePlan(tx, organizationId, request.params.planId, deps.now());
        effects.push(...retiredPlanEffects(deps, { organizationId, familyId }));
      });
    });

    serve(app, endpoints.sendSeasonLink, async (request) =>
      sendSeasonLink(deps, request.club.organizationId, request.params.planId),
    );

    serve(app, endpoints.roster, async (request) => ({
      members: await readRoster(db, request.club.organizationId, request.query.status, deps.now()),
    }));

    serve(app, endpoints.rosterCsv, async (request, reply) => {
      const { status } = request.query;
      reply.header("content-disposition", `attachment; filename="membership-${status ?? "all"}.csv"`);
      return rosterCsv(await readRoster(db, request.club.organizationId, status, deps.now()));
    });

    serve(app, endpoints.memberDues, async (request) => ({
      history: await memberDuesHistory(db, request.club.organizationId, request.params.userId),
    }));

    serve(app, endpoints.mine, async (request) =>
      myMembership(deps, db, request.club.organizationId, request.club.userId, deps.now()),
    );

    serve(app, endpoints.buy, async (request) =>
      buyPlan(deps, request.club.organizationId, request.club.userId, request.body.planId),
    );

    serve(app, endpoints.joinWithPlan, async (request) => {
      const { user } = request;
      // Each try may open a checkout at the provider: a cap per person and per address.
      await consume(db, [
        { key: `join-with-plan:user:${user.id}`, max: 10, windowSeconds: 60 * 60 },
        { key: `join-with-plan:ip:${addressKey(request.ip)}`, max: 30, windowSeconds: 60 * 60 },
      ]);
      return joinWithPlan(deps, request.params.slug, user.id, request.params.planId);
    });

    serve(app, endpoints.cancel, async (request) =>
      setCancellation(deps, request.club.organizationId, request.club.userId, true),
    );

    serve(app, endpoints.resume, async (request) =>
      setCancellation(deps, request.club.organizationId, request.club.userId, false),
    );

    serve(app, endpoints.portal, async (request) =>
      openDuesPortal(deps, request.club.organizationId, request.club.userId),
    );

    serve(app, endpoints.household, async (request) =>
      readHousehold(db, request.club.organizationId, request.club.userId),
    );

    serve(app, endpoints.addChild, async (request) =>
      addChild(deps, request.club.organizationId, request.club.userId, request.body),
    );

    serve(app, endpoints.addAdult, async (request) =>
      inviteAdult(deps, request.club.organizationId, request.club.userId, request.body.email),
    );

    serve(app, endpoints.acceptHousehold, async (request) =>
      acceptHousehold(db, request.club.organizationId, request.club.userId, deps.now()),
    );

    serve(app, endpoints.removeFromHousehold, async (request) =>
      removeFromHousehold(db, request.club.organizationId, request.club.userId, request.params.memberId),
    );

    serve(app, endpoints.sandboxRenewal, async (request) =>
      playSandboxRenewal(deps, request.club.organizationId, request.club.userId, request.body.outcome),
    );
  };
}
