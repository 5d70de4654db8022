// What a replay writes, whether it ran from the start or went on from the checkpoint: the
// players' lines, the history rows of its matches, the first-time result events, and the
// checkpoint itself. One shape for both, so the two paths store exactly the same rows.
import { and, asc, eq, inArray, lte, or, sql } from "drizzle-orm";
import type { MatchFormat } from "../../../shared/contracts/ladder.js";
import {
  DEFAULT_RATING,
  type MatchInput,
  type PlayerSkill,
  type ReplayResult,
  SKILL_DEFAULTS,
  type Standing,
} from "../../../shared/rating/index.js";
import type { Tx } from "../../db/database.js";
import {
  type BeforeLast,
  ladderCheckpoints,
  matches,
  matchResultEvents,
  playerRatings,
  type ratingHistory,
} from "../../db/schema/ladder.js";

/** An unconfirmed match counts once the other side has let it stand this long. */
export const UNANSWERED_COUNTS_AFTER_MS = 48 * 60 * 60 * 1000;

/** The condition for a match that counts in the ratings at `now`. */
export const counted = (now: Date) =>
  or(
    eq(matches.status, "confirmed"),
    and(
      eq(matches.status, "pending"),
      lte(matches.createdAt, new Date(now.getTime() - UNANSWERED_COUNTS_AFTER_MS)),
    ),
  );

export const countsAt = (row: { status: string; createdAt: Date }, now: Date) =>
  row.status === "confirmed" ||
  (row.status === "pending" && row.createdAt.getTime() <= now.getTime() - UNANSWERED_COUNTS_AFTER_MS);

export type MatchRow = typeof matches.$inferSelect;
/** A match's place in replay order: played, then logged, then id. */
export type MatchKey = { playedAt: Date; createdAt: Date; id: string };

/** Replay order as an ORDER BY: the order `comesAfter` and `keyCompared` speak of. */
export const inReplayOrder = [asc(matches.playedAt), asc(matches.createdAt), asc(matches.id)] as const;

export const keyOf = (m: MatchKey): MatchKey => ({ playedAt: m.playedAt, createdAt: m.createdAt, id: m.id });

/** True when `a` comes after `b` in replay order (ids compare as PostgreSQL compares uuids). */
export function comesAfter(a: MatchKey, b: MatchKey): boolean {
  if (a.playedAt.getTime() !== b.playedAt.getTime()) return a.playedAt > b.playedAt;
  if (a.createdAt.getTime() !== b.createdAt.getTime()) return a.createdAt > b.createdAt;
  return a.id > b.id;
}

export const earliest = (keys: MatchKey[]): MatchKey =>
  keys.reduce((first, key) => (comesAfter(first, key) ? key : first));

/** The SQL for "this match's key compares to `key` by `op`", in replay order. */
export const keyCompared = (op: ">" | "<=", key: MatchKey) =>
  sql`(${matches.playedAt}, ${matches.createdAt}, ${matches.id}) ${sql.raw(op)} (${key.playedAt}, ${key.createdAt}, ${key.id}::uuid)`;

export function toInput(m: MatchRow): MatchInput {
  return {
    id: m.id,
    teamA: m.teamA,
    teamB: m.teamB,
    winner: m.winner,
    playedAt: m.playedAt,
    // A board result recorded without points has no games: a plain win, no margin.
    ...(m.games.length > 0
      ? { scoreA: m.games.reduce((sum, g) => sum + g.a, 0), scoreB: m.games.reduce((sum, g) => sum + g.b, 0) }
      : {}),
  };
}

export type HistoryRow = typeof ratingHistory.$inferInsert & {
  playedAt: Date;
  ratingAfter: number;
  delta: number;
  expected: number;
  surprise: number;
  margin: number;
  certainty: number;
};

/** One history row per player of each match, each rating going on from `start` (or 1500). */
export function historyRows(
  organizationId: string,
  format: MatchFormat,
  rows: MatchRow[],
  result: ReplayResult,
  start?: ReadonlyMap<string, { rating: number }>,
): HistoryRow[] {
  const running = new Map<string, number>();
  return rows.flatMap((match, index) => {
    const step = result.steps[index]!;
    return Object.entries(step.deltas).map(([userId, delta]) => {
      const after = (running.get(userId) ?? start?.get(userId)?.rating ?? DEFAULT_RATING) + delta;
      running.set(userId, after);
      return {
        organizationId,
        matchId: match.id,
        userId,
        format,
        ratingAfter: after,
        delta,
        expected: match.teamA.includes(userId) ? step.expectedA : 1 - step.expectedA,
        ...step.parts[userId]!,
        playedAt: match.playedAt,
      };
    });
  });
}

