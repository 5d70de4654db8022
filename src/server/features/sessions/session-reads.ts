// Reading sessions: the club's lists (upcoming, past, all), a session with its counts or its
// list of players, the live session and who is checked in, and the next scheduled sessions
// as the club page, the weekly summary and the calendar feed show them.

import { createHash } from "node:crypto";
import { and, asc, desc, eq, getTableColumns, gte, inArray, isNotNull, ne, type SQL, sql } from "drizzle-orm";
import { pageFrom } from "../../../shared/contracts/paging.js";
import type { Session } from "../../../shared/contracts/sessions.js";
import { PAST_PAGE_SIZE, UPCOMING_PAGE_SIZE } from "../../../shared/contracts/sessions.js";
import type { TeamRule } from "../../../shared/rotation/types.js";
import type { Db, Queryable, Tx } from "../../db/database.js";
import { isoInstant } from "../../db/json.js";
import { preparedStatement } from "../../db/prepared.js";
import { qualified } from "../../db/qualified.js";
import { sessionRegistrations, sessions } from "../../db/schema/sessions.js";
import { clubReads } from "../../platform/club-reads/club-reads.js";
import { AppError, notFound } from "../../platform/errors/app-error.js";
import { peopleSubquery } from "../account/service.js";
import { guestRulesOf, timeZoneOf } from "../clubs/service.js";
import { registrantName, registrationsJson, toRegistrations } from "./registration-list.js";

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

/** A registration with its person's name (a guest's own), as the board and events show it. */
export type NamedRegistration = { id: string; userId: string | null; name: string };

/** The session's registrations `where` says, each with its name (and status) read in one statement. */
async function namedRegistrationRows(db: Queryable, where: SQL | undefined, order: SQL[] = []) {
  const everyone = peopleSubquery();
  const rows = await db
    .select({
      id: sessionRegistrations.id,
      userId: sessionRegistrations.userId,
      guestName: sessionRegistrations.guestName,
      status: sessionRegistrations.status,
      // The SQL rule's answer (schema/rules/place-rules.sql), not a second list of statuses here.
      holdsPlace: sql<boolean>`holds_place(${sessionRegistrations.status})`,
      personName: everyone.personName,
    })
    .from(sessionRegistrations)
    .leftJoin(everyone, eq(everyone.personId, sessionRegistrations.userId))
    .where(where)
    .orderBy(...order);
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    name: registrantName(r),
    status: r.status,
    holdsPlace: r.holdsPlace,
  }));
}

async function namedRegistrations(db: Queryable, where: SQL | undefined, order: SQL[] = []) {
  const rows = await namedRegistrationRows(db, where, order);
  return rows.map(({ id, userId, name }): NamedRegistration => ({ id, userId, name }));
}

/** The session's registrations checked in and still registered. */
const checkedIn = (sessionId: string) =>
  and(
    eq(sessionRegistrations.sessionId, sessionId),
    eq(sessionRegistrations.status, "registered"),
    isNotNull(sessionRegistrations.checkedInAt),
  );

/** Who is checked in and still registered, in check-in order, with the names the board shows. */
export function checkedInPlayers(db: Queryable, sessionId: string): Promise<NamedRegistration[]> {
  // With each member's name in the same statement: the board asks on every action, under its lock.
  return namedRegistrations(db, checkedIn(sessionId), [
    asc(sessionRegistrations.checkedInAt),
    asc(sessionRegistrations.seq),
  ]);
}

/**
 * The ids of those checkedInPlayers answers, as a subquery: the board compares its queue with
 * check-in in the statement that brings it in line.
 */
export const checkedInIds = (sessionId: string): SQL =>
  sql`select ${qualified(sessionRegistrations.id)} from ${sessionRegistrations} where ${checkedIn(sessionId)}`;

/** When each of those checked in did so (ms, by registration): where their first wait starts. */
export async function checkInTimes(db: Queryable, sessionId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: sessionRegistrations.id, at: sessionRegistrations.checkedInAt })
    .from(sessionRegistrations)
    .where(checkedIn(sessionId));
  return new Map(rows.map((r) => [r.id, r.at!.getTime()]));
}

/**
 * Everyone signed up for the session and not cancelled, with where they stand: a place, a place
 * waiting for payment, an entry in a lottery not drawn yet, or the waitlist; in arrival order.
 */
export async function signUpsOf(
  db: Queryable,
  sessionId: string,
): Promise<
  Array<
    NamedRegistration & {
      status: "registered" | "pending_payment" | "entered" | "waitlisted";
      holdsPlace: boolean;
    }
  >
