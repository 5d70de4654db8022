// Logging and answering matches. A member logs a match they played; the other side confirms
// or disputes it. Unanswered, it counts after 48 hours; disputed, it waits for an organizer,
// who decides. Organizers and admins log (counted at once, unless they played in it: then the
// other side confirms, as for anyone), edit and delete any match. Every change brings the
// ratings of its format up to date in the same transaction (replay-store.ts): a result after the
// ladder's last one is applied alone; a change at or before it (an edit, a delete, an undo, a
// match logged for a day before tonight's board results) replays the format from the start.
import { and, eq, sql } from "drizzle-orm";
import type { MatchBody, MatchFormat } from "../../../shared/contracts/ladder.js";
import { addDays } from "../../../shared/domain/dates.js";
import { wallTimeAt } from "../../../shared/domain/time-zones.js";
import { matchWinner } from "../../../shared/rating/index.js";
import type { Db, Queryable, Tx } from "../../db/database.js";
import { matches } from "../../db/schema/ladder.js";
import { AppError, forbidden, notFound } from "../../platform/errors/app-error.js";
import { type Effect, jobEffect, type Writes, withEffects } from "../../platform/jobs/outbox.js";
import { getOrganization } from "../clubs/service.js";
import { type ClubAccess, membersAmong } from "../members/service.js";
import { stepBack } from "./ladder-append.js";
import { earliest, keyOf } from "./replay-rows.js";
import {
  lockLadder,
  RECOMPUTE_LADDER,
  type RecomputeJob,
  recomputeLadder,
  UNANSWERED_COUNTS_AFTER_MS,
} from "./replay-store.js";

type MatchRow = typeof matches.$inferSelect;

/**
 * Unanswered matches a player may have logged against one opponent. Each counts by itself
 * after 48 hours, so without a limit one player could bury another in results to answer.
 */
export const MAX_PENDING_PER_OPPONENT = 5;
/** A club may log the results of the day before it was created: the night it signed up. */
const DAYS_BEFORE_CLUB = 1;
/** A browser's clock a little ahead of ours may already show tomorrow's date. */
const CLOCK_SKEW_MS = 5 * 60_000;

const problems = {
  notPlayer: "You can log only matches you played in.",
  notMember: "Every player must be a member of the club.",
  notYours: "Only the other side of this match can confirm or dispute it.",
  answered: "This match has already been answered.",
  notDisputed: "Only a disputed match waits for a decision.",
  beforeClub: "A match cannot be dated before the club was created.",
  future: "A match cannot be dated in the future.",
  tooManyPending: `You already have ${MAX_PENDING_PER_OPPONENT} matches against this player waiting for their answer. Wait until they confirm or dispute them.`,
};

/** A date (YYYY-MM-DD) as the instant a match is filed under: midday UTC keeps the day in every zone. */
const playedAtOf = (date: string) => new Date(`${date}T12:00:00Z`);

