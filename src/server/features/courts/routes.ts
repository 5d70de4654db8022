import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  boardCourtParams,
  boardParams,
  boardSettingsBody,
  boardView as boardViewSchema,
  courtAvailabilityBody,
  fairnessReport as fairnessReportSchema,
  gameParams,
  gameResult,
  myActionBody,
  myLeavingBody,
  playerActionBody,
  playerParams,
  scoreBody,
} from "../../../shared/contracts/board.js";
import { can } from "../../../shared/domain/capabilities.js";
import type { AppDeps } from "../../app-deps.js";
import { clubAccess } from "../members/service.js";
import { myAction, myLeavingTime, playerAction, recordScore, undoScore, updateSettings } from "./actions.js";
import { forgetBoardsOnNotice } from "./board-cache.js";
import { requireActiveSession } from "./board-store.js";
import { boardView } from "./board-view.js";
import { callNextGroupInstead, cancelGame, fillEveryCourt, setCourtAvailability } from "./court-actions.js";
import { fairnessReport } from "./report.js";

const versionResponse = { 200: z.object({ version: z.number().int() }) };

export function courtRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  const access = clubAccess(deps);
  const tags = ["court board"];
  return async (app) => {
    const stopForgetting = forgetBoardsOnNotice(db, deps.realtime);
    app.addHook("onClose", async () => stopForgetting());
    app.get(
      "/api/orgs/:orgId/board",
      {
        schema: {
          tags,
          summary: "The live court board of the club's active session",
          params: boardParams,
          response: { 200: boardViewSchema },
        },
      },
      async (request) => {
        const member = await access(request, request.params.orgId, "club.view");
        return boardView(
          db,
          member.organizationId,
          { userId: member.userId, canManage: can(member.role, "sessions.manage") },
          deps.config.appUrl,
          () => deps.now().getTime(),
        );
      },
    );

    app.post(
      "/api/orgs/:orgId/board/fill",
      {
        schema: {
          errors: ["NO_ACTIVE_SESSION"],
          tags,
          summary: "Put the next groups on every free court, those kept free too",
          params: boardParams,
          response: versionResponse,
        },
      },
      async (request) => {
        const member = await access(request, request.params.orgId, "sessions.manage");
        return { version: await fillEveryCourt(deps, member.organizationId) };
      },
    );

    app.post(
      "/api/orgs/:orgId/board/games/:gameId/score",
      {
        schema: {
          errors: ["NO_ACTIVE_SESSION"],
          tags,
          summary: "Record a finished game's score; the court gets the next group",
          params: gameParams,
          body: scoreBody,
          response: versionResponse,
        },
      },
      async (request) => {
        const member = await access(request, request.params.orgId, "sessions.manage");
        return {
          version: await recordScore(
            deps,
            member.organizationId,
            request.params.gameId,
            gameResult(request.body),
          ),
        };
      },
    );

    app.post(
      "/api/orgs/:orgId/board/games/:gameId/undo",
      {
        schema: {
          errors: ["NO_ACTIVE_SESSION", "UNDO_TOO_LATE"],
          tags,
          summary:
            "Take back a score recorded moments ago: the game is on court again and the group called after it back in line",
          params: gameParams,
          response: versionResponse,
        },
      },
      async (request) => {
        const member = await access(request, request.params.orgId, "sessions.manage");
        return { version: await undoScore(deps, member.organizationId, request.params.gameId) };
      },
    );

    app.post(
      "/api/orgs/:orgId/board/games/:gameId/cancel",
      {
        schema: {
          errors: ["NO_ACTIVE_SESSION"],
          tags,
          summary:
            "Take a game off court without a result: its players go to the front, the court stays free",
          params: gameParams,
          response: versionResponse,
        },
      },
      async (request) => {
        const member = await access(request, request.params.orgId, "sessions.manage");
        return { version: await cancelGame(deps, member.organizationId, request.params.gameId) };
      },
    );

    app.post(
      "/api/orgs/:orgId/board/games/:gameId/next-group",
      {
        schema: {
          errors: ["NO_ACTIVE_SESSION", "ALL_ANSWERED", "NOT_YET"],
          tags,
          summary:
            "A called group not all there: those who did not answer go on a break, and the court takes the next group",
          params: gameParams,
          response: versionResponse,
        },
      },
      async (request) => {
        const member = await access(request, request.params.orgId, "sessions.manage");
        return { version: await callNextGroupInstead(deps, member.organizationId, request.params.gameId) };
      },
    );

    app.post(
      "/api/orgs/:orgId/board/players/:registrationId",
      {
        schema: {
          errors: ["NO_ACTIVE_SESSION", "ON_COURT", "BYE_TOO_LATE"],
          tags,
          summary: "Break, return, skip, move to the front, or remove a player",
          params: playerParams,
          body: playerActionBody,
          response: versionResponse,
        },
      },
      async (request) => {
        const member = await access(request, request.params.orgId, "sessions.manage");
        return {
          version: await playerAction(
            deps,
            member.organizationId,
            request.params.registrationId,
            request.body.action,
          ),
        };
      },
    );

    app.post(
      "/api/orgs/:orgId/board/me",
      {
        schema: {
          errors: ["NO_ACTIVE_SESSION", "ON_COURT", "NOT_CALLED", "BYE_TOO_LATE"],
          tags,
          summary:
            'A checked-in player, from their own phone: a break or a return, a skip to the back of the line, or "on my way" to a call',
          params: boardParams,
          body: myActionBody,
          response: versionResponse,
        },
      },
      async (request) => {
        const member = await access(request, request.params.orgId, "club.view");
        return { version: await myAction(deps, member.organizationId, member.userId, request.body.action) };
      },
    );

    app.put(
      "/api/orgs/:orgId/board/me/leaving",
      {
        schema: {
          errors: ["NO_ACTIVE_SESSION"],
          tags,
          summary:
            "A checked-in player says when they will leave tonight (null clears it): from then on they are not put on a court",
          params: boardParams,
          body: myLeavingBody,
          response: versionResponse,
        },
      },
      async (request) => {
        const member = await access(request, request.params.orgId, "club.view");
        const { leavesAt } = request.body;
        const version = await myLeavingTime(
          deps,
          member.organizationId,
          member.userId,
          leavesAt === null ? null : new Date(leavesAt),
        );
        return { version };
      },
    );

    app.put(
      "/api/orgs/:orgId/board/courts/:courtId",
      {
        schema: {
          errors: ["NO_ACTIVE_SESSION", "COURT_IN_USE"],
          tags,
          summary: "Take a court out of play (ending its game when told to), or back into play",
          params: boardCourtParams,
          body: courtAvailabilityBody,
          response: versionResponse,
        },
      },
      async (request) => {
        const member = await access(request, request.params.orgId, "sessions.manage");
        return {
          version: await setCourtAvailability(
            deps,
            member.organizationId,
            request.params.courtId,
            request.body,
          ),
        };
      },
    );

    app.put(
      "/api/orgs/:orgId/board/settings",
      {
        schema: {
          errors: ["NO_ACTIVE_SESSION"],
          tags,
          summary: "Rotation mode",
          params: boardParams,
          body: boardSettingsBody,
          response: versionResponse,
        },
      },
      async (request) => {
        const member = await access(request, request.params.orgId, "sessions.manage");
        return { version: await updateSettings(deps, member.organizationId, request.body) };
      },
    );

    app.get(
      "/api/orgs/:orgId/board/report",
      {
        schema: {
          errors: ["NO_ACTIVE_SESSION"],
          tags,
          summary: "The active session's fairness report",
          params: boardParams,
          response: { 200: fairnessReportSchema },
        },
      },
      async (request) => {
        const member = await access(request, request.params.orgId, "sessions.manage");
        const session = await requireActiveSession(db, member.organizationId);
        return fairnessReport(db, member.organizationId, session.id);
      },
    );
  };
}
