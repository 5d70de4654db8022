// Reading sessions: the club's lists (upcoming, past, all), a session with its counts or its
// list of players, and the live session. The players checked in are read in
// registrant-reads.ts, the next sessions as other pages show them in schedule-reads.ts.

import { createHash } from "node:crypto";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { pageFrom } from "../../../shared/contracts/paging.js";
import type { Session } from "../../../shared/contracts/sessions.js";
import { PAST_PAGE_SIZE, UPCOMING_PAGE_SIZE } from "../../../shared/contracts/sessions.js";
import type { Db, Queryable, Tx } from "../../db/database.js";
import { preparedStatement } from "../../db/prepared.js";
import { sessions } from "../../db/schema/sessions.js";
import { clubReads } from "../../platform/club-reads/club-reads.js";
import { AppError, notFound } from "../../platform/errors/app-error.js";
import { guestRulesOf, timeZoneOf } from "../clubs/service.js";
import { registrationsJson, toRegistrations } from "./registration-list.js";

type SessionRow = typeof sessions.$inferSelect;

/**
 * A lottery seed's fingerprint, its SHA-256 as hex: shown from when the lottery is set, while
 * the seed stays secret until the draw publishes it and anyone can check the two agree.
 */
export const seedFingerprint = (seed: string) => createHash("sha256").update(seed).digest("hex");

// Written out in SQL: inside a subquery drizzle would print the outer column unqualified, and
// "id" would then bind to the registration's own id. The club comes first so that each count
// reads the (club, session) index: by session alone no index serves it, and each count would
// read every registration of every club.
const counts = {
  registeredCount: sql<number>`(select count(*)::int from session_registrations r
    where r.organization_id = "sessions"."organization_id" and r.session_id = "sessions"."id"
      and holds_place(r.status))`,
  waitlistCount: sql<number>`(select count(*)::int from session_registrations r
    where r.organization_id = "sessions"."organization_id" and r.session_id = "sessions"."id"
      and r.status = 'waitlisted')`,
};

export function toSession(
  row: SessionRow,
  tally: { registeredCount: number; waitlistCount: number },
): Session {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    paymentRequired: row.paymentRequired,
    paymentAmount: row.paymentAmount,
    refundCutoffHours: row.refundCutoffHours,
    capacity: row.capacity,
    skillMin: row.skillMin,
    skillMax: row.skillMax,
    status: row.status,
    seriesId: row.seriesId,
    registeredCount: tally.registeredCount,
    waitlistCount: tally.waitlistCount,
    registrationOpensAt: row.registrationOpensAt?.toISOString() ?? null,
    earlyOpensAt: row.earlyOpensAt?.toISOString() ?? null,
    lotteryDrawAt: row.lotteryDrawAt?.toISOString() ?? null,
    lotteryLookbackDays: row.lotteryLookbackDays,
    lotteryGuaranteeAfter: row.lotteryGuaranteeAfter,
    lotterySeedHash: row.lotterySeed === null ? null : seedFingerprint(row.lotterySeed),
    lotteryDrawnAt: row.lotteryDrawnAt?.toISOString() ?? null,
    noShowReleaseMinutes: row.noShowReleaseMinutes,
    noShowsReleasedAt: row.noShowsReleasedAt?.toISOString() ?? null,
    teams: row.teams,
    membersOnly: row.membersOnly,
  };
}

/**
 * Upcoming: scheduled sessions that have not ended, soonest first (one whose start has passed is
 * on "now": an organizer entering tonight's session at 22:08 for 22:00 must still find it and
 * start it), and active ones, for the board.
 */
/**
 * Sessions still to come, soonest first, a page at a time: scheduled and not yet ended, or
 * active. Each page starts after the last of the one before, by its start (to the
 * microsecond) and id.
 */
