// A result at the end of history: the stored lines are the state after the checkpoint's match,
// so the matches after it are applied to them alone (shared/rating goes on from a start state
// to the same bits a replay gives). Its cost is that of the new matches and their players,
// whatever the size of the club's history.
import { and, eq, inArray, lte, notExists, sql } from "drizzle-orm";
import type { MatchFormat } from "../../../shared/contracts/ladder.js";
import {
  rateMatches,
  replay,
  type SkillStart,
  type Standing,
  standings,
} from "../../../shared/rating/index.js";
import type { Tx } from "../../db/database.js";
import type { BeforeLast } from "../../db/schema/ladder.js";
import { matches, playerRatings, ratingHistory } from "../../db/schema/ladder.js";
import {
  comesAfter,
  counted,
  historyRows,
  inReplayOrder,
  keyCompared,
  keyOf,
  lastPlayed,
  type MatchKey,
  readCheckpoint,
  recordFirstResults,
  toInput,
  UNANSWERED_COUNTS_AFTER_MS,
  writeCheckpoint,
  writeLines,
} from "./replay-rows.js";

/**
 * Applies the counted matches after the checkpoint to the stored lines. Returns false, having
 * written nothing, when that would not equal a replay: no checkpoint yet, a change at or before
 * it (`from`), or a match there that began to count by waiting 48 hours and is not applied.
 * The caller holds the ladder's lock.
 */
export async function appendAfterCheckpoint(
  tx: Tx,
  organizationId: string,
  format: MatchFormat,
  now: Date,
  from: MatchKey,
): Promise<boolean> {
  const checkpoint = await readCheckpoint(tx, organizationId, format);
  if (!checkpoint) return false;
  const last = checkpoint.last;
  if (last && !comesAfter(from, last)) return false;
  const inFormat = and(eq(matches.organizationId, organizationId), eq(matches.format, format));
  if (last && (await countsUnapplied(tx, inFormat, now, last))) return false;

  const rows = await tx
    .select()
    .from(matches)
    .where(and(inFormat, counted(now), last ? keyCompared(">", last) : undefined))
    .orderBy(...inReplayOrder);
  if (rows.length === 0) return true;

  const players = [...new Set(rows.flatMap((r) => [...r.teamA, ...r.teamB]))];
  const stored = await tx
    .select()
    .from(playerRatings)
    .where(
      and(
        eq(playerRatings.organizationId, organizationId),
        eq(playerRatings.format, format),
        inArray(playerRatings.userId, players),
      ),
    );
  const lines = new Map<string, Standing>();
  const skills = new Map<string, SkillStart>();
  for (const p of stored) {
    lines.set(p.userId, {
      playerId: p.userId,
      rating: p.rating,
      change: p.lastChange,
      streak: p.streak,
      games: p.games,
      wins: p.wins,
    });
    skills.set(p.userId, {
      mu: p.skillMu,
      sigma: p.skillSigma,
      matches: p.games,
      ...(p.lastPlayedAt ? { lastPlayedAt: p.lastPlayedAt } : {}),
    });
  }

  const inputs = rows.map(toInput);
  const result = replay(inputs, { start: lines });
  const skillsAfter = rateMatches(inputs, {}, skills).ratings;
  await writeLines(
    tx,
    organizationId,
    format,
    standings(inputs, result, lines),
    skillsAfter,
    lastPlayed(rows),
  );
  const history = historyRows(organizationId, format, rows, result, lines);
  for (let i = 0; i < history.length; i += 1000)
    await tx.insert(ratingHistory).values(history.slice(i, i + 1000));
  await recordFirstResults(tx, organizationId, history);
  // One match applied alone (a board score, as a rule) can be stepped back from: its players'
  // lines before it are kept with the checkpoint.
  const beforeLast: BeforeLast | null =
    rows.length === 1
      ? {
          last: last
            ? { playedAt: last.playedAt.toISOString(), createdAt: last.createdAt.toISOString(), id: last.id }
            : null,
          lines: players.map((userId) => {
            const line = stored.find((p) => p.userId === userId);
            if (!line) return { userId, line: null };
            const { organizationId: _club, format: _format, userId: _user, lastPlayedAt, ...rest } = line;
            return { userId, line: { ...rest, lastPlayedAt: lastPlayedAt?.toISOString() ?? null } };
          }),
        }
      : null;
  await writeCheckpoint(tx, organizationId, format, keyOf(rows.at(-1)!), beforeLast);
  return true;
}

