// Filling the free courts after a board action: the rotation engine says who goes on each, and
// one statement seats them (their partners and opponents remembered) and counts a sit-out for
// those passed over. Apart from board-transaction.ts, which says when a fill runs, not how.
import { and, getTableColumns, type SQL, sql } from "drizzle-orm";
import { levelToRating } from "../../../shared/rating/levels.js";
import { DEFAULT_GAME_LENGTH, type GameLength } from "../../../shared/rotation/game-length.js";
import { keepsWinners } from "../../../shared/rotation/winners-stay.js";
import type { Tx } from "../../db/database.js";
import { games, queuePlayers } from "../../db/schema/courts.js";
import { currentRatings } from "../ladder/service.js";
import { sessionRow } from "../sessions/service.js";
import {
  type BoardRow,
  type BoardState,
  fillsByRating,
  type GameRow,
  loadState,
  type PlayerRow,
  queueOf,
  withoutHistory,
} from "./board-store.js";
import type { CalledToCourt } from "./court-notices.js";
import { nextUpNeedsHistory } from "./next-up.js";
import { gameLengthOf } from "./pace.js";
import { courtIsFree, decideAssignments, type Night, winnersOf } from "./rotation.js";

/**
 * Asks the engine who goes on each free court, and puts them there. Hands back the board and
 * the state as the fill left them (the games it started, the queue read again after it), so
 * that the up-next check need not read them again under the lock.
 */
