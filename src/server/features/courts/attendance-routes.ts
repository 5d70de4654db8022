// The session routes that change who is in line: starting and ending a session, check-ins,
// walk-ins and a cancelled place. Their paths are the sessions' own; they live here because
// each calls a use case that owns the queue's part too (attendance.ts, start-session.ts).
// Served from their shared definitions (shared/contracts/sessions-endpoints.ts).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sessionsEndpoints as endpoints } from "../../../shared/contracts/sessions-endpoints.js";
import { can } from "../../../shared/domain/capabilities.js";
import type { AppDeps } from "../../app-deps.js";
import { AppError } from "../../platform/errors/app-error.js";
import { serve } from "../../platform/web/serve-endpoint.js";
import { actingFor, refundMessage } from "../sessions/service.js";
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
  return async (app) => {
    serve(app, endpoints.start, async (request) => {
      const { club } = request;
      await startSession(deps, club.organizationId, request.params.sessionId);
    });

    for (const [definition, action] of [
      [endpoints.complete, "complete"],
      [endpoints.cancel, "cancel"],
    ] as const) {
      serve(app, definition, async (request) => {
        const { club } = request;
        await endSession(deps, club.organizationId, request.params.sessionId, action);
      });
    }

    serve(app, endpoints.openPlay, async (request) => {
      const { club } = request;
      const anyway = request.body?.anyway ?? false;
      return { session: await startOpenPlayNow(deps, club.organizationId, club.userId, anyway) };
    });

    serve(app, endpoints.cancelRegistration, async (request) => {
      const { club } = request;
      const { sessionId, registrationId } = request.params;
      const mayManage = can(club.role, "sessions.manage");
      const cancelAs = (userId: string) =>
        cancelPlace(deps, { ...club, userId, mayManage }, sessionId, registrationId);
      let refund: Awaited<ReturnType<typeof cancelAs>>;
      try {
        refund = await cancelAs(club.userId);
      } catch (error) {
        // Not their own place: a household's payer gives up the place of anyone in it as that
        // person would. Looked for only then, so giving up one's own place stays one statement.
        const notTheirs = !mayManage && error instanceof AppError && error.code === "NOT_FOUND";
        const forWhom = notTheirs
          ? await actingFor(deps.database.db, club.organizationId, club.userId, registrationId)
          : club.userId;
        if (forWhom === club.userId) throw error;
        refund = await cancelAs(forWhom);
      }
      return {
        refund: refund && {
          amount: refund.amount,
          refunded: refund.refunded,
          message: refundMessage(refund),
        },
      };
    });

    for (const [definition, checkedIn] of [
      [endpoints.checkIn, true],
      [endpoints.undoCheckIn, false],
    ] as const) {
      serve(app, definition, async (request) => {
        const { sessionId, registrationId } = request.params;
        await checkInAndQueue(deps, request.club, sessionId, registrationId, checkedIn);
      });
    }

    serve(app, endpoints.walkIn, async (request) => {
      const { club } = request;
      await walkInAndQueue(deps, club, request.params.sessionId, request.body);
      return { ok: true as const };
    });

    serve(app, endpoints.bulkCheckIn, async (request) => {
      const { club } = request;
      return walkInsAndQueue(deps, club, request.params.sessionId, request.body);
    });

    serve(app, endpoints.selfCheckIn, async (request) => {
      const { club } = request;
      return selfCheckInAndQueue(deps, club, request.params.sessionId, request.body.token);
    });
  };
}
