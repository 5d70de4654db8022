import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { orgParams } from "../../../shared/contracts/common.js";
import {
  bulkCheckInBody,
  bulkCheckInResponse,
  cancelRegistrationResponse,
  checkInBody,
  createSessionBody,
  registerResponse,
  registrationParams,
  session,
  sessionDetails,
  sessionParams,
  updateSessionBody,
  walkInBody,
} from "../../../shared/contracts/sessions.js";
import { can } from "../../../shared/domain/capabilities.js";
import type { AppDeps } from "../../app-deps.js";
import { announceBoardClosed, refreshQueue } from "../courts/service.js";
import { clubAccess } from "../members/service.js";
import { addWalkIn, addWalkIns, selfCheckIn, setCheckedIn } from "./check-in.js";
import { refundMessage } from "./notices.js";
import { checkoutFor } from "./payments.js";
import { cancelRegistration, register } from "./registrations.js";
import {
  createSessions,
  getSessionWithList,
  listSessions,
  toSession,
  transition,
  updateSession,
} from "./service.js";
import { startOpenPlayNow, startSession } from "./start-session.js";

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
      "/api/orgs/:orgId/sessions/:sessionId/start",
      {
        schema: {
          errors: ["INVALID_TRANSITION", "UPGRADE_REQUIRED"],
          tags,
          summary: "start the session",
          params: sessionParams,
        },
      },
      async (request, reply) => {
        const club = await access(request, request.params.orgId, "sessions.manage");
        await startSession(deps, club.organizationId, request.params.sessionId);
        return reply.status(204).send();
      },
    );

    for (const action of ["complete", "cancel"] as const) {
      app.post(
        `/api/orgs/:orgId/sessions/:sessionId/${action}`,
        { schema: { tags, summary: `${action} the session`, params: sessionParams } },
        async (request, reply) => {
          const club = await access(request, request.params.orgId, "sessions.manage");
          await transition(deps, club.organizationId, request.params.sessionId, action);
          await announceBoardClosed(deps, club.organizationId, request.params.sessionId);
          return reply.status(204).send();
        },
      );
    }

    app.post(
      "/api/orgs/:orgId/sessions/open-play",
      {
        schema: {
          errors: ["INVALID_TRANSITION", "UPGRADE_REQUIRED"],
          tags,
          summary: "Start open play now: a session from this minute, started at once",
          params: orgParams,
          response: { 201: z.object({ session }) },
        },
      },
      async (request, reply) => {
        const club = await access(request, request.params.orgId, "sessions.manage");
        return reply
          .status(201)
          .send({ session: await startOpenPlayNow(deps, club.organizationId, club.userId) });
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
        const result = await register(deps, club.organizationId, request.params.sessionId, club.userId);
        // The provider's checkout is opened once the place is held and committed.
        const checkoutUrl = result.paymentId ? await checkoutFor(deps, result.paymentId) : null;
        return reply.status(201).send({ registration: result.listed, checkoutUrl });
      },
    );

    app.delete(
      "/api/orgs/:orgId/sessions/:sessionId/registrations/:registrationId",
      {
        schema: {
          errors: ["INVALID_TRANSITION"],
          tags,
          summary:
            "Cancel a registration (your own; organizers: anyone's); a paid place is refunded before the cut-off",
          params: registrationParams,
          response: { 200: cancelRegistrationResponse },
        },
      },
      async (request) => {
        const club = await access(request, request.params.orgId, "club.view");
        const { sessionId, registrationId } = request.params;
        const { refund, sessionActive } = await cancelRegistration(
          deps,
          club.organizationId,
          sessionId,
          registrationId,
          { userId: club.userId, mayManage: can(club.role, "sessions.manage") },
        );
        if (sessionActive) await refreshQueue(deps, club.organizationId, sessionId);
        return {
          refund: refund && {
            amount: refund.amount,
            refunded: refund.refunded,
            message: refundMessage(refund),
          },
        };
      },
    );

    for (const [method, checkedIn] of [
      ["POST", true],
      ["DELETE", false],
    ] as const) {
      app.route({
        method,
        url: "/api/orgs/:orgId/sessions/:sessionId/registrations/:registrationId/check-in",
        schema: {
          tags,
          summary: checkedIn ? "Check a player in" : "Undo a check-in",
          params: registrationParams,
        },
        handler: async (request, reply) => {
          const params = registrationParams.parse(request.params);
          const club = await access(request, params.orgId, "sessions.manage");
          await setCheckedIn(
            db,
            club.organizationId,
            params.sessionId,
            params.registrationId,
            checkedIn,
            deps.now(),
          );
          await refreshQueue(deps, club.organizationId, params.sessionId);
          return reply.status(204).send();
        },
      });
    }

    app.post(
      "/api/orgs/:orgId/sessions/:sessionId/walk-ins",
      {
        schema: {
          errors: ["SESSION_CLOSED", "CHECK_IN_NOT_OPEN", "SESSION_FULL"],
          response: { 201: z.object({ ok: z.literal(true) }) },
          tags,
          summary: "Add a walk-in, checked in",
          params: sessionParams,
          body: walkInBody,
        },
      },
      async (request, reply) => {
        const club = await access(request, request.params.orgId, "sessions.manage");
        await addWalkIn(db, club.organizationId, request.params.sessionId, request.body, deps.now());
        await refreshQueue(deps, club.organizationId, request.params.sessionId);
        return reply.status(201).send({ ok: true });
      },
    );

    app.post(
      "/api/orgs/:orgId/sessions/:sessionId/check-ins/bulk",
      {
        schema: {
          errors: ["SESSION_CLOSED", "CHECK_IN_NOT_OPEN", "CHECK_IN_REFUSED", "SESSION_FULL"],
          tags,
          summary:
            "Check in many walk-ins at once, guests by name and members by id: all of them, or none with every problem named",
          params: sessionParams,
          body: bulkCheckInBody,
          response: { 201: bulkCheckInResponse },
        },
      },
      async (request, reply) => {
        const club = await access(request, request.params.orgId, "sessions.manage");
        const { sessionId } = request.params;
        const checkedIn = await addWalkIns(db, club.organizationId, sessionId, request.body, deps.now());
        await refreshQueue(deps, club.organizationId, sessionId);
        return reply.status(201).send({ checkedIn });
      },
    );

    app.post(
      "/api/orgs/:orgId/sessions/:sessionId/self-check-in",
      {
        schema: {
          errors: ["NOT_ACTIVE", "NOT_REGISTERED", "PAYMENT_PENDING", "SESSION_FULL", "WAITLISTED"],
          tags,
          summary: "Check yourself in with the session's link",
          params: sessionParams,
          body: checkInBody,
        },
      },
      async (request, reply) => {
        const club = await access(request, request.params.orgId, "club.view");
        await selfCheckIn(
          db,
          club.organizationId,
          request.params.sessionId,
          club.userId,
          request.body.token,
          deps.now(),
        );
        await refreshQueue(deps, club.organizationId, request.params.sessionId);
        return reply.status(204).send();
      },
    );
  };
}
