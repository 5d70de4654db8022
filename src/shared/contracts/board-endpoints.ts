// The court board's endpoints (endpoint.ts): the live board and the organizer's actions on it,
// the player's own actions from their phone, the TV display links, the night's record, and the
// dashboard that sums the club's day up from the board and its neighbours. Anyone in the club
// reads the board and acts on their own place; running it is for those who manage sessions;
// display links are for those who edit the club. The CSV downloads and the board's WebSocket
// are not JSON endpoints and are registered directly.
import { z } from "zod";
import {
  boardCourtParams,
  boardParams,
  boardSettingsBody,
  boardView,
  courtAvailabilityBody,
  displayToken,
  fairnessReport,
  gameParams,
  myActionAnswer,
  myActionBody,
  myLeavingBody,
  playerActionBody,
  playerParams,
  scoreBody,
} from "./board.js";
import { orgParams } from "./common.js";
import { dashboardView } from "./dashboard.js";
import { endpoint } from "./endpoint.js";
import { myNight, recordMonthQuery, sessionRecord } from "./session-record.js";
import { sessionParams } from "./sessions.js";

const tags = ["court board"];
const member = { club: "club.view" } as const;
const organizer = { club: "sessions.manage" } as const;
const admin = { club: "club.edit" } as const;

/** Every change to the board answers its new version, which the socket also announces. */
export const boardVersion = z.object({ version: z.number().int() });

export const boardEndpoints = {
  board: endpoint({
    method: "GET",
    path: "/api/orgs/:orgId/board",
    operationId: "getBoard",
    summary: "The live court board of the club's active session",
    tags,
    access: member,
    params: boardParams,
    success: { status: 200, body: boardView },
  }),
  fill: endpoint({
    method: "POST",
    path: "/api/orgs/:orgId/board/fill",
    operationId: "fillCourts",
    summary: "Put the next groups on every free court, those kept free too",
    tags,
    access: organizer,
    params: boardParams,
    success: { status: 200, body: boardVersion },
    // After the trial, filling courts asks for a plan.
    errors: ["NO_ACTIVE_SESSION", "UPGRADE_REQUIRED"],
  }),
  score: endpoint({
    method: "POST",
    path: "/api/orgs/:orgId/board/games/:gameId/score",
    operationId: "recordScore",
    summary: "Record a finished game's score; the court gets the next group",
    tags,
    access: organizer,
    params: gameParams,
    body: scoreBody,
    success: { status: 200, body: boardVersion },
    errors: ["NO_ACTIVE_SESSION"],
  }),
  undoScore: endpoint({
    method: "POST",
    path: "/api/orgs/:orgId/board/games/:gameId/undo",
    operationId: "undoScore",
    summary:
      "Take back a score recorded moments ago: the game is on court again and the group called after it back in line",
    tags,
    access: organizer,
    params: gameParams,
    success: { status: 200, body: boardVersion },
    errors: ["NO_ACTIVE_SESSION", "UNDO_TOO_LATE"],
  }),
  cancelGame: endpoint({
    method: "POST",
    path: "/api/orgs/:orgId/board/games/:gameId/cancel",
    operationId: "cancelGame",
    summary: "Take a game off court without a result: its players go to the front, the court stays free",
    tags,
    access: organizer,
    params: gameParams,
    success: { status: 200, body: boardVersion },
    errors: ["NO_ACTIVE_SESSION"],
  }),
  nextGroup: endpoint({
    method: "POST",
    path: "/api/orgs/:orgId/board/games/:gameId/next-group",
    operationId: "callNextGroup",
    summary:
      "A called group not all there: those who did not answer go on a break, and the court takes the next group",
    tags,
    access: organizer,
    params: gameParams,
    success: { status: 200, body: boardVersion },
    errors: ["NO_ACTIVE_SESSION", "ALL_ANSWERED", "NOT_YET"],
  }),
  player: endpoint({
    method: "POST",
    path: "/api/orgs/:orgId/board/players/:registrationId",
    operationId: "movePlayer",
    summary: "Break, return, skip, move to the front, or remove a player",
    tags,
    access: organizer,
    params: playerParams,
    body: playerActionBody,
    success: { status: 200, body: boardVersion },
    errors: ["NO_ACTIVE_SESSION", "ON_COURT", "BYE_TOO_LATE"],
  }),
  me: endpoint({
    method: "POST",
    path: "/api/orgs/:orgId/board/me",
    operationId: "changeMyPlace",
    summary:
      'A checked-in player, from their own phone: a break or a return, a skip to the back of the line, or "on my way" to a call',
    tags,
    access: member,
    params: boardParams,
    body: myActionBody,
    success: { status: 200, body: myActionAnswer },
    errors: ["NO_ACTIVE_SESSION", "ON_COURT", "NOT_CALLED", "BYE_TOO_LATE"],
  }),
  myLeaving: endpoint({
    method: "PUT",
    path: "/api/orgs/:orgId/board/me/leaving",
    operationId: "setMyLeavingTime",
    summary:
      "A checked-in player says when they will leave tonight (null clears it): from then on they are not put on a court",
    tags,
    access: member,
    params: boardParams,
    body: myLeavingBody,
    success: { status: 200, body: boardVersion },
    errors: ["NO_ACTIVE_SESSION"],
  }),
  court: endpoint({
    method: "PUT",
    path: "/api/orgs/:orgId/board/courts/:courtId",
    operationId: "setCourtAvailability",
    summary: "Take a court out of play (ending its game when told to), or back into play",
    tags,
    access: organizer,
    params: boardCourtParams,
    body: courtAvailabilityBody,
    success: { status: 200, body: boardVersion },
    errors: ["NO_ACTIVE_SESSION", "COURT_IN_USE"],
  }),
  settings: endpoint({
    method: "PUT",
    path: "/api/orgs/:orgId/board/settings",
    operationId: "updateBoardSettings",
    summary: "Rotation mode",
    tags,
    access: organizer,
    params: boardParams,
    body: boardSettingsBody,
    success: { status: 200, body: boardVersion },
    errors: ["NO_ACTIVE_SESSION"],
  }),
  report: endpoint({
    method: "GET",
    path: "/api/orgs/:orgId/board/report",
    operationId: "getFairnessReport",
    summary: "The active session's fairness report",
    tags,
    access: organizer,
    params: boardParams,
    success: { status: 200, body: fairnessReport },
    errors: ["NO_ACTIVE_SESSION"],
  }),
};

