import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { orgParams } from "../../../shared/contracts/common.js";
import {
  createSessionBody,
  registerResponse,
  session,
  sessionDetails,
  sessionParams,
  updateSessionBody,
} from "../../../shared/contracts/sessions.js";
import { can } from "../../../shared/domain/capabilities.js";
import type { AppDeps } from "../../app-deps.js";
import { clubAccess } from "../members/service.js";
import { registerWithCheckout } from "./payments.js";
import { createSessions, updateSession } from "./scheduling.js";
import { getSessionWithList, listSessions, toSession } from "./session-reads.js";

export function sessionRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  const access = clubAccess(deps);
  const tags = ["sessions"];

  return async (app) => {
    app.get(
      "/api/orgs/:orgId/sessions",
      {
        schema: {
          tags,
          summary:
            "Upcoming sessions (scheduled and not yet ended, or active); ?scope=past for those over (newest first), ?scope=all for every session",
          params: orgParams,
          querystring: z.object({ scope: z.enum(["upcoming", "past", "all"]).default("upcoming") }),
          response: { 200: z.object({ sessions: z.array(session) }) },
        },
      },
      async (request) => {
        const club = await access(request, request.params.orgId, "club.view");
        return { sessions: await listSessions(db, club.organizationId, deps.now(), request.query.scope) };
      },
    );

    app.post(
      "/api/orgs/:orgId/sessions",
      {
        schema: {
          errors: ["UPGRADE_REQUIRED"],
          tags,
          summary: "Create a session, or a weekly series of them",
          params: orgParams,
          body: createSessionBody,
          response: { 201: z.object({ sessions: z.array(session) }) },
        },
      },
      async (request, reply) => {
        const club = await access(request, request.params.orgId, "sessions.manage");
        const created = await createSessions(deps, club.organizationId, club.userId, request.body);
        return reply.status(201).send({ sessions: created });
      },
    );

    app.get(
      "/api/orgs/:orgId/sessions/:sessionId",
      { schema: { summary: "One session", tags, params: sessionParams, response: { 200: sessionDetails } } },
      async (request) => {
        const club = await access(request, request.params.orgId, "club.view");
        const { registrations, ...row } = await getSessionWithList(
          db,
          club.organizationId,
          request.params.sessionId,
        );
        const manager = can(club.role, "sessions.manage");
        return {
          session: toSession(row.session, row),
          timeZone: row.timeZone,
          // Organizers see everyone; members see names on the list, as players at a club do.
          registrations,
          mine: registrations.find((r) => r.userId === club.userId) ?? null,
          checkInToken: manager ? row.session.checkInToken : null,
        };
      },
    );

    app.put(
      "/api/orgs/:orgId/sessions/:sessionId",
      {
        schema: {
          summary: "Change a session",
          errors: ["SESSION_CLOSED", "CAPACITY_BELOW_REGISTERED", "PAYMENT_LOCKED", "UPGRADE_REQUIRED"],
          tags,
          params: sessionParams,
          body: updateSessionBody,
          response: { 200: session },
        },
      },
      async (request) => {
        const club = await access(request, request.params.orgId, "sessions.manage");
        return updateSession(deps, club.organizationId, request.params.sessionId, request.body);
      },
    );

    app.post(
      "/api/orgs/:orgId/sessions/:sessionId/registrations",
      {
        schema: {
          errors: ["SESSION_CLOSED", "PAYMENTS_NOT_READY"],
          tags,
          summary: "Register yourself: a place, a held place until payment, or the waitlist",
          params: sessionParams,
          response: { 201: registerResponse },
        },
      },
      async (request, reply) => {
        const club = await access(request, request.params.orgId, "club.view");
        const { sessionId } = request.params;
        return reply
          .status(201)
          .send(await registerWithCheckout(deps, club.organizationId, sessionId, club.userId));
      },
    );
  };
}
