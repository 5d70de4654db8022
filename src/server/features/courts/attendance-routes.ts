// The session routes that change who is in line: starting and ending a session, check-ins,
// walk-ins and a cancelled place. Their paths are the sessions' own; they live here because
// each calls a use case that owns the queue's part too (attendance.ts, start-session.ts).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { orgParams } from "../../../shared/contracts/common.js";
import {
  bulkCheckInBody,
  bulkCheckInResponse,
  cancelRegistrationResponse,
  checkInBody,
  registrationParams,
  session,
  sessionParams,
  walkInBody,
} from "../../../shared/contracts/sessions.js";
import { can } from "../../../shared/domain/capabilities.js";
import type { AppDeps } from "../../app-deps.js";
import { clubAccess } from "../members/service.js";
import { refundMessage } from "../sessions/service.js";
import {
  cancelPlace,
  checkInAndQueue,
  endSession,
  selfCheckInAndQueue,
  walkInAndQueue,
  walkInsAndQueue,
} from "./attendance.js";
import { startOpenPlayNow, startSession } from "./start-session.js";

export function attendanceRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const access = clubAccess(deps);
  const tags = ["sessions"];

  return async (app) => {
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
          await endSession(deps, club.organizationId, request.params.sessionId, action);
          return reply.status(204).send();
        },
      );
    }

    app.post(
      "/api/orgs/:orgId/sessions/open-play",
      {
        schema: {
          tags,
          errors: ["INVALID_TRANSITION", "UPGRADE_REQUIRED"],
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

    app.delete(
      "/api/orgs/:orgId/sessions/:sessionId/registrations/:registrationId",
      {
        schema: {
          tags,
          errors: ["INVALID_TRANSITION"],
          summary:
            "Cancel a registration (your own; organizers: anyone's); a paid place is refunded before the cut-off",
          params: registrationParams,
          response: { 200: cancelRegistrationResponse },
        },
      },
      async (request) => {
        const club = await access(request, request.params.orgId, "club.view");
        const { sessionId, registrationId } = request.params;
        const mayManage = can(club.role, "sessions.manage");
        const refund = await cancelPlace(deps, { ...club, mayManage }, sessionId, registrationId);
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
          await checkInAndQueue(deps, club, params.sessionId, params.registrationId, checkedIn);
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
        await walkInAndQueue(deps, club, request.params.sessionId, request.body);
        return reply.status(201).send({ ok: true });
      },
    );

    app.post(
      "/api/orgs/:orgId/sessions/:sessionId/check-ins/bulk",
      {
        schema: {
          tags,
          errors: ["SESSION_CLOSED", "CHECK_IN_NOT_OPEN", "CHECK_IN_REFUSED", "SESSION_FULL"],
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
        const checkedIn = await walkInsAndQueue(deps, club, sessionId, request.body);
        return reply.status(201).send({ checkedIn });
      },
    );

    app.post(
      "/api/orgs/:orgId/sessions/:sessionId/self-check-in",
      {
        schema: {
          tags,
          errors: ["NOT_ACTIVE", "NOT_REGISTERED", "PAYMENT_PENDING", "SESSION_FULL", "WAITLISTED"],
          summary: "Check yourself in with the session's link",
          params: sessionParams,
          body: checkInBody,
        },
      },
      async (request, reply) => {
        const club = await access(request, request.params.orgId, "club.view");
        await selfCheckInAndQueue(deps, club, request.params.sessionId, request.body.token);
        return reply.status(204).send();
      },
    );
  };
}