> {
  const rows = await namedRegistrationRows(
    db,
    and(eq(sessionRegistrations.sessionId, sessionId), ne(sessionRegistrations.status, "cancelled")),
    [asc(sessionRegistrations.seq)],
  );
  return rows.flatMap((r) => (r.status === "cancelled" ? [] : [{ ...r, status: r.status }]));
}

/** A scheduled session as the club page and the weekly summary show it; instants as ISO text. */
type Scheduled = {
  id: string;
  name: string;
  startsAt: string;
  endsAt: string;
  paymentRequired: boolean;
  paymentAmount: number | null;
  /** Who may make a team: a mixed night is one a player decides to come to. */
  teams: TeamRule;
  /** The league the session's weekly series is run as, when the caller asks (public page). */
  league?: string | null;
  /** Running now (started, not yet over): listed first when the caller asks (public page). */
  live: boolean;
};

/**
 * The next scheduled sessions from the placeholder `now` of the club `organizationId` (the
 * outer query's column, qualified), soonest first, at most the placeholder `limit`: one JSON
 * column, so that the club's public page reads the club and its sessions in one statement.
 */
export function nextScheduledSessionsJson(
  organizationId: SQL,
  /** More fields of each session, given by another feature from the session's columns (`s`). */
  extra: Record<string, SQL> = {},
  /** Also the sessions running now, first (their start is past): the public page shows them. */
  options: { running?: boolean } = {},
): SQL<Scheduled[]> {
  // The keys are the code's own names, never input: written into the statement as they are.
  const more = Object.entries(extra).map(([key, value]) => sql`, ${sql.raw(`'${key}'`)}, ${value}`);
  return sql<Scheduled[]>`(select coalesce(json_agg(json_build_object(
      'id', s.id, 'name', s.name,
      'startsAt', ${isoInstant(sql`s.starts_at`)}, 'endsAt', ${isoInstant(sql`s.ends_at`)},
      'paymentRequired', s.payment_required, 'paymentAmount', s.payment_amount,
      'teams', s.teams, 'live', s.status = 'active'${sql.join(more, sql``)}
    ) order by s.starts_at), '[]'::json)
    from (select * from sessions s
      where s.organization_id = ${organizationId}
        and ((s.status = 'scheduled' and s.starts_at >= ${sql.placeholder("now")})
          ${options.running ? sql`or s.status = 'active'` : sql``})
      order by s.starts_at limit ${sql.placeholder("limit")}) s)`;
}

const scheduledSessions = preparedStatement("next_scheduled_sessions", (db) =>
  db
    .select({ list: nextScheduledSessionsJson(sql`${sql.placeholder("organizationId")}::uuid`) })
    // The list is the one column of a one-row statement.
    .from(sql`(values (1)) as one (x)`),
);

/** The club's next scheduled sessions from `now`, soonest first. */
export async function nextScheduledSessions(
  db: Queryable,
  organizationId: string,
  now: Date,
  limit: number,
): Promise<Scheduled[]> {
  const [row] = await scheduledSessions(db, { organizationId, now: now.toISOString(), limit });
  return row?.list ?? [];
}

/** A name a feature above this one gives a weekly series (a league's), as a column of the statement. */
export type SeriesName = (seriesId: SQL, organizationId: SQL) => SQL<string | null>;

/** The club's sessions from `since` for its calendar feed, each with its series' name if given one. */
export async function upcomingForFeed(db: Db, organizationId: string, since: Date, seriesName?: SeriesName) {
  return db
    .select({
      ...getTableColumns(sessions),
      seriesName: seriesName
        ? seriesName(sql`${sessions.seriesId}`, sql`${sessions.organizationId}`)
        : sql<string | null>`null`,
    })
    .from(sessions)
    .where(and(eq(sessions.organizationId, organizationId), gte(sessions.startsAt, since)))
    .orderBy(asc(sessions.startsAt))
    .limit(1000);
}

/**
 * Named registrations of a session, whatever their status now: an event's entrants keep their
 * names in its record when one of them leaves early.
 */
export async function registrantsByIds(
  db: Queryable,
  sessionId: string,
  ids: readonly string[],
): Promise<NamedRegistration[]> {
  if (ids.length === 0) return [];
  return namedRegistrations(
    db,
    and(eq(sessionRegistrations.sessionId, sessionId), inArray(sessionRegistrations.id, [...ids])),
  );
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
