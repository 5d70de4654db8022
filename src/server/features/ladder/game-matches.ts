// Matches made from games played at the club, counted at once: a court board's result or an
// event game's, withdrawn again when its score is undone or corrected. Apart from the matches
// members log and answer (matches.ts): these need no answer, and are the end of history.
import { and, eq, type SQL } from "drizzle-orm";
import type { MatchFormat } from "../../../shared/contracts/ladder.js";
import type { Tx } from "../../db/database.js";
import { matches } from "../../db/schema/ladder.js";
import type { BoardResult } from "./board-results.js";
import { stepBack } from "./ladder-append.js";
import { keyOf, type MatchRow } from "./replay-rows.js";
import { lockLadder, recomputeLadder } from "./replay-store.js";

/**
 * A game scored on the court board becomes a counted match when all its players are club
 * members (guests have no rating). Called inside the board action's transaction, which writes
 * the match and queues its job; the ratings move after the commit (board-results.ts), off the
 * board's lock. A result with no points is a match with no games: a plain win, with no margin
 * to weigh it. Answers the result the ladder owes, if it is one.
 */
export async function matchFromBoardGame(
  tx: Tx,
  game: {
    id: string;
    organizationId: string;
    teamA: string[];
    teamB: string[];
    winner: "A" | "B";
    scoreA: number | null;
    scoreB: number | null;
  },
  userOf: Map<string, string | null>,
  now: Date,
): Promise<BoardResult | null> {
  const teamA = game.teamA.map((id) => userOf.get(id) ?? null);
  const teamB = game.teamB.map((id) => userOf.get(id) ?? null);
  const row = await insertPlayedResult(
    tx,
    { ...game, teamA, teamB, source: { gameId: game.id }, playedAt: now },
    now,
  );
  return row ? { organizationId: row.organizationId, format: row.format, matchId: row.id } : null;
}

/**
 * A confirmed event game (a round robin's or a playoff's) is a ladder match for its players, as
 * a board result is; a correction withdraws it first (withdrawEventGameMatch), then counts again.
 */
export async function matchFromEventGame(
  tx: Tx,
  game: {
    id: string;
    organizationId: string;
    teamA: Array<string | null>;
    teamB: Array<string | null>;
    scoreA: number;
    scoreB: number;
    eventName: string;
    /** When it was first counted: a correction keeps the match's place in history. */
    playedAt: Date;
  },
  now: Date,
): Promise<void> {
  if (game.scoreA === game.scoreB) return;
  const winner = game.scoreA > game.scoreB ? "A" : "B";
  const source = { eventGameId: game.id, eventName: game.eventName };
  const row = await insertPlayedResult(tx, { ...game, winner, source }, now);
  if (row) await recomputeLadder(tx, game.organizationId, row.format, now, keyOf(row));
}

/**
 * A result played tonight, counted at once: a match when every player is a member (a guest's
 * game is not rated) and the sides are one or two each. Tonight's result is the end of
 * history: the caller applies it to the stored lines alone. Answers the match written, if any.
 */
async function insertPlayedResult(
  tx: Tx,
  game: {
    organizationId: string;
    teamA: Array<string | null>;
    teamB: Array<string | null>;
    winner: "A" | "B";
    scoreA: number | null;
    scoreB: number | null;
    source: { gameId: string } | { eventGameId: string; eventName: string };
    playedAt: Date;
  },
  now: Date,
): Promise<MatchRow | undefined> {
  const { teamA, teamB } = game;
  if ([...teamA, ...teamB].some((id) => id === null)) return undefined;
  if (teamA.length !== teamB.length || teamA.length === 0 || teamA.length > 2) return undefined;
  const format: MatchFormat = teamA.length === 1 ? "singles" : "doubles";
  const points = game.scoreA !== null && game.scoreB !== null ? [{ a: game.scoreA, b: game.scoreB }] : [];
  const [row] = await tx
    .insert(matches)
    .values({
      organizationId: game.organizationId,
      format,
      teamA: teamA as string[],
      teamB: teamB as string[],
      games: points,
      winner: game.winner,
      playedAt: game.playedAt,
      status: "confirmed",
      ...game.source,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

/**
 * A board game's result was undone: its match never happened. The ratings are replayed
 * without it (and its result emails, not yet settled, go with it).
 */
export function withdrawBoardGameMatch(tx: Tx, organizationId: string, gameId: string, now: Date) {
  return withdrawMatches(tx, organizationId, eq(matches.gameId, gameId), now);
}

/** An event game's score was corrected: the match it made is withdrawn and replayed without. */
export function withdrawEventGameMatch(tx: Tx, organizationId: string, eventGameId: string, now: Date) {
  return withdrawMatches(tx, organizationId, eq(matches.eventGameId, eventGameId), now);
}

/**
 * Deletes the club's match that `which` names, and replays its format without it. The
 * ladder's lock comes before the delete: a replay or a board result's follow-up
 * (board-results.ts) may hold the lock while it writes history rows, whose foreign key waits
 * on a match row being deleted; deleting first, then waiting for the lock, would wait on
 * each other.
 */
async function withdrawMatches(tx: Tx, organizationId: string, which: SQL, now: Date) {
  const scored = and(eq(matches.organizationId, organizationId), which);
  const [owned] = await tx.select().from(matches).where(scored);
  if (!owned) return;
  await lockLadder(tx, organizationId, owned.format);
  // The ladder's last change applied this match alone (a board score undone moments later):
  // its players step back, and the club's history is not replayed.
  if (await stepBack(tx, organizationId, owned.format, keyOf(owned), now)) return;
  const removed = await tx.delete(matches).where(scored).returning();
  for (const row of removed) await recomputeLadder(tx, organizationId, row.format, now, keyOf(row));
}