const upcomingSessionRows = (after: boolean) =>
  preparedStatement(after ? "upcoming_sessions_after" : "upcoming_sessions_first", (db) =>
    db
      .select({ session: sessions, ...counts, startKey: sql<string>`${sessions.startsAt}::text` })
      .from(sessions)
      .where(
        and(
          eq(sessions.organizationId, sql.placeholder("organizationId")),
          sql`((${sessions.status} = 'scheduled' and ${sessions.endsAt} > ${sql.placeholder("now")}) or ${sessions.status} = 'active')`,
          after
            ? sql`(${sessions.startsAt}, ${sessions.id}) > (${sql.placeholder("afterStart")}::timestamptz, ${sql.placeholder("afterId")}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(sessions.startsAt), asc(sessions.id))
      .limit(sql.placeholder("limit")),
  );
const firstUpcomingSessions = upcomingSessionRows(false);
const upcomingSessionsAfter = upcomingSessionRows(true);

const everySession = preparedStatement("every_session", (db) =>
  db
    .select({ session: sessions, ...counts })
    .from(sessions)
    .where(eq(sessions.organizationId, sql.placeholder("organizationId")))
    .orderBy(asc(sessions.startsAt))
    .limit(500),
);

/**
 * Sessions whose night is over, newest first, a page at a time: completed, cancelled, or
 * scheduled and ended without being started. Their records are what the Past tab opens. Each
 * page starts after the last of the one before, by its start (to the microsecond) and id.
 */
const pastSessionRows = (after: boolean) =>
  preparedStatement(after ? "past_sessions_after" : "past_sessions_first", (db) =>
    db
      .select({ session: sessions, ...counts, startKey: sql<string>`${sessions.startsAt}::text` })
      .from(sessions)
      .where(
        and(
          eq(sessions.organizationId, sql.placeholder("organizationId")),
          sql`(${sessions.status} in ('completed', 'cancelled') or (${sessions.status} = 'scheduled' and ${sessions.endsAt} <= ${sql.placeholder("now")}))`,
          after
            ? sql`(${sessions.startsAt}, ${sessions.id}) < (${sql.placeholder("afterStart")}::timestamptz, ${sql.placeholder("afterId")}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(sessions.startsAt), desc(sessions.id))
      .limit(sql.placeholder("limit")),
  );
const firstPastSessions = pastSessionRows(false);
const pastSessionsAfter = pastSessionRows(true);

/** When the next scheduled session ends (and joins the past ones): null when none is to end. */
const nextToEnd = preparedStatement("next_session_to_end", (db) =>
  db
    // As milliseconds: a timestamp's own text is not one every Date parses.
    .select({ at: sql<number | null>`(extract(epoch from min(${sessions.endsAt})) * 1000)::float8` })
    .from(sessions)
    .where(
      and(
        eq(sessions.organizationId, sql.placeholder("organizationId")),
        eq(sessions.status, "scheduled"),
        sql`${sessions.endsAt} > ${sql.placeholder("now")}`,
      ),
    ),
);

/** The statements that read each paged scope's first page, and its pages after a cursor. */
const pageStatements = {
  past: { first: firstPastSessions, after: pastSessionsAfter },
  upcoming: { first: firstUpcomingSessions, after: upcomingSessionsAfter },
};

async function readSessionPage(
  db: Queryable,
  scope: keyof typeof pageStatements,
  organizationId: string,
  now: Date,
  page: { limit: number; after?: [string, string] | undefined },
) {
  const { first, after } = pageStatements[scope];
  const values = { organizationId, now: now.toISOString(), limit: page.limit + 1 };
  const rows = page.after
    ? await after(db, { ...values, afterStart: page.after[0], afterId: page.after[1] })
    : await first(db, values);
  const { rows: shown, next } = pageFrom(rows, page.limit, (r) => [r.startKey, r.session.id]);
  return { sessions: shown.map((r) => toSession(r.session, r)), next };
}

/** Each paged scope's page size, unless a reader asks for another. */
const PAGE_SIZES = { past: PAST_PAGE_SIZE, upcoming: UPCOMING_PAGE_SIZE };

/**
 * A page of the sessions over (newest first) or to come (soonest first). The first page as the
 * list opens it is kept (platform/club-reads) until the club's data changes or the next
 * scheduled session ends: it then moves from the sessions to come to the past ones, with no
 * write to tell a cache. The pages after are read each time. Shared between requests: callers
 * must not change it.
 */
export async function sessionPage(
  db: Db,
  scope: keyof typeof pageStatements,
  organizationId: string,
  now: Date,
  { limit = PAGE_SIZES[scope], after }: { limit?: number; after?: [string, string] | undefined } = {},
) {
  const page = { limit, after };
  if (after || limit !== PAGE_SIZES[scope]) return readSessionPage(db, scope, organizationId, now, page);
  return clubReads(db).read(
    organizationId,
    `sessions:${scope}`,
    async () => {
      const [value, [ends]] = await Promise.all([
        readSessionPage(db, scope, organizationId, now, page),
        nextToEnd(db, { organizationId, now: now.toISOString() }),
      ]);
      return { value, until: ends?.at == null ? null : new Date(Number(ends.at)) };
    },
    now,
  );
}

/**
 * Every session of the club (?scope=all), kept by this instance until the club's data changes
 * (platform/club-reads); the list is shared between requests: callers must not change it.
 */
export async function everySessionOf(db: Db, organizationId: string, now: Date) {
  return clubReads(db).read(
    organizationId,
    "sessions:all",
    async () => {
      const rows = await everySession(db, { organizationId });
      return { value: rows.map((r) => toSession(r.session, r)), until: null };
    },
    now,
  );
}

// With the club's time zone, which every view of a session shows its times in.
const sessionWithCounts = preparedStatement("session_with_counts", (db) =>
  db
    .select({ session: sessions, ...counts, timeZone: timeZoneOf(sessions.organizationId) })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sql.placeholder("sessionId")),
        eq(sessions.organizationId, sql.placeholder("organizationId")),
      ),
    ),
);