/**
 * Takes back the checkpoint's own match when the last change applied it alone (a board undo,
 * tonight's last result deleted): deletes it (its history goes with it), puts its players'
 * lines back as they were before it, and the checkpoint back to the match before. That is what
 * a replay without it writes, at the cost of the match's players, not of the club's history
 * (at 20,000 matches an undo replayed for 1.5 s under the board's lock). Returns false, having
 * written nothing, when it cannot: the checkpoint is at another match, or a match before it has
 * begun to count by waiting since. The caller holds the ladder's lock.
 */
export async function stepBack(
  tx: Tx,
  organizationId: string,
  format: MatchFormat,
  match: MatchKey,
  now: Date,
): Promise<boolean> {
  const checkpoint = await readCheckpoint(tx, organizationId, format);
  const before = checkpoint?.beforeLast;
  if (!before || checkpoint.last?.id !== match.id) return false;
  const inFormat = and(eq(matches.organizationId, organizationId), eq(matches.format, format));
  if (await countsUnapplied(tx, inFormat, now, match)) return false;
  await tx.delete(matches).where(and(inFormat, eq(matches.id, match.id)));
  const back = before.lines.flatMap(({ userId, line }) => (line ? [{ userId, ...line }] : []));
  const gone = before.lines.filter(({ line }) => line === null).map(({ userId }) => userId);
  if (gone.length > 0)
    await tx
      .delete(playerRatings)
      .where(
        and(
          eq(playerRatings.organizationId, organizationId),
          eq(playerRatings.format, format),
          inArray(playerRatings.userId, gone),
        ),
      );
  // Written back as a replay writes lines, from what was stored before the match.
  await writeLines(
    tx,
    organizationId,
    format,
    back.map((l) => ({
      playerId: l.userId,
      rating: l.rating,
      change: l.lastChange,
      streak: l.streak,
      games: l.games,
      wins: l.wins,
    })),
    new Map(back.map((l) => [l.userId, { mu: l.skillMu, sigma: l.skillSigma, matches: l.games }])),
    new Map(back.flatMap((l) => (l.lastPlayedAt ? [[l.userId, new Date(l.lastPlayedAt)] as const] : []))),
  );
  const last = before.last
    ? {
        playedAt: new Date(before.last.playedAt),
        createdAt: new Date(before.last.createdAt),
        id: before.last.id,
      }
    : null;
  await writeCheckpoint(tx, organizationId, format, last);
  return true;
}

/**
 * A match at or before the checkpoint that counts by now (48 hours unanswered) but is not in
 * the history yet: the scheduled replay has not run. Found through the pending matches' index.
 */
async function countsUnapplied(tx: Tx, inFormat: ReturnType<typeof and>, now: Date, last: MatchKey) {
  const found = await tx
    .select({ id: matches.id })
    .from(matches)
    .where(
      and(
        inFormat,
        eq(matches.status, "pending"),
        lte(matches.createdAt, new Date(now.getTime() - UNANSWERED_COUNTS_AFTER_MS)),
        keyCompared("<=", last),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(ratingHistory)
            .where(
              and(
                eq(ratingHistory.organizationId, matches.organizationId),
                eq(ratingHistory.matchId, matches.id),
              ),
            ),
        ),
      ),
    )
    .limit(1);
  return found.length > 0;
}
