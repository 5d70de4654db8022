// The events' endpoints (endpoint.ts): a session's event, read by anyone in the club and by the
// club's TV; run (start, next round, playoff, finish) by those who run sessions; scored by a
// player of the game (the other side confirms) or by an organizer.

import { z } from "zod";
import { endpoint } from "./endpoint.js";
import {
  askedSubstitutes,
  createEventBody,
  createLeagueBody,
  displayEvent,
  eventGameParams,
  eventParams,
  eventScoreBody,
  eventView,
  joinLeagueBody,
  leagueEntryParams,
  leagueView,
  playoffBody,
} from "./events.js";

const tags = ["events"];
const member = { club: "club.view" } as const;
const organizer = { club: "sessions.manage" } as const;
const base = "/api/orgs/:orgId/sessions/:sessionId/event" as const;
const answer = { status: 200, body: eventView } as const;
const league = "/api/orgs/:orgId/sessions/:sessionId/league" as const;

export const eventsEndpoints = {
  read: endpoint({
    method: "GET",
    path: base,
    operationId: "getEvent",
    summary:
      "The session's event (null when it is not run as one): the plan, the scores, the standings and your next game",
    tags,
    access: member,
    params: eventParams,
    success: { status: 200, body: eventView.nullable() },
  }),
  start: endpoint({
    method: "POST",
    path: base,
    operationId: "startEvent",
    summary: "Run the session as a round robin of its checked-in players",
    tags,
    access: organizer,
    params: eventParams,
    body: createEventBody,
    success: { status: 201, body: eventView },
    errors: [
      "EVENT_EXISTS",
      "NOT_ENOUGH_PLAYERS",
      "SESSION_CLOSED",
      "NOT_STARTED",
      "OPEN_PLAY_RUNNING",
      "COURT_IN_USE",
      "NO_ACTIVE_SESSION",
    ],
  }),
  score: endpoint({
    method: "PUT",
    path: `${base}/games/:gameId/score`,
    operationId: "scoreEventGame",
    summary: "Enter a game's score: a player's waits for the other side; an organizer's counts",
    tags,
    access: member,
    params: eventGameParams,
    body: eventScoreBody,
    success: answer,
    errors: ["NOT_YET", "SCORE_CONFIRMED", "EVENT_OVER"],
  }),
  confirm: endpoint({
    method: "POST",
    path: `${base}/games/:gameId/confirm`,
    operationId: "confirmEventGame",
    summary: "Confirm the score the other side entered: it counts, on the standings and the ladder",
    tags,
    access: member,
    params: eventGameParams,
    success: answer,
    errors: ["NOT_YET", "SCORE_CONFIRMED", "EVENT_OVER"],
  }),
  nextRound: endpoint({
    method: "POST",
    path: `${base}/next-round`,
    operationId: "nextEventRound",
    summary: "Start the next round (of the round robin or the playoff) once every game is scored",
    tags,
    access: organizer,
    params: eventParams,
    success: answer,
    errors: ["ROUND_NOT_FINISHED", "EVENT_OVER"],
  }),
  playoff: endpoint({
    method: "POST",
    path: `${base}/playoff`,
    operationId: "startEventPlayoff",
    summary: "Seed a single-elimination playoff from the standings (with a bronze match)",
    tags,
    access: organizer,
    params: eventParams,
    body: playoffBody,
    success: answer,
    errors: ["ROUND_NOT_FINISHED", "EVENT_OVER"],
  }),
  finish: endpoint({
    method: "POST",
    path: `${base}/finish`,
    operationId: "finishEvent",
    summary: "End the event: the standings and the bracket stand as its record",
    tags,
    access: organizer,
    params: eventParams,
    success: answer,
    errors: ["EVENT_OVER"],
  }),
  league: endpoint({
    method: "GET",
    path: "/api/orgs/:orgId/sessions/:sessionId/league",
    operationId: "getLeague",
    summary:
      "The league the session's weekly series is run as (null: none): its weeks, season standings and boxes",
    tags,
    access: member,
    params: eventParams,
    success: { status: 200, body: leagueView.nullable() },
  }),
  createLeague: endpoint({
    method: "POST",
    path: "/api/orgs/:orgId/sessions/:sessionId/league",
    operationId: "createLeague",
    summary: "Run the session's weekly series as a league: each week an event with these settings",
    tags,
    access: organizer,
    params: eventParams,
    body: createLeagueBody,
    success: { status: 201, body: leagueView },
    errors: ["LEAGUE_EXISTS", "NOT_A_SERIES"],
  }),
  joinLeague: endpoint({
    method: "POST",
    path: `${league}/roster`,
    operationId: "joinLeague",
    summary:
      "Join the league's roster: to play the season (in a league of fixed teams, with a partner as a team) or as a substitute",
    tags,
    access: member,
    params: eventParams,
    body: joinLeagueBody,
    success: { status: 200, body: leagueView },
    errors: ["ON_A_TEAM", "ON_THE_ROSTER"],
  }),
  leaveLeague: endpoint({
    method: "DELETE",
    path: `${league}/roster/:userId`,
    operationId: "leaveLeague",
    summary:
      "Take a person off the league's roster (yourself, or anyone for an organizer); a team leaves together",
    tags,
    access: member,
    params: leagueEntryParams,
    success: { status: 200, body: leagueView },
  }),
  askSubstitutes: endpoint({
    method: "POST",
    path: `${league}/substitutes/ask`,
    operationId: "askSubstitutes",
    summary:
      "Ask the league's substitutes to play this week (the session's): each is told once a week, by push and email",
    tags,
    access: organizer,
    params: eventParams,
    success: { status: 200, body: askedSubstitutes },
    errors: ["SESSION_CLOSED", "NO_SUBSTITUTE_NEEDED"],
  }),
  display: endpoint({
    method: "GET",
    path: "/api/display/:token/event",
    operationId: "getDisplayEvent",
    summary: "The club's running event, for a TV display link",
    tags,
    access: "public",
    params: z.object({ token: z.string().max(100) }),
    success: { status: 200, body: displayEvent },
  }),
};
