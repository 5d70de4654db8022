// Scheduling: listing, creating (with a weekly repeat in the club's time zone), editing and
// the lifecycle scheduled -> active -> completed, or cancelled.
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, gte, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import type { CreateSessionBody, Session, SessionBodyFields } from "../../../shared/contracts/sessions.js";
import { createSessionBody, updateSessionBody } from "../../../shared/contracts/sessions.js";
import { dollarsToCents } from "../../../shared/domain/money.js";
import { addWeeksInZone } from "../../../shared/domain/time-zones.js";
import type { AppDeps, UseCaseDeps } from "../../app-deps.js";
import type { Db, Queryable, Tx } from "../../db/database.js";
import { isoInstant } from "../../db/json.js";
import { preparedStatement } from "../../db/prepared.js";
import { calendarFeeds, payments, sessionRegistrations, sessions } from "../../db/schema/sessions.js";
import { clubReads } from "../../platform/club-reads/club-reads.js";
import { AppError, notFound } from "../../platform/errors/app-error.js";
import { type Effect, withEffects } from "../../platform/jobs/outbox.js";
import { peopleSubquery } from "../account/service.js";
import { clubRunning, upgradeRequired } from "../billing/service.js";
import { clubTimeZone, timeZoneOf } from "../clubs/service.js";
import { placeEffects, sessionCompleted } from "./effects.js";
import { cancellationEmails } from "./notices.js";
import { refundWholeSession } from "./payment-outcomes.js";
import { assertCanSchedulePaid } from "./payments-ready.js";
import { refundJobs } from "./refunds.js";
import { registrantName, registrationsJson, toRegistrations } from "./registration-list.js";
import { lockSessionReleasingHolds, promoteFromWaitlist } from "./registrations.js";

type SessionRow = typeof sessions.$inferSelect;

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
  };
}

/**
 * SPEC §2: scheduled sessions that have not ended, soonest first (one whose start has passed is
 * on "now": an organizer entering tonight's session at 22:08 for 22:00 must still find it and
 * start it), and active ones, for the board.
 */
const upcomingSessions = preparedStatement("upcoming_sessions", (db) =>
  db
    .select({ session: sessions, ...counts })
    .from(sessions)
    .where(
      and(
        eq(sessions.organizationId, sql.placeholder("organizationId")),
        sql`((${sessions.status} = 'scheduled' and ${sessions.endsAt} > ${sql.placeholder("now")}) or ${sessions.status} = 'active')`,
      ),
    )
    .orderBy(asc(sessions.startsAt))
    .limit(500),
);

const everySession = preparedStatement("every_session", (db) =>
  db
    .select({ session: sessions, ...counts })
    .from(sessions)
    .where(eq(sessions.organizationId, sql.placeholder("organizationId")))
    .orderBy(asc(sessions.startsAt))
    .limit(500),
);

/**
 * Sessions whose night is over, newest first: completed, cancelled, or scheduled and ended
 * without being started. Their records are what the Past tab opens.
 */
const pastSessions = preparedStatement("past_sessions", (db) =>
  db
    .select({ session: sessions, ...counts })
    .from(sessions)
    .where(
      and(
        eq(sessions.organizationId, sql.placeholder("organizationId")),
        sql`(${sessions.status} in ('completed', 'cancelled') or (${sessions.status} = 'scheduled' and ${sessions.endsAt} <= ${sql.placeholder("now")}))`,
      ),
    )
    .orderBy(desc(sessions.startsAt))
    .limit(500),
);

/**
 * The club's sessions as every member sees them. Upcoming and all are kept by this instance
 * until the club's data changes (platform/club-reads) or, for the upcoming ones, until the
 * first of them ends and drops out; the list is shared between requests: callers must not
 * change it. Past is read each time.
 */