const displayTokenParams = z.object({ token: z.string().max(100) });

export const displayEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/orgs/:orgId/display-tokens",
    operationId: "listDisplayLinks",
    summary: "The club's TV display links",
    tags,
    access: admin,
    params: orgParams,
    success: { status: 200, body: z.object({ tokens: z.array(displayToken) }) },
  }),
  create: endpoint({
    method: "POST",
    path: "/api/orgs/:orgId/display-tokens",
    operationId: "createDisplayLink",
    summary: "A new TV display link",
    tags,
    access: admin,
    params: orgParams,
    success: { status: 201, body: displayToken },
  }),
  revoke: endpoint({
    method: "DELETE",
    path: "/api/orgs/:orgId/display-tokens/:token",
    operationId: "revokeDisplayLink",
    summary: "Revoke a TV display link",
    tags,
    access: admin,
    params: orgParams.extend(displayTokenParams.shape),
    success: { status: 204, body: null },
  }),
  board: endpoint({
    method: "GET",
    path: "/api/display/:token/board",
    operationId: "getDisplayBoard",
    summary: "The board, for a TV display link",
    tags,
    access: "public",
    params: displayTokenParams,
    success: { status: 200, body: boardView },
  }),
};

const csv = "text/csv; charset=utf-8";

/** The night's record: as JSON for the Past sessions view, and as CSV files for the books. */
export const recordEndpoints = {
  recordCsv: endpoint({
    method: "GET",
    path: "/api/orgs/:orgId/sessions/:sessionId/record.csv",
    operationId: "exportSessionRecord",
    summary: "The session's attendance and payments as CSV",
    tags: ["records"],
    access: organizer,
    params: sessionParams,
    success: { status: 200, body: null, file: csv },
  }),
  monthCsv: endpoint({
    method: "GET",
    path: "/api/orgs/:orgId/sessions/export.csv",
    operationId: "exportSessionsOfMonth",
    summary: "Attendance and payments of every session that started in a month (club time), as CSV",
    tags: ["records"],
    access: organizer,
    params: orgParams,
    query: recordMonthQuery,
    success: { status: 200, body: null, file: csv },
  }),
  record: endpoint({
    method: "GET",
    path: "/api/orgs/:orgId/sessions/:sessionId/record",
    operationId: "getSessionRecord",
    summary: "The session's record: attendance, payments, games and fairness report",
    tags: ["records"],
    access: organizer,
    params: sessionParams,
    success: { status: 200, body: sessionRecord },
  }),
  myNight: endpoint({
    method: "GET",
    path: "/api/orgs/:orgId/sessions/:sessionId/my-night",
    operationId: "getMyNight",
    summary: "The caller's own night in the session: games, partners, opponents, waits",
    tags: ["records"],
    access: member,
    params: sessionParams,
    success: { status: 200, body: myNight },
  }),
};

export const dashboardEndpoints = {
  dashboard: endpoint({
    method: "GET",
    path: "/api/orgs/:orgId/dashboard",
    operationId: "getDashboard",
    summary: "The club today: next sessions, the live board, latest results and movers, join requests",
    tags: ["dashboard"],
    access: member,
    params: orgParams,
    success: { status: 200, body: dashboardView },
  }),
};