// A session's page: the session, its time zone and its list, in one statement.
const sessionWithList = preparedStatement("session_with_list", (db) =>
  db
    .select({
      session: sessions,
      timeZone: timeZoneOf(sessions.organizationId),
      guestRules: guestRulesOf(sessions.organizationId),
      registrations: registrationsJson(),
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sql.placeholder("sessionId")),
        eq(sessions.organizationId, sql.placeholder("organizationId")),
      ),
    ),
);

/**
 * The session with its counts, time zone and list of registrations (cancelled ones left out),
 * kept by this instance until the club's data changes (platform/club-reads). Shared between
 * requests: callers must not change it.
 */
export function getSessionWithList(db: Db, organizationId: string, sessionId: string) {
  return clubReads(db).read(organizationId, `session:${sessionId}`, async () => {
    const [row] = await sessionWithList(db, { organizationId, sessionId });
    if (!row) throw notFound("Session not found");
    const registrations = toRegistrations(row.registrations);
    // Counted from the list rather than by PostgreSQL: the list holds every registration counted.
    const value = {
      ...row,
      registrations,
      registeredCount: row.registrations.filter((r) => r.holdsPlace).length,
      waitlistCount: registrations.filter((r) => r.status === "waitlisted").length,
    };
    return { value };
  });
}

export async function getSession(db: Db | Tx, organizationId: string, sessionId: string) {
  const [row] = await sessionWithCounts(db, { organizationId, sessionId });
  if (!row) throw notFound("Session not found");
  return row;
}

/** The session's own row, without the counts. */
export async function sessionRow(db: Queryable, organizationId: string, sessionId: string) {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.organizationId, organizationId)));
  if (!row) throw notFound("Session not found");
  return row;
}

/** The club's live session: the active one that started most recently. */
export async function activeSession(db: Queryable, organizationId: string) {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.organizationId, organizationId), eq(sessions.status, "active")))
    .orderBy(sql`${sessions.startsAt} desc`)
    .limit(1);
  return row ?? null;
}

/** A scheduled session of the club on now (its start passed, its end not), the soonest first. */
export async function scheduledOnNow(db: Queryable, organizationId: string, now: Date) {
  const [row] = await db
    .select({ id: sessions.id, name: sessions.name })
    .from(sessions)
    .where(
      and(
        eq(sessions.organizationId, organizationId),
        eq(sessions.status, "scheduled"),
        sql`${sessions.startsAt} <= ${now}`,
        sql`${sessions.endsAt} > ${now}`,
      ),
    )
    .orderBy(asc(sessions.startsAt))
    .limit(1);
  return row ?? null;
}

export async function requireActiveSession(db: Queryable, organizationId: string) {
  const session = await activeSession(db, organizationId);
  if (!session)
    throw new AppError("NO_ACTIVE_SESSION", "There is no active session. Start one from its page.");
  return session;
}

/** The sessions of a weekly series (a league's weeks), in date order. */
export async function sessionsOfSeries(db: Queryable, organizationId: string, seriesId: string) {
  return db
    .select({
      id: sessions.id,
      name: sessions.name,
      startsAt: sessions.startsAt,
      endsAt: sessions.endsAt,
      status: sessions.status,
    })
    .from(sessions)
    .where(and(eq(sessions.organizationId, organizationId), eq(sessions.seriesId, seriesId)))
    .orderBy(asc(sessions.startsAt));
}