export async function listSessions(
  db: Db,
  organizationId: string,
  now: Date,
  scope: "upcoming" | "past" | "all",
) {
  // Read each time: a scheduled session moves here when its end passes, with no write to tell a cache.
  if (scope === "past") {
    const rows = await pastSessions(db, { organizationId, now: now.toISOString() });
    return rows.map((r) => toSession(r.session, r));
  }
  const read = async () => {
    const rows =
      scope === "upcoming"
        ? await upcomingSessions(db, { organizationId, now: now.toISOString() })
        : await everySession(db, { organizationId });
    const value = rows.map((r) => toSession(r.session, r));
    const ends = value.filter((s) => s.status === "scheduled").map((s) => Date.parse(s.endsAt));
    const firstToEnd = ends.length > 0 ? new Date(Math.min(...ends)) : null;
    return { value, until: scope === "upcoming" ? firstToEnd : null };
  };
  return clubReads(db).read(organizationId, `sessions:${scope}`, read, now);
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

export async function requireActiveSession(db: Queryable, organizationId: string) {
  const session = await activeSession(db, organizationId);
  if (!session)
    throw new AppError("NO_ACTIVE_SESSION", "There is no active session. Start one from its page.");
  return session;
}

/** Who is checked in and still registered, in check-in order, with the names the board shows. */
export async function checkedInPlayers(
  db: Queryable,
  sessionId: string,
): Promise<Array<{ id: string; userId: string | null; name: string }>> {
  // With each member's name in the same statement: the board asks on every action, under its lock.
  const everyone = peopleSubquery();
  const rows = await db
    .select({
      id: sessionRegistrations.id,
      userId: sessionRegistrations.userId,
      guestName: sessionRegistrations.guestName,
      personName: everyone.personName,
    })
    .from(sessionRegistrations)
    .leftJoin(everyone, eq(everyone.personId, sessionRegistrations.userId))
    .where(
      and(
        eq(sessionRegistrations.sessionId, sessionId),
        eq(sessionRegistrations.status, "registered"),
        isNotNull(sessionRegistrations.checkedInAt),
      ),
    )
    .orderBy(asc(sessionRegistrations.checkedInAt), asc(sessionRegistrations.seq));
  return rows.map((r) => ({ id: r.id, userId: r.userId, name: registrantName(r) }));
}

function sessionValues(body: SessionBodyFields) {
  const cents =
    body.paymentRequired && body.paymentAmount !== undefined ? dollarsToCents(body.paymentAmount) : 0;
  // A price of 0 is a free session: nobody is sent to a checkout for nothing.
  const paid = cents > 0;
  return {
    name: body.name,
    description: body.description ?? null,
    paymentRequired: paid,
    paymentAmount: paid ? cents : null,
    refundCutoffHours: body.refundCutoffHours,
    capacity: body.capacity ?? null,
    skillMin: body.skillMin ?? null,
    skillMax: body.skillMax ?? null,
  };
}

/**
 * Schedules a session, or a weekly series; after an expired trial, it asks for an upgrade. A
 * paid one needs a payout account that takes charges (payments-ready.ts), whoever schedules it:
 * an organizer, the demo or a job.
 */
export async function createSessions(
  deps: AppDeps,
  organizationId: string,
  userId: string,
  input: CreateSessionBody,
): Promise<Session[]> {
  const { db } = deps.database;
  const body = createSessionBody.parse(input);
  if (!(await clubRunning(deps, organizationId))) throw upgradeRequired();
  const values = sessionValues(body);
  if (values.paymentRequired) await assertCanSchedulePaid(db, organizationId);
  const timeZone = await clubTimeZone(db, organizationId);
  const startsAt = new Date(body.startsAt);
  const endsAt = new Date(body.endsAt);
  const seriesId = body.repeatWeeks > 1 ? randomUUID() : null;
  // Each week keeps the same wall-clock times in the club's zone, across daylight-saving changes.
  const occurrences = Array.from({ length: body.repeatWeeks }, (_, week) => ({
    organizationId,
    ...values,
    startsAt: addWeeksInZone(startsAt, week, timeZone),
    endsAt: addWeeksInZone(endsAt, week, timeZone),
    status: "scheduled" as const,
    seriesId,
    createdBy: userId,
  }));
  const rows = await db.insert(sessions).values(occurrences).returning();
  return rows.map((row) => toSession(row, { registeredCount: 0, waitlistCount: 0 }));
}

/**
 * Edits a session under its lock, as every change to its places is made: the capacity is
 * checked against the places taken now, and a capacity raised moves the waitlist up into the
 * new places (each promoted player hears it, as after a cancellation).
 *
 * Moving a session to another time schedules it anew, so after an expired trial it asks for
 * an upgrade as creating one does; its name, description and the like stay editable. Making a
 * free session paid asks for a payout account that takes charges, as creating a paid one does;
 * a session already paid stays editable if the account is disabled later (its players paid).
 */
export async function updateSession(
  deps: AppDeps,
  organizationId: string,
  sessionId: string,
  input: unknown,
) {
  const body = updateSessionBody.parse(input);
  const now = deps.now();
  // Asked before the lock: the check may re-read the provider, which no transaction waits on.
  const running = await clubRunning(deps, organizationId);
  const startsAt = new Date(body.startsAt);
  const endsAt = new Date(body.endsAt);
  const { result } = await withEffects(deps, async (tx, effects) => {
    // Holds run out are released first, as registering does: they hold no place any more.
    const { promotions: released } = await lockSessionReleasingHolds(tx, organizationId, sessionId, now);
    const current = await getSession(tx, organizationId, sessionId);
    if (current.session.status === "completed" || current.session.status === "cancelled") {
      throw new AppError("SESSION_CLOSED", "A completed or cancelled session cannot be edited.");
    }
    const rescheduled =
      current.session.startsAt.getTime() !== startsAt.getTime() ||
      current.session.endsAt.getTime() !== endsAt.getTime();
    if (rescheduled && !running) throw upgradeRequired();
    if (body.capacity !== undefined && body.capacity < current.registeredCount) {
      throw new AppError(
        "CAPACITY_BELOW_REGISTERED",
        `${current.registeredCount} players are registered: the capacity cannot go below that.`,
      );
    }
    const values = sessionValues(body);
    if (current.registeredCount > 0 && values.paymentRequired !== current.session.paymentRequired) {
      throw new AppError(
        "PAYMENT_LOCKED",
        "Players have registered: the session cannot switch between free and paid.",
      );
    }
    if (values.paymentRequired && !current.session.paymentRequired) {
      await assertCanSchedulePaid(tx, organizationId);
    }
    const [edited] = await tx
      .update(sessions)
      .set({ ...values, startsAt, endsAt, updatedAt: now })
      .where(and(eq(sessions.id, sessionId), eq(sessions.organizationId, organizationId)))
      .returning();
    const promotions = await promoteFromWaitlist(tx, edited!, now);
    effects.push(
      ...(await placeEffects(tx, deps.config, { refunds: [], promotions: [...released, ...promotions] })),
    );
    // Each promotion moved one from the waitlist into a place: no need to count again.
    return toSession(edited!, {
      registeredCount: current.registeredCount + promotions.length,
      waitlistCount: current.waitlistCount - promotions.length,
    });
  });
  return result;
}

const transitions = {
  start: { from: ["scheduled"], to: "active" },
  complete: { from: ["active"], to: "completed" },
  cancel: { from: ["scheduled", "active"], to: "cancelled" },
} as const;

/**
 * Moves a session along its lifecycle; a cancelled session also owes back what was paid, and
 * everyone still in it hears that it will not happen.
 */
export async function transition(
  deps: UseCaseDeps,
  organizationId: string,
  sessionId: string,
  action: keyof typeof transitions,
) {
  const rule = transitions[action];
  const { result } = await withEffects(deps, async (tx, effects) => {
    const [row] = await tx
      .update(sessions)
      .set({ status: rule.to, updatedAt: new Date() })
      .where(
        and(
          eq(sessions.id, sessionId),
          eq(sessions.organizationId, organizationId),
          inArray(sessions.status, [...rule.from]),
        ),
      )
      .returning();
    if (!row) {
      await getSession(tx, organizationId, sessionId);
      throw new AppError(
        "INVALID_TRANSITION",
        `This session cannot be ${action === "start" ? "started" : `${action}d`} now.`,
      );
    }
    if (action === "cancel") effects.push(...(await cancelled(tx, deps, row)));
    if (action === "complete") effects.push(sessionCompleted(organizationId, sessionId));
    return row;
  });
  return result;
}

/** What a session just cancelled owes: every payment back, and a word to everyone still in it. */
async function cancelled(tx: Tx, deps: Pick<UseCaseDeps, "config" | "now">, row: SessionRow) {
  const refunds = await refundWholeSession(tx, row, deps.now());
  return [...refundJobs(refunds), ...(await cancellationEmails(tx, deps.config.appUrl, row.id, refunds))];
}

/**
 * Cancels every scheduled or active session of the club, each as `transition(..., "cancel")`
 * does, inside the caller's transaction (closing the club): the effects are the caller's to queue.
 */
export async function cancelOpenSessions(
  tx: Tx,
  deps: Pick<UseCaseDeps, "config" | "now">,
  organizationId: string,
): Promise<{ sessionIds: string[]; effects: Effect[] }> {
  const rows = await tx
    .update(sessions)
    .set({ status: transitions.cancel.to, updatedAt: deps.now() })
    .where(
      and(
        eq(sessions.organizationId, organizationId),
        inArray(sessions.status, [...transitions.cancel.from]),
      ),
    )
    .returning();
  const effects: Effect[] = [];
  for (const row of rows) effects.push(...(await cancelled(tx, deps, row)));
  return { sessionIds: rows.map((row) => row.id), effects };
}

/** The club's calendar feed stops answering (closing the club). */
export async function dropCalendarFeed(tx: Tx, organizationId: string): Promise<void> {
  await tx.delete(calendarFeeds).where(eq(calendarFeeds.organizationId, organizationId));
}

/** A scheduled session as the club page and the weekly summary show it; instants as ISO text. */
type Scheduled = {
  id: string;
  name: string;
  startsAt: string;
  endsAt: string;
  paymentRequired: boolean;
  paymentAmount: number | null;
};

/**
 * The next scheduled sessions from the placeholder `now` of the club `organizationId` (the
 * outer query's column, qualified), soonest first, at most the placeholder `limit`: one JSON
 * column, so that the club's public page reads the club and its sessions in one statement.
 */
export function nextScheduledSessionsJson(organizationId: SQL): SQL<Scheduled[]> {
  return sql<Scheduled[]>`(select coalesce(json_agg(json_build_object(
      'id', s.id, 'name', s.name,
      'startsAt', ${isoInstant(sql`s.starts_at`)}, 'endsAt', ${isoInstant(sql`s.ends_at`)},
      'paymentRequired', s.payment_required, 'paymentAmount', s.payment_amount
    ) order by s.starts_at), '[]'::json)
    from (select * from sessions s
      where s.organization_id = ${organizationId} and s.status = 'scheduled'
        and s.starts_at >= ${sql.placeholder("now")}
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

/** A session fee found by the provider's checkout or charge reference. */
export async function paymentByRef(
  db: Queryable,
  by: "providerRef" | "providerPaymentRef",
  ref: string,
): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments[by], ref));
  return row ?? null;
}

export type PaymentRow = typeof payments.$inferSelect;

export async function paymentById(db: Queryable, paymentId: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return row ?? null;
}

/** The payments whose refund was decided and not yet made. */
export async function refundsOwed(db: Queryable): Promise<string[]> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.status, "refund_pending"));
  return rows.map((r) => r.id);
}

/**
 * Before a closed club's rows are removed: locks its sessions, then its payments (the order
 * every writer takes), and answers how many payments are still owed back. While the caller's
 * transaction lasts, no payment of the club can become owed.
 */
export async function lockClubPayments(tx: Tx, organizationId: string): Promise<{ refundsPending: number }> {
  await tx
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.organizationId, organizationId))
    .for("update");
  const rows = await tx
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.organizationId, organizationId))
    .for("update");
  return { refundsPending: rows.filter((row) => row.status === "refund_pending").length };
}

/** Records a refund made at the provider (by our job, or in the provider's dashboard) if the payment is still `from`. */
export async function markRefunded(
  db: Queryable,
  paymentId: string,
  refundRef: string | null,
  from: Array<PaymentRow["status"]>,
): Promise<void> {
  await db
    .update(payments)
    .set({ status: "refunded", ...(refundRef ? { refundRef } : {}), updatedAt: new Date() })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, from)));
}

export async function upcomingForFeed(db: Db, organizationId: string, since: Date) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.organizationId, organizationId), gte(sessions.startsAt, since)))
    .orderBy(asc(sessions.startsAt))
    .limit(1000);
}

export {
  addWalkIn,
  addWalkIns,
  type BulkCheckIn,
  selfCheckIn,
  setCheckedIn,
  type WalkIn,
} from "./check-in.js";
export { SESSION_COMPLETED, type SessionCompleted } from "./effects.js";
export { type LedgerEntry, ledgerEntries, ledgersBetween } from "./ledger.js";
export { refundMessage } from "./notices.js";
// What other features may use of this one (scripts/check-boundaries.mjs).
export type { RefundDecision } from "./payment-outcomes.js";
export { abandonPayment, confirmPayment } from "./payment-outcomes.js";
export { cancelRegistration, register } from "./registrations.js";