/** Each player's last counted match among `rows` (in replay order). */
export function lastPlayed(rows: MatchRow[]): Map<string, Date> {
  const last = new Map<string, Date>();
  for (const row of rows) for (const id of [...row.teamA, ...row.teamB]) last.set(id, row.playedAt);
  return last;
}

/** Writes the players' lines: new players are added, known ones updated in place. */
export async function writeLines(
  tx: Tx,
  organizationId: string,
  format: MatchFormat,
  lines: Standing[],
  skills: ReadonlyMap<string, PlayerSkill>,
  played: ReadonlyMap<string, Date>,
) {
  const values = lines.map((line) => ({
    organizationId,
    format,
    userId: line.playerId,
    rating: line.rating,
    lastChange: line.change,
    streak: line.streak,
    games: line.games,
    wins: line.wins,
    skillMu: skills.get(line.playerId)?.mu ?? DEFAULT_RATING,
    skillSigma: skills.get(line.playerId)?.sigma ?? SKILL_DEFAULTS.initialSigma,
    lastPlayedAt: played.get(line.playerId) ?? null,
  }));
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  for (let i = 0; i < values.length; i += 1000)
    await tx
      .insert(playerRatings)
      .values(values.slice(i, i + 1000))
      .onConflictDoUpdate({
        target: [playerRatings.organizationId, playerRatings.format, playerRatings.userId],
        set: {
          rating: excluded("rating"),
          lastChange: excluded("last_change"),
          streak: excluded("streak"),
          games: excluded("games"),
          wins: excluded("wins"),
          skillMu: excluded("skill_mu"),
          skillSigma: excluded("skill_sigma"),
          lastPlayedAt: excluded("last_played_at"),
        },
      });
}

/** The first time a match counts, each of its players gets one result event (never twice). */
export async function recordFirstResults(tx: Tx, organizationId: string, fresh: HistoryRow[]) {
  if (fresh.length === 0) return;
  const ids = [...new Set(fresh.map((h) => h.matchId))];
  const known = await tx
    .select({ matchId: matchResultEvents.matchId })
    .from(matchResultEvents)
    .where(
      and(eq(matchResultEvents.organizationId, organizationId), inArray(matchResultEvents.matchId, ids)),
    );
  const seen = new Set(known.map((k) => k.matchId));
  const firstTime = fresh.filter((h) => !seen.has(h.matchId));
  for (let i = 0; i < firstTime.length; i += 1000)
    await tx
      .insert(matchResultEvents)
      .values(
        firstTime.slice(i, i + 1000).map((h) => ({
          organizationId,
          matchId: h.matchId,
          userId: h.userId,
          delta: h.delta,
          ratingAfter: h.ratingAfter,
        })),
      )
      .onConflictDoNothing();
}

export async function readCheckpoint(tx: Tx, organizationId: string, format: MatchFormat) {
  const [row] = await tx
    .select()
    .from(ladderCheckpoints)
    .where(and(eq(ladderCheckpoints.organizationId, organizationId), eq(ladderCheckpoints.format, format)));
  if (!row) return undefined;
  const last: MatchKey | null =
    row.matchId && row.playedAt && row.createdAt
      ? { playedAt: row.playedAt, createdAt: row.createdAt, id: row.matchId }
      : null;
  return { last, beforeLast: row.beforeLast };
}

/**
 * Records the last match the stored ratings include (null: none), and, when that match was
 * applied alone, what was stored before it (for stepBack); any other change forgets that.
 */
export async function writeCheckpoint(
  tx: Tx,
  organizationId: string,
  format: MatchFormat,
  last: MatchKey | null,
  beforeLast: BeforeLast | null = null,
) {
  const key = {
    playedAt: last?.playedAt ?? null,
    createdAt: last?.createdAt ?? null,
    matchId: last?.id ?? null,
    beforeLast,
  };
  await tx
    .insert(ladderCheckpoints)
    .values({ organizationId, format, ...key })
    .onConflictDoUpdate({ target: [ladderCheckpoints.organizationId, ladderCheckpoints.format], set: key });
}
