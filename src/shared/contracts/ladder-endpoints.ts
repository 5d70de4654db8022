// The ladder's endpoints (endpoint.ts): standings per format, matches (log, answer, decide,
// edit, delete) and a player's page. Anyone in the club reads and logs the matches they played;
// editing, deleting and deciding are for those who manage matches.
import { z } from "zod";
import { orgParams } from "./common.js";
import { endpoint } from "./endpoint.js";
import {
  decideBody,
  ladderPageQuery,
  ladderQuery,
  ladderView,
  matchBody,
  matchesQuery,
  matchPage,
  matchParams,
  matchView,
  playerParams,
  playerView,
} from "./ladder.js";

const tags = ["ladder"];
const member = { club: "club.view" } as const;
const manager = { club: "matches.manage" } as const;
const answer = (verb: "confirm" | "dispute") =>
  endpoint({
    method: "POST",
    path: `/api/orgs/:orgId/matches/:matchId/${verb}`,
    operationId: `${verb}Match`,
    summary: `${verb === "confirm" ? "Confirm" : "Dispute"} a match logged by the other side`,
    tags,
    access: member,
    params: matchParams,
    success: { status: 200, body: matchView },
    errors: ["MATCH_ANSWERED"],
  });

export const ladderEndpoints = {
  matchesCsv: endpoint({
    method: "GET",
    path: "/api/orgs/:orgId/ladder/matches.csv",
    operationId: "exportLadderMatches",
    summary: "The club's confirmed matches in one format as CSV, with each rating change and why",
    tags,
    access: member,
    params: orgParams,
    query: ladderQuery,
    success: { status: 200, body: null, file: "text/csv; charset=utf-8" },
  }),
  standings: endpoint({
    method: "GET",
    path: "/api/orgs/:orgId/ladder",
    operationId: "getLadder",
    summary: "The club's standings in one format",
    tags,
    access: member,
    params: orgParams,
    query: ladderPageQuery,
    success: { status: 200, body: ladderView },
  }),
  matches: endpoint({
    method: "GET",
    path: "/api/orgs/:orgId/matches",
    operationId: "listMatches",
    summary: "The club's matches, newest first, a page at a time: pending, disputed, all, or one player's",
    tags,
    access: member,
    params: orgParams,
    query: matchesQuery,
    success: { status: 200, body: matchPage },
  }),
  logMatch: endpoint({
    method: "POST",
    path: "/api/orgs/:orgId/matches",
    operationId: "logMatch",
    summary: "Log a match you played (organizers: any match, counted at once unless they played in it)",
    tags,
    access: member,
    params: orgParams,
    body: matchBody,
    success: { status: 201, body: matchView },
    errors: ["TOO_MANY_PENDING_MATCHES"],
  }),
  editMatch: endpoint({
    method: "PUT",
    path: "/api/orgs/:orgId/matches/:matchId",
    operationId: "editMatch",
    summary: "Edit a match",
    tags,
    access: manager,
    params: matchParams,
    body: matchBody,
    success: { status: 200, body: matchView },
  }),
  deleteMatch: endpoint({
    method: "DELETE",
    path: "/api/orgs/:orgId/matches/:matchId",
    operationId: "deleteMatch",
    summary: "Delete a match",
    tags,
    access: manager,
    params: matchParams,
    success: { status: 204, body: null },
  }),
  confirmMatch: answer("confirm"),
  disputeMatch: answer("dispute"),
  decideMatch: endpoint({
    method: "POST",
    path: "/api/orgs/:orgId/matches/:matchId/decide",
    operationId: "decideMatch",
    summary: "Decide a disputed match",
    tags,
    access: manager,
    params: matchParams,
    body: decideBody,
    success: { status: 200, body: matchView },
    errors: ["MATCH_NOT_DISPUTED"],
  }),
  player: endpoint({
    method: "GET",
    path: "/api/orgs/:orgId/players/:userId",
    operationId: "getPlayer",
    summary: "A player's ladder page",
    tags,
    access: member,
    params: playerParams,
    success: { status: 200, body: playerView },
  }),
};
