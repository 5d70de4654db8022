// The sessions' endpoints, served from their shared definitions (shared/contracts/sessions-endpoints.ts).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { membershipsEndpoints } from "../../../shared/contracts/memberships-endpoints.js";
import { sessionsEndpoints as endpoints } from "../../../shared/contracts/sessions-endpoints.js";
import { can } from "../../../shared/domain/capabilities.js";
import type { AppDeps } from "../../app-deps.js";
import { sharedVariant } from "../../platform/memo/shared-answers.js";
import { serve } from "../../platform/web/serve-endpoint.js";
import { accessRules, updateAccessRules } from "../clubs/service.js";
import { bringGuestWithCheckout } from "./guests.js";
import { registerHouseholdTogether } from "./household-places.js";
import { publishedDraw } from "./lottery.js";
import { releaseNoShows } from "./no-shows.js";
import { registerWithCheckout } from "./payments.js";
import { planCodesOf } from "./plan-codes.js";
import { createSessions, updateSession } from "./scheduling.js";
import { everySessionOf, getSessionWithList, sessionPage, toSession } from "./session-reads.js";
import { attendance } from "./strikes.js";

export function sessionRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps.database;

  return async (app) => {
    serve(app, endpoints.list, async (request) => {
      const { club } = request;
      const { scope, limit, after } = request.query;
      if (scope !== "all") return sessionPage(db, scope, club.organizationId, deps.now(), { limit, after });
      return { sessions: await everySessionOf(db, club.organizationId, deps.now()), next: null };
    });

    serve(app, endpoints.create, async (request) => {
      const { club } = request;
      return { sessions: await createSessions(deps, club.organizationId, club.userId, request.body) };
    });

    serve(app, endpoints.details, async (request) => {
      const { club } = request;
      const kept = await getSessionWithList(db, club.organizationId, request.params.sessionId);
      const { registrations, ...row } = kept;
      const manager = can(club.role, "sessions.manage");
      const mine = registrations.find((r) => r.userId === club.userId) ?? null;
      const codes = manager ? await planCodesOf(db, club.organizationId, registrations, deps.now()) : null;
      const answer = () => ({
        session: toSession(row.session, row),
        timeZone: row.timeZone,
        // Organizers see everyone; members see names on the list, as players at a club do.
        registrations,
        mine,
        checkInToken: manager ? row.session.checkInToken : null,
        guestRules: row.guestRules,
        planCodes: manager ? codes : null,
      });
      // A member without a place of their own sees the same page as the other members: made and
      // written once while the list is kept. Those who run the session read it fresh: its plan
      // codes follow dues, which move no stamp the kept list waits on.
      if (mine || manager) return answer();
      return sharedVariant(kept, "member", answer);
    });

    // Its definition is with the households' (memberships-endpoints.ts): the sessions' own stay
    // light for every page that reads them. One person or several, it is the same request.
    serve(app, membershipsEndpoints.registerHouseholdTogether, async (request) => {
      const { club } = request;
      const { sessionId } = request.params;
      return registerHouseholdTogether(
        deps,
        club.organizationId,
        sessionId,
        club.userId,
        request.body.userIds,
      );
    });

    serve(app, endpoints.releaseNoShows, async (request) => {
      const { club } = request;
      return releaseNoShows(deps, club.organizationId, request.params.sessionId, "organizer");
    });

    serve(app, endpoints.attendance, async (request) => {
      const { club } = request;
      return attendance(db, club.organizationId, deps.now());
    });

    serve(app, endpoints.draw, async (request) => {
      const { club } = request;
      return publishedDraw(db, club.organizationId, request.params.sessionId);
    });

    serve(app, endpoints.update, async (request) => {
      const { club } = request;
      return updateSession(deps, club.organizationId, request.params.sessionId, request.body);
    });

    serve(app, endpoints.bringGuest, async (request) => {
      const { club } = request;
      return bringGuestWithCheckout(
        deps,
        club.organizationId,
        request.params.sessionId,
        club.userId,
        request.body,
      );
    });

    serve(app, endpoints.accessRules, async (request) => {
      const { club } = request;
      return accessRules(db, club.organizationId);
    });

    serve(app, endpoints.updateAccessRules, async (request) => {
      const { club } = request;
      return updateAccessRules(db, club.organizationId, request.body, deps.now());
    });

    serve(app, endpoints.register, async (request) => {
      const { club } = request;
      return registerWithCheckout(deps, club.organizationId, request.params.sessionId, club.userId);
    });
  };
}