/** "2026-11-20": the calendar day in `timeZone` at `instant`. */
function dayIn(instant: Date, timeZone: string): string {
  const { year, month, day } = wallTimeAt(instant, timeZone);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** A match is played in the club's life: from the day before it was created to today, in its zone. */
async function assertPlayedInClubLife(db: Queryable, organizationId: string, date: string, now: Date) {
  const club = await getOrganization(db, organizationId);
  const earliest = dayIn(addDays(club.createdAt, -DAYS_BEFORE_CLUB), club.timeZone);
  const latest = dayIn(new Date(now.getTime() + CLOCK_SKEW_MS), club.timeZone);
  const problem = date < earliest ? problems.beforeClub : date > latest ? problems.future : null;
  if (problem)
    throw new AppError("VALIDATION_ERROR", problem, {
      issues: [{ path: ["playedAt"], message: problem }],
    });
}

/**
 * The logger may not have more than MAX_PENDING_PER_OPPONENT unanswered matches against any
 * player on the other side. Counted under a lock per logger, so two logs at once cannot both
 * take the last place.
 */
async function assertPendingRoom(tx: Tx, organizationId: string, loggerId: string, opponents: string[]) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`pending-matches:${organizationId}:${loggerId}`}))`,
  );
  const pending = await tx
    .select({ teamA: matches.teamA, teamB: matches.teamB, loggedBy: matches.loggedBy })
    .from(matches)
    .where(
      and(
        eq(matches.organizationId, organizationId),
        eq(matches.loggedBy, loggerId),
        eq(matches.status, "pending"),
      ),
    );
  for (const opponent of opponents) {
    const waiting = pending.filter((row) => answeringSide(row).includes(opponent)).length;
    if (waiting >= MAX_PENDING_PER_OPPONENT)
      throw new AppError("TOO_MANY_PENDING_MATCHES", problems.tooManyPending);
  }
}

async function assertMembers(tx: Tx, organizationId: string, players: string[]) {
  const members = await membersAmong(tx, organizationId, players);
  if (!players.every((id) => members.has(id)))
    throw new AppError("VALIDATION_ERROR", problems.notMember, {
      issues: [{ path: ["teamB"], message: problems.notMember }],
    });
}

async function lockedMatch(tx: Tx, organizationId: string, matchId: string): Promise<MatchRow> {
  const [row] = await tx
    .select()
    .from(matches)
    .where(and(eq(matches.organizationId, organizationId), eq(matches.id, matchId)))
    // Not "for update": the replay inserts history rows that reference this match, and their
    // foreign key check (key share) must not wait for our own lock held by another edit.
    .for("no key update");
  if (!row) throw notFound("Match not found");
  return row;
}

/** An unanswered match counts after 48 h: its format is replayed then, by a job its write queues. */
function autoCount(row: MatchRow): Effect[] {
  if (row.status !== "pending") return [];
  return [
    jobEffect(
      RECOMPUTE_LADDER,
      { organizationId: row.organizationId, format: row.format } satisfies RecomputeJob,
      new Date(row.createdAt.getTime() + UNANSWERED_COUNTS_AFTER_MS + 1000),
    ),
  ];
}

export async function logMatch(
  deps: Writes,
  access: ClubAccess,
  body: MatchBody,
  manager: boolean,
  now: Date,
) {
  const { result } = await withEffects(deps, async (tx, effects) => {
    const players = [...body.teamA, ...body.teamB];
    const played = players.includes(access.userId);
    if (!manager && !played) throw forbidden(problems.notPlayer);
    await assertPlayedInClubLife(tx, access.organizationId, body.playedAt, now);
    await assertMembers(tx, access.organizationId, players);
    // Nobody counts their own result: an organizer who played waits for the other side too.
    const status = manager && !played ? "confirmed" : "pending";
    if (status === "pending") {
      const opponents = body.teamA.includes(access.userId) ? body.teamB : body.teamA;
      await assertPendingRoom(tx, access.organizationId, access.userId, opponents);
    }
    const [row] = await tx
      .insert(matches)
      .values({
        organizationId: access.organizationId,
        format: body.format,
        teamA: body.teamA,
        teamB: body.teamB,
        games: body.games,
        winner: matchWinner(body.games)!,
        playedAt: playedAtOf(body.playedAt),
        status,
        loggedBy: access.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (row!.status === "confirmed")
      await recomputeLadder(tx, access.organizationId, body.format, now, keyOf(row!));
    effects.push(...autoCount(row!));
    return row!;
  });
  return result;
}

export async function editMatch(
  deps: Writes,
  access: ClubAccess,
  matchId: string,
  body: MatchBody,
  now: Date,
) {
  const { result } = await withEffects(deps, async (tx, effects) => {
    const before = await lockedMatch(tx, access.organizationId, matchId);
    await assertPlayedInClubLife(tx, access.organizationId, body.playedAt, now);
    await assertMembers(tx, access.organizationId, [...body.teamA, ...body.teamB]);
    const [row] = await tx
      .update(matches)
      .set({
        format: body.format,
        teamA: body.teamA,
        teamB: body.teamB,
        games: body.games,
        winner: matchWinner(body.games)!,
        playedAt: playedAtOf(body.playedAt),
        updatedAt: now,
      })
      .where(eq(matches.id, before.id))
      .returning();
    // Both formats' locks first, always in the same order: two edits moving matches between
    // formats in opposite directions would otherwise each hold one and wait for the other.
    // Then the old format first, which takes the match's rows out of its history.
    const formats = [...new Set<MatchFormat>([before.format, body.format])];
    for (const format of [...formats].sort()) await lockLadder(tx, access.organizationId, format);
    // Each format replays from the earliest place the match held in it, before or after.
    for (const format of formats) {
      const places = [before, row!].filter((m) => m.format === format).map(keyOf);
      await recomputeLadder(tx, access.organizationId, format, now, earliest(places));
    }
    // Its format may have changed: the replay at 48 h must be the new format's.
    effects.push(...autoCount(row!));
    return row!;
  });
  return result;
}

export function deleteMatch(db: Db, access: ClubAccess, matchId: string, now: Date) {
  return db.transaction(async (tx) => {
    const row = await lockedMatch(tx, access.organizationId, matchId);
    // The ladder's lock before the delete: see withdrawMatches (game-matches.ts).
    await lockLadder(tx, access.organizationId, row.format);
    if (await stepBack(tx, access.organizationId, row.format, keyOf(row), now)) return;
    await tx.delete(matches).where(eq(matches.id, row.id));
    await recomputeLadder(tx, access.organizationId, row.format, now, keyOf(row));
  });
}

/** The other side of a logged match: whoever is not on the logger's team. */
export const answeringSide = (row: Pick<MatchRow, "teamA" | "teamB" | "loggedBy">) =>
  row.loggedBy && row.teamA.includes(row.loggedBy) ? row.teamB : row.teamA;

export function answerMatch(
  db: Db,
  access: ClubAccess,
  matchId: string,
  answer: "confirm" | "dispute",
  now: Date,
) {
  return db.transaction(async (tx) => {
    const row = await lockedMatch(tx, access.organizationId, matchId);
    if (!answeringSide(row).includes(access.userId)) throw forbidden(problems.notYours);
    if (row.status !== "pending") throw new AppError("MATCH_ANSWERED", problems.answered);
    const [updated] = await tx
      .update(matches)
      .set({
        status: answer === "confirm" ? "confirmed" : "disputed",
        answeredBy: access.userId,
        updatedAt: now,
      })
      .where(eq(matches.id, row.id))
      .returning();
    // A pending match may already count (after 48 hours): either answer can change the ratings.
    await recomputeLadder(tx, access.organizationId, row.format, now, keyOf(row));
    return updated!;
  });
}

export function decideMatch(
  db: Db,
  access: ClubAccess,
  matchId: string,
  outcome: "count" | "void",
  now: Date,
) {
  return db.transaction(async (tx) => {
    const row = await lockedMatch(tx, access.organizationId, matchId);
    if (row.status !== "disputed") throw new AppError("MATCH_NOT_DISPUTED", problems.notDisputed);
    const [updated] = await tx
      .update(matches)
      .set({ status: outcome === "count" ? "confirmed" : "voided", updatedAt: now })
      .where(eq(matches.id, row.id))
      .returning();
    await recomputeLadder(tx, access.organizationId, row.format, now, keyOf(row));
    return updated!;
  });
}
