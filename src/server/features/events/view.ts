// The event as a phone and the TV show it: the plan and its scores, who sits each round, the
// standings with their tie-breaks, and for the person asking, their next game and what they
// may do with each score.
import type { EventView } from "../../../shared/contracts/events.js";
import { TIE_BREAKS } from "../../../shared/events/standings.js";
import type { Queryable } from "../../db/database.js";
import { activeCourts } from "../clubs/service.js";
import { sessionRow } from "../sessions/service.js";
import { boxStandings, leagueById, weekOf } from "./leagues.js";
import { teamNamesOf } from "./roster.js";
import { standingsOf } from "./running.js";
import {
  type Entrant,
  type EventRow,
  entrantOfUser,
  entrantsOf,
  eventOfSession,
  findEventOfSession,
  type GameRow,
  gamesOf,
  isPlayable,
  sideOf,
} from "./store.js";

/** Who is looking: a member (their account, whether they run sessions) or the TV (nobody). */
export type Viewer = { userId: string | null; manager: boolean };

export async function readEvent(db: Queryable, organizationId: string, sessionId: string, viewer: Viewer) {
  const event = await eventOfSession(db, organizationId, sessionId);
  return eventView(db, event, viewer);
}

/** The session's event, or null when the club's session is not run as one (404: not the club's session). */
export async function readEventIfAny(
  db: Queryable,
  organizationId: string,
  sessionId: string,
  viewer: Viewer,
) {
  const event = await findEventOfSession(db, organizationId, sessionId);
  if (event) return eventView(db, event, viewer);
  // No event: null for the club's own session, 404 for any other id.
  await sessionRow(db, organizationId, sessionId);
  return null;
}

export async function eventView(db: Queryable, event: EventRow, viewer: Viewer): Promise<EventView> {
  const [session, games, entrants, league, teamNames, clubCourts] = await Promise.all([
    sessionRow(db, event.organizationId, event.sessionId),
    gamesOf(db, event.id),
    entrantsOf(db, event),
    leagueOfEvent(db, event),
    teamNamesOf(
      db,
      (event.teamKeys ?? []).flatMap((key) => key ?? []),
    ),
    activeCourts(db, event.organizationId),
  ]);
  const courtName = courtNames(event, clubCourts);
  const person = (id: string) => ({ id, name: entrants.get(id)?.name ?? "Player" });
  // In pool play a standing is a team's, under its first player's id: both names, after the
  // league team's own name when it has one.
  const teamOf = new Map(
    (event.teams ?? []).map((team, i) => [team[0]!, { team, key: event.teamKeys?.[i] }]),
  );
  const standingName = (id: string) => {
    const team = teamOf.get(id);
    const players = (team?.team ?? [id]).map((member) => person(member).name).join(" & ");
    const named = team?.key ? teamNames.get(team.key) : undefined;
    return named ? `${named} (${players})` : players;
  };
  const mine = entrantOfUser(entrants, viewer.userId);
  const roundEndsAt =
    event.phase === "rounds" && event.roundMinutes !== null
      ? new Date(event.roundStartedAt.getTime() + event.roundMinutes * 60_000).toISOString()
      : null;
  return {
    event: {
      id: event.id,
      sessionId: event.sessionId,
      sessionName: session.name,
      format: event.format,
      courts: event.courts,
      rounds: event.rounds,
      playTo: event.playTo,
      roundMinutes: event.roundMinutes,
      phase: event.phase,
      round: event.round,
      roundStartedAt: event.roundStartedAt.toISOString(),
      roundEndsAt,
    },
    entrants: [...entrants.values()].map((e) => person(e.id)),
    games: games.map((game) => ({
      id: game.id,
      stage: game.stage,
      round: game.round,
      slot: game.slot,
      court: game.court,
      courtName: courtName(game.court),
      teamA: game.teamA.map(person),
      teamB: game.teamB.map(person),
      scoreA: game.scoreA,
      scoreB: game.scoreB,
      status: game.status,
      reportedBy: game.status === "reported" ? game.reportedSide : null,
      ...permissions(event, game, sideOf(game, mine), viewer.manager),
    })),
    byes: byesByRound(games, entrants).map(({ round, ids }) => ({ round, players: ids.map(person) })),
    standings: standingsOf(event, games).map((s) => ({ ...s, name: standingName(s.id) })),
    boxes: event.boxes
      ? boxStandings(event.boxes, games).map((rows, b) => ({
          box: b + 1,
          standings: rows.map((s) => ({ ...s, name: person(s.id).name })),
        }))
      : null,
    league,
    tieBreaks: [...TIE_BREAKS],
    me: { entrantId: mine, nextGameId: mine ? nextGameOf(event, games, mine) : null },
    canManage: viewer.manager,
  };
}

/**
 * The club court of the event's court `n` (1-based): of the courts the board handed it, in its
 * order. An event from before it held courts, or a court since renamed away, reads "Court n".
 */
function courtNames(event: EventRow, clubCourts: Array<{ id: string; name: string }>) {
  const byId = new Map(clubCourts.map((c) => [c.id, c.name]));
  return (n: number) => {
    if (n <= 0) return "";
    const id = event.courtIds[n - 1];
    return (id && byId.get(id)) ?? `Court ${n}`;
  };
}

function permissions(event: EventRow, game: GameRow, side: "A" | "B" | null, manager: boolean) {
  // An organizer's score counts at once, whoever played (scoring.ts).
  const referee = manager;
  const open = event.phase !== "finished" && isPlayable(event, game);
  return {
    canReport: open && (referee || (side !== null && game.status !== "confirmed")),
    canConfirm:
      open && game.status === "reported" && (referee || (side !== null && side !== game.reportedSide)),
  };
}

function byesByRound(games: GameRow[], entrants: Map<string, Entrant>) {
  const rounds = new Map<number, Set<string>>();
  for (const g of games) {
    if (g.stage !== "round") continue;
    const playing = rounds.get(g.round) ?? new Set<string>();
    for (const id of [...g.teamA, ...g.teamB]) playing.add(id);
    rounds.set(g.round, playing);
  }
  return [...rounds].map(([round, playing]) => ({
    round,
    ids: [...entrants.keys()].filter((id) => !playing.has(id)),
  }));
}

/** The first game the player has still to play, from the round on now. */
function nextGameOf(event: EventRow, games: GameRow[], entrantId: string): string | null {
  const ahead = games.find(
    (g) =>
      g.status !== "confirmed" &&
      sideOf(g, entrantId) !== null &&
      (g.stage === "round" ? event.phase === "rounds" && g.round >= event.round : event.phase === "playoff"),
  );
  return ahead?.id ?? null;
}

async function leagueOfEvent(db: Queryable, event: EventRow) {
  if (!event.leagueId) return null;
  const league = await leagueById(db, event.organizationId, event.leagueId);
  return league ? weekOf(db, league, event.sessionId) : null;
}
