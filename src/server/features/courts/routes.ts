// The court board's endpoints, served from their shared definitions
// (shared/contracts/board-endpoints.ts). Each change answers the board's new version.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { gameResult } from "../../../shared/contracts/board.js";
import { boardEndpoints as endpoints } from "../../../shared/contracts/board-endpoints.js";
import { can } from "../../../shared/domain/capabilities.js";
import type { AppDeps } from "../../app-deps.js";
import { serve } from "../../platform/web/serve-endpoint.js";
import { myAction, myLeavingTime, playerAction, updateSettings } from "./actions.js";
import { forgetBoardsOnNotice } from "./board-cache.js";
import { requireActiveSession } from "./board-store.js";
import { boardView } from "./board-view.js";
import { callNextGroupInstead, cancelGame, fillEveryCourt, setCourtAvailability } from "./court-actions.js";
import { fairnessReport } from "./report.js";
import { recordScore, undoScore } from "./score-actions.js";

export function courtRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  return async (app) => {
    const stopForgetting = forgetBoardsOnNotice(db, deps.realtime);
    app.addHook("onClose", async () => stopForgetting());
    serve(app, endpoints.board, async (request) => {
      const member = request.club;
      return boardView(
        db,
        member.organizationId,
        { userId: member.userId, canManage: can(member.role, "sessions.manage") },
        deps.config.appUrl,
        () => deps.now().getTime(),
      );
    });

    serve(app, endpoints.fill, async (request) => {
      const member = request.club;
      return { version: await fillEveryCourt(deps, member.organizationId) };
    });

    serve(app, endpoints.score, async (request) => {
      const member = request.club;
      return {
        version: await recordScore(
          deps,
          member.organizationId,
          request.params.gameId,
          gameResult(request.body),
        ),
      };
    });

    serve(app, endpoints.undoScore, async (request) => {
      const member = request.club;
      return { version: await undoScore(deps, member.organizationId, request.params.gameId) };
    });

    serve(app, endpoints.cancelGame, async (request) => {
      const member = request.club;
      return { version: await cancelGame(deps, member.organizationId, request.params.gameId) };
    });

    serve(app, endpoints.nextGroup, async (request) => {
      const member = request.club;
      return { version: await callNextGroupInstead(deps, member.organizationId, request.params.gameId) };
    });

    serve(app, endpoints.player, async (request) => {
      const member = request.club;
      return {
        version: await playerAction(
          deps,
          member.organizationId,
          request.params.registrationId,
          request.body.action,
        ),
      };
    });

    serve(app, endpoints.me, async (request) => {
      const member = request.club;
      const { action } = request.body;
      const version = await myAction(deps, member.organizationId, member.userId, action);
      if (action !== "skip") return { version };
      // Still called after the skip: too few others were ready to make the next group.
      const after = await boardView(
        db,
        member.organizationId,
        { userId: member.userId, canManage: false },
        deps.config.appUrl,
        () => deps.now().getTime(),
      );
      const state = after.me?.state;
      return { version, neededNext: state === "up-next" || state === "playing" };
    });

    serve(app, endpoints.myLeaving, async (request) => {
      const member = request.club;
      const { leavesAt } = request.body;
      const version = await myLeavingTime(
        deps,
        member.organizationId,
        member.userId,
        leavesAt === null ? null : new Date(leavesAt),
      );
      return { version };
    });

    serve(app, endpoints.court, async (request) => {
      const member = request.club;
      return {
        version: await setCourtAvailability(
          deps,
          member.organizationId,
          request.params.courtId,
          request.body,
        ),
      };
    });

    serve(app, endpoints.settings, async (request) => {
      const member = request.club;
      return { version: await updateSettings(deps, member.organizationId, request.body) };
    });

    serve(app, endpoints.report, async (request) => {
      const member = request.club;
      const session = await requireActiveSession(db, member.organizationId);
      return fairnessReport(db, member.organizationId, session.id);
    });
  };
}