export async function fillCourts(
  tx: Tx,
  board: BoardRow,
  now: Date,
  called: CalledToCourt[],
  /** The session's times: the engine levels games in its last stretch, and counts waits from its start. */
  night: Night,
  lastGame?: GameRow,
  startEveryCourt = false,
): Promise<{ board: BoardRow; state: BoardState; gameLength: GameLength }> {
  // Partners and opponents when there is a court to fill (they weigh who goes on together), and
  // in fair play, whose next groups the notices after the fill play forward with them (next-up.ts):
  // read once here and handed on, rather than again there.
  const state = await loadState(
    tx,
    board.organizationId,
    board.sessionId,
    (courts) => nextUpNeedsHistory(board) || courts.courts.some((c) => courtIsFree(board, courts, c.id)),
  );
  const ratings = fillsByRating(board) ? await skillRatings(tx, board, state) : undefined;
  // The night's end and the longest wait are weighed at this club's pace, as its waits are shown
  // (and fair play's next groups); with every court busy, and no groups to play forward, there is
  // nothing to weigh (the history was not read either).
  const gameLength = state.historyRead
    ? await gameLengthOf(tx, board.organizationId, board.sessionId)
    : DEFAULT_GAME_LENGTH;
  const { assignments, passedOver } = decideAssignments(
    board,
    state,
    now.getTime(),
    lastGame,
    ratings,
    night,
    gameLength,
    startEveryCourt,
  );
  if (assignments.length === 0) return { board, state, gameLength };
  const names = new Map(state.courts.map((c) => [c.id, c.name]));
  const started = await tx
    .insert(games)
    .values(
      assignments.map(({ courtId, teams: [teamA, teamB] }) => ({
        organizationId: board.organizationId,
        sessionId: board.sessionId,
        courtId,
        teamA,
        teamB,
        startedAt: now,
      })),
    )
    .returning();
  // Everyone put on a court, and everyone passed over, in one statement: those on court have
  // their partner and opponents remembered, their wait and court call over, and their streak
  // kept only while winners stay on together; those passed over sit out once more.
  const onCourt = assignments.flatMap((assignment) => {
    const staying = lastGame
      ? keepsWinners(assignment, { courtId: lastGame.courtId, winners: winnersOf(lastGame), losers: [] })
      : false;
    const [teamA, teamB] = assignment.teams;
    return [
      [teamA, teamB],
      [teamB, teamA],
    ].flatMap(([mine, theirs]) =>
      mine!.map((id) => ({
        id,
        on_court: true,
        // A singles game has no partner to remember.
        partner: mine!.find((other) => other !== id) ?? null,
        opponents: theirs!,
        keep_streak: staying && lastGame !== undefined && winnersOf(lastGame).includes(id),
        sat_out: 0,
      })),
    );
  });
  // Those passed over keep their streak, partners and opponents as they were.
  const satOut = passedOver.map((id) => ({
    id,
    on_court: false,
    partner: null,
    opponents: [],
    keep_streak: true,
    sat_out: 1,
  }));
  const placed = sql.identifier("placed");
  const ifOnCourt = (then: SQL, otherwise: SQL) =>
    sql`case when ${placed}.on_court then ${then} else ${otherwise} end`;
  // The statement hands back the rows it changed: with the queue read before the fill, they
  // are the queue after it, without reading every row (and a long night's partners) again.
  const changed: PlayerRow[] = await tx
    .update(queuePlayers)
    .set({
      gamesWaited: ifOnCourt(sql`0`, sql`${queuePlayers.gamesWaited}`),
      courtTarget: ifOnCourt(sql`null`, sql`${queuePlayers.courtTarget}`),
      winStreak: sql`case when ${placed}.keep_streak then ${queuePlayers.winStreak} else 0 end`,
      partners: sql`case when ${placed}.partner is null then ${queuePlayers.partners}
        else array_append(${queuePlayers.partners}, ${placed}.partner) end`,
      opponents: sql`${queuePlayers.opponents} || ${placed}.opponents`,
      sitOuts: sql`${queuePlayers.sitOuts} + ${placed}.sat_out`,
    })
    .from(
      sql`jsonb_to_recordset(${JSON.stringify([...onCourt, ...satOut])}::jsonb)
        as ${placed}(id uuid, on_court boolean, partner text, opponents text[], keep_streak boolean, sat_out integer)`,
    )
    .where(and(sql`${queuePlayers.registrationId} = ${placed}.id`, queueOf(board)))
    .returning({ ...getTableColumns(queuePlayers), ...withoutHistory });
  for (const assignment of assignments) {
    const [teamA, teamB] = assignment.teams;
    const player = (id: string) => state.players.find((p) => p.registrationId === id);
    const side = (team: string[]) => team.flatMap((id) => player(id) ?? []);
    called.push({ courtName: names.get(assignment.courtId) ?? "a court", teams: [side(teamA), side(teamB)] });
  }
  const after = new Map(changed.map((row) => [row.registrationId, row]));
  const seated = new Map(onCourt.map((row) => [row.id, row]));
  // The declared gender is read with the queue, not kept in it. The changed rows come back
  // without partners and opponents (a long night's lists); those read before the fill, with this
  // game's added as the statement added them, are what the next groups are projected with.
  const players = state.players.map((p) => {
    const row = after.get(p.registrationId);
    if (!row) return p;
    const game = seated.get(p.registrationId);
    return {
      ...row,
      gender: p.gender,
      partners: game?.partner ? [...p.partners, game.partner] : p.partners,
      opponents: game ? [...p.opponents, ...game.opponents] : p.opponents,
    };
  });
  return { board, state: { ...state, players, playing: [...state.playing, ...started] }, gameLength };
}

/**
 * Ratings for skill-balanced play, by registration: the club's doubles ladder where a player
 * has a rating, else the middle of the session's stated level, else none (the engine's 1500).
 */
async function skillRatings(tx: Tx, board: BoardRow, state: BoardState): Promise<Map<string, number>> {
  const userIds = state.players.flatMap((p) => (p.userId ? [p.userId] : []));
  const ladder = await currentRatings(tx, board.organizationId, userIds, "doubles");
  const session = await sessionRow(tx, board.organizationId, board.sessionId);
  const levels = [session?.skillMin, session?.skillMax].filter((l): l is number => typeof l === "number");
  const fallback = levels.length
    ? levelToRating(levels.reduce((s, l) => s + l, 0) / levels.length)
    : undefined;
  const ratings = new Map<string, number>();
  for (const p of state.players) {
    const rating = (p.userId ? ladder.get(p.userId) : undefined) ?? fallback;
    if (rating !== undefined) ratings.set(p.registrationId, rating);
  }
  return ratings;
}
