// Registration, the waitlist, paid places and check-in. Every change that can take or free a
// place runs with the session's row locked (SELECT ... FOR UPDATE), so concurrent requests
// queue up: capacity is never exceeded, and the waitlist keeps arrival order. Every change to
// a registration takes that lock first: the statements below that read and change one in one
// go rely on it (what they read under the lock is current). A payment is locked on its own.
// The plain registration and cancellation of a free session run as one statement each, in the
// functions of migration 0015, which take the same lock; everything else runs here.
import { and, asc, eq, getTableColumns, inArray, lt, max, ne, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Registration } from "../../../shared/contracts/sessions.js";
import type { UseCaseDeps } from "../../app-deps.js";
import type { Queryable, Tx } from "../../db/database.js";
import { isoInstant } from "../../db/json.js";
import { preparedStatement } from "../../db/prepared.js";
import { qualified } from "../../db/qualified.js";
import { payments, sessionRegistrations, sessions } from "../../db/schema/sessions.js";
import { AppError, notFound } from "../../platform/errors/app-error.js";
import { withEffects } from "../../platform/jobs/outbox.js";
import { peopleFields, peopleSubquery } from "../account/service.js";
import { holdExpiry, placeEffects } from "./effects.js";
import { settleCancelledPlace } from "./payment-outcomes.js";
import { clubTakesCharges, paymentsNotReady } from "./payments-ready.js";

/** How long an unpaid place is held for someone at the checkout. */
export const PAYMENT_HOLD_MINUTES = 15;
/** A waitlisted player promoted into a paid session gets longer to come and pay. */
export const PROMOTED_HOLD_HOURS = 12;

export type RegistrationRow = typeof sessionRegistrations.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
/** The statuses that hold one of the session's places. */
export const holdsPlace = ["registered", "pending_payment"] as const;

/** What happened, for the notices sent after the commit. */
export type Promotion = {
  registrationId: string;
  userId: string | null;
  organizationId: string;
  sessionId: string;
  needsPayment: boolean;
  /** When the promoted player's unpaid place is released again. */
  holdExpiresAt: Date | null;
};

export async function lockSession(tx: Tx, organizationId: string, sessionId: string): Promise<SessionRow> {
  const [row] = await tx
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.organizationId, organizationId)))
    .for("update");
  if (!row) throw notFound("Session not found");
  return row;
}

/**
 * Locks the session as lockSession does and releases its run-out holds, filling the freed
 * places from the waitlist. Whether any hold has run out by `now` comes with the lock, in the
 * same statement: almost always none has, and the release then costs nothing. The answer comes
 * from the statement's snapshot, taken before any wait for the lock: a place changed meanwhile
 * by the lock's holder was either released by it already (the release then finds nothing) or
 * held afresh (not run out).
 */
export async function lockSessionReleasingHolds(
  tx: Tx,
  organizationId: string,
  sessionId: string,
  now: Date,
) {
  const [row] = await tx
    .select({
      ...getTableColumns(sessions),
      holdsRunOut: sql<boolean>`exists (select 1 from ${sessionRegistrations} held
        where held.session_id = ${qualified(sessions.id)} and held.status = 'pending_payment'
          and held.hold_expires_at < ${now})`,
    })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.organizationId, organizationId)))
    .for("update", { of: sessions });
  if (!row) throw notFound("Session not found");
  const { holdsRunOut, ...session } = row;
  return { session, promotions: holdsRunOut ? await expireHolds(tx, session, now) : [] };
}

export async function placesTaken(tx: Tx, sessionId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(sessionRegistrations)
    .where(
      and(
        eq(sessionRegistrations.sessionId, sessionId),
        inArray(sessionRegistrations.status, [...holdsPlace]),
      ),
    );
  return row?.n ?? 0;
}

export async function nextSeq(tx: Tx, sessionId: string): Promise<number> {
  const [row] = await tx
    .select({ n: max(sessionRegistrations.seq) })
    .from(sessionRegistrations)
    .where(eq(sessionRegistrations.sessionId, sessionId));
  return (row?.n ?? 0) + 1;
}

// take_free_place (migration 0015) repeats this rule for the plain registration: change both.
export const hasRoom = (session: SessionRow, taken: number) =>
  session.capacity === null || taken < session.capacity;

/** Releases places whose payment hold ran out, then fills freed places from the waitlist. */
async function expireHolds(tx: Tx, session: SessionRow, now: Date): Promise<Promotion[]> {
  const expired = await tx
    .update(sessionRegistrations)
    .set({ status: "cancelled", updatedAt: now })
    .where(
      and(
        eq(sessionRegistrations.sessionId, session.id),
        eq(sessionRegistrations.status, "pending_payment"),
        lt(sessionRegistrations.holdExpiresAt, now),
      ),
    )
    .returning({ id: sessionRegistrations.id });
  if (expired.length === 0) return [];
  await tx
    .update(payments)
    .set({ status: "expired", updatedAt: now })
    .where(
      and(
        inArray(
          payments.registrationId,
          expired.map((e) => e.id),
        ),
        eq(payments.status, "pending"),
      ),
    );
  return promoteFromWaitlist(tx, session, now);
}

/** Moves waitlisted players, first come first served, into every free place. */
export async function promoteFromWaitlist(tx: Tx, session: SessionRow, now: Date): Promise<Promotion[]> {
  // A cancelled or finished session has no places to give.
  if (session.status !== "scheduled" && session.status !== "active") return [];
  const promotions: Promotion[] = [];
  for (;;) {
    const next = await nextOnWaitlist(tx, session.id);
    if (!next || !hasRoom(session, next.taken)) break;
    // Someone who paid after their hold ran out waited on the list with their money in: the
    // place is theirs without paying twice.
    const needsPayment = session.paymentRequired && !next.paid;
    const holdExpiresAt = needsPayment ? new Date(now.getTime() + PROMOTED_HOLD_HOURS * 3_600_000) : null;
    await tx
      .update(sessionRegistrations)
      .set({ status: needsPayment ? "pending_payment" : "registered", holdExpiresAt, updatedAt: now })
      .where(eq(sessionRegistrations.id, next.id));
    promotions.push({
      registrationId: next.id,
      userId: next.userId,
      organizationId: session.organizationId,
      sessionId: session.id,
      needsPayment,
      holdExpiresAt,
    });
  }
  return promotions;
}

/**
 * The first on the session's waitlist, whether they have paid already, and the places taken
 * now, in one statement: a cancellation with nobody waiting costs this one read.
 */
async function nextOnWaitlist(tx: Tx, sessionId: string) {
  const [next] = await tx
    .select({
      id: sessionRegistrations.id,
      userId: sessionRegistrations.userId,
      paid: sql<boolean>`exists (select 1 from ${payments} paid
        where paid.organization_id = ${qualified(sessionRegistrations.organizationId)}
          and paid.registration_id = ${qualified(sessionRegistrations.id)} and paid.status = 'paid')`,
      taken: sql<number>`(select count(*)::int from ${sessionRegistrations} taken
        where taken.session_id = ${sessionId}
          and taken.status in (${sql.join(
            holdsPlace.map((status) => sql`${status}`),
            sql`, `,
          )}))`,
    })
    .from(sessionRegistrations)
    .where(and(eq(sessionRegistrations.sessionId, sessionId), eq(sessionRegistrations.status, "waitlisted")))
    .orderBy(asc(sessionRegistrations.seq))
    .limit(1);
  return next;
}

export type RegisterResult = {
  /** The registration as the session's list shows it (its name, its place on the waitlist). */
  listed: Registration;
  paymentId: string | null;
};

/**
 * What registering needs to know about the session's list, in one statement (it runs under the
 * session's lock, where every statement is time others wait): the places taken, the length of
 * the waitlist, the next arrival number, the person's own registration if they have one, and
 * their name.
 */
async function registrationTally(tx: Tx, sessionId: string, userId: string) {
  const everyone = peopleSubquery();
  const person = peopleFields(everyone);
  const [row] = await tx
    .select({
      taken: sql<number>`(count(*) filter (where ${inArray(sessionRegistrations.status, [...holdsPlace])}))::int`,
      waiting: sql<number>`(count(*) filter (where ${sessionRegistrations.status} = 'waitlisted'))::int`,
      lastSeq: sql<number>`coalesce(max(${sessionRegistrations.seq}), 0)::int`,
      existingId: sql<
        string | null
      >`(array_agg(${sessionRegistrations.id}) filter (where ${sessionRegistrations.userId} = ${userId} and ${sessionRegistrations.status} <> 'cancelled'))[1]`,
      personName: sql<string | null>`(select ${person.name} from ${everyone} where ${person.id} = ${userId})`,
    })
    .from(sessionRegistrations)
    .where(eq(sessionRegistrations.sessionId, sessionId));
  return row!;
}

/**
 * The plain registration in one statement (take_free_place, migration 0015): a place or the
 * end of the waitlist in an open free session, for someone not on its list yet. No row: the
 * full path below decides. Most registrations are this one, and most come at once, when a
 * session opens: through the full path, five statements in a transaction, they ran at a third
 * of the speed (decision 011).
 */
const takeFreePlace = preparedStatement("take_free_place", (db) => {
  const everyone = peopleSubquery();
  const person = peopleFields(everyone);
  const userId = sql.placeholder("userId");
  return db
    .select({
      id: sql<string>`place.place_id`,
      status: sql<Registration["status"]>`place.place_status`,
      waitlistPosition: sql<number | null>`place.waitlist_position`,
      personName: sql<string | null>`(select ${person.name} from ${everyone} where ${person.id} = ${userId})`,
    })
    .from(
      sql`take_free_place(${sql.placeholder("organizationId")}, ${sql.placeholder("sessionId")}, ${userId}, ${sql.placeholder("at")}) place`,
    );
});

/**
 * Registers `userId`: a place if there is one (held unpaid for PAYMENT_HOLD_MINUTES when the
 * session is paid), else the end of the waitlist. Registering twice returns the existing row.
 * A paid session takes nobody while the club's payout account does not take charges (with
 * either provider: payments-ready.ts), so nobody waits on a checkout that cannot open; a free
 * session never asks (take_free_place settles it in one statement).
 */
export async function register(
  deps: UseCaseDeps,
  organizationId: string,
  sessionId: string,
  userId: string,
): Promise<RegisterResult> {
  const now = deps.now();
  const [plain] = await takeFreePlace(deps.database.db, { organizationId, sessionId, userId, at: now });
  if (plain) {
    const { personName, waitlistPosition, ...place } = plain;
    return {
      listed: {
        ...place,
        userId,
        name: registrantName({ userId, personName, guestName: null }),
        waitlistPosition,
        checkedIn: false,
        holdExpiresAt: null,
      },
      paymentId: null,
    };
  }
  const { result } = await withEffects(deps, async (tx, effects): Promise<RegisterResult> => {
    const { session, promotions } = await lockSessionReleasingHolds(tx, organizationId, sessionId, now);
    if (session.status !== "scheduled" && session.status !== "active") {
      throw new AppError("SESSION_CLOSED", "Registration is closed for this session.");
    }
    if (session.paymentRequired && !(await clubTakesCharges(tx, organizationId))) {
      throw paymentsNotReady.toPay();
    }
    effects.push(...(await placeEffects(tx, deps.config, { refunds: [], promotions })));
    const tally = await registrationTally(tx, sessionId, userId);
    if (tally.existingId) {
      const [existing] = await tx
        .select()
        .from(sessionRegistrations)
        .where(eq(sessionRegistrations.id, tally.existingId));
      const listed = (await listRegistrations(tx, organizationId, sessionId)).find(
        (r) => r.id === existing!.id,
      )!;
      return { listed, paymentId: await openPaymentId(tx, existing!) };
    }

    const room = hasRoom(session, tally.taken);
    const status = !room ? "waitlisted" : session.paymentRequired ? "pending_payment" : "registered";
    const [registration] = await tx
      .insert(sessionRegistrations)
      .values({
        organizationId,
        sessionId,
        userId,
        status,
        seq: tally.lastSeq + 1,
        holdExpiresAt:
          status === "pending_payment" ? new Date(now.getTime() + PAYMENT_HOLD_MINUTES * 60_000) : null,
        createdAt: now,
      })
      .returning();
    const paymentId =
      status === "pending_payment" ? await createPayment(tx, session, registration!.id) : null;
    if (registration!.holdExpiresAt)
      effects.push(holdExpiry(organizationId, sessionId, registration!.holdExpiresAt));
    // The newest arrival: last on the waitlist, if that is where they are.
    const [listed] = toRegistrations([
      {
        ...registration!,
        personName: tally.personName,
        checkedIn: registration!.checkedInAt !== null,
        holdExpiresAt: registration!.holdExpiresAt?.toISOString() ?? null,
      },
    ]);
    return {
      listed: { ...listed!, waitlistPosition: status === "waitlisted" ? tally.waiting + 1 : null },
      paymentId,
    };
  });
  return result;
}

async function createPayment(tx: Tx, session: SessionRow, registrationId: string): Promise<string> {
  const [payment] = await tx
    .insert(payments)
    .values({
      organizationId: session.organizationId,
      registrationId,
      provider: "pending",
      amount: session.paymentAmount ?? 0,
    })
    .returning({ id: payments.id });
  return payment!.id;
}

/** The open payment of a place held unpaid, creating one for a promoted player. */
async function openPaymentId(tx: Tx, registration: RegistrationRow): Promise<string | null> {
  if (registration.status !== "pending_payment") return null;
  const [open] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.registrationId, registration.id), eq(payments.status, "pending")));
  if (open) return open.id;
  const [session] = await tx.select().from(sessions).where(eq(sessions.id, registration.sessionId));
  return createPayment(tx, session!, registration.id);
}

/**
 * The plain cancellation in one statement (give_up_free_place, migration 0015): a place in a
 * free session given back when nothing follows from it (no one to promote, no money). No row:
 * the full path below decides, and answers a place that is not there or not theirs.
 */
const giveUpFreePlace = preparedStatement("give_up_free_place", (db) =>
  db
    .select({ sessionStatus: sql<SessionRow["status"]>`given.status_now` })
    .from(
      sql`give_up_free_place(${sql.placeholder("organizationId")}, ${sql.placeholder("sessionId")}, ${sql.placeholder("registrationId")}, ${sql.placeholder("userId")}, ${sql.placeholder("mayManage")}, ${sql.placeholder("at")}) given`,
    ),
);

/**
 * Cancels a registration (the player's own, or any for organizers) and promotes the waitlist.
 * A paid place is marked for refund here, in the same transaction (payment-outcomes.ts).
 */
export async function cancelRegistration(
  deps: UseCaseDeps,
  organizationId: string,
  sessionId: string,
  registrationId: string,
  actor: { userId: string; mayManage: boolean },
) {
  const now = deps.now();
  const [plain] = await giveUpFreePlace(deps.database.db, {
    organizationId,
    sessionId,
    registrationId,
    userId: actor.userId,
    mayManage: actor.mayManage,
    at: now,
  });
  if (plain) return { promotions: [], refund: null, sessionActive: plain.sessionStatus === "active" };
  const { result } = await withEffects(deps, async (tx, effects) => {
    const session = await lockSession(tx, organizationId, sessionId);
    const row = await cancelPlace(tx, sessionId, registrationId, actor, now);
    if (!row) throw notFound("Registration not found");
    const released = await settleAndPromote(tx, session, row, now);
    effects.push(
      ...(await placeEffects(tx, deps.config, {
        refunds: [released.refund],
        promotions: released.promotions,
      })),
    );
    // Only an active session can have a court queue to bring up to date.
    return { ...released, sessionActive: session.status === "active" };
  });
  return result;
}

const cancelled = (now: Date) => ({ status: "cancelled" as const, checkedInAt: null, updatedAt: now });

/**
 * Cancels the session's live registration `registrationId` if it is the actor's own or they
 * may manage the session, in one statement, and answers it as it was before (undefined if
 * there is no such registration for them). It runs under the session's lock, which every
 * change to a registration takes first: the row read is the row changed.
 */
async function cancelPlace(
  tx: Tx,
  sessionId: string,
  registrationId: string,
  actor: { userId: string; mayManage: boolean },
  now: Date,
): Promise<RegistrationRow | undefined> {
  const before = alias(sessionRegistrations, "before");
  const [row] = await tx
    .update(sessionRegistrations)
    .set(cancelled(now))
    .from(before)
    .where(
      and(
        eq(sessionRegistrations.id, registrationId),
        eq(sessionRegistrations.sessionId, sessionId),
        ne(sessionRegistrations.status, "cancelled"),
        actor.mayManage ? undefined : eq(sessionRegistrations.userId, actor.userId),
        eq(before.id, sessionRegistrations.id),
      ),
    )
    .returning(getTableColumns(before));
  return row;
}

/** Frees `row`'s place (or waitlist spot) under the session's lock: its money, then the waitlist. */
export async function releasePlace(tx: Tx, session: SessionRow, row: RegistrationRow, now: Date) {
  await tx.update(sessionRegistrations).set(cancelled(now)).where(eq(sessionRegistrations.id, row.id));
  return settleAndPromote(tx, session, row, now);
}

/** What a place cancelled under the session's lock sets off: its money settled, the waitlist moved up. */
async function settleAndPromote(tx: Tx, session: SessionRow, row: RegistrationRow, now: Date) {
  const refund = await settleCancelledPlace(tx, session, row, now);
  return { promotions: await promoteFromWaitlist(tx, session, now), refund };
}

/** Releases the session's run-out holds (the hold-expiry job's work). */
export async function sweepHolds(deps: UseCaseDeps, organizationId: string, sessionId: string) {
  const now = deps.now();
  await withEffects(deps, async (tx, effects) => {
    const { promotions } = await lockSessionReleasingHolds(tx, organizationId, sessionId, now);
    effects.push(...(await placeEffects(tx, deps.config, { refunds: [], promotions })));
  });
}

/** What the roster and the board call each registrant: the member's name, or the walk-in guest's. */
export function registrantName(row: {
  userId: string | null;
  personName: string | null;
  guestName: string | null;
}) {
  return (row.userId ? row.personName : null) ?? row.guestName ?? "Guest";
}

/** A registration as the session's list reads it, before names and waitlist places are given. */
type ListedRow = {
  id: string;
  userId: string | null;
  guestName: string | null;
  personName: string | null;
  status: Registration["status"];
  checkedIn: boolean;
  holdExpiresAt: string | null;
};

/**
 * The list of the session in the outer query's "sessions" row, with each registrant's name, in
 * arrival order, as one JSON column: a session's page reads the session and its list in one
 * statement (decision 011), and the list read alone is the same column. The club comes first:
 * the (club, session, seq) index then finds the list in order.
 */
export function registrationsJson(): SQL<ListedRow[]> {
  const everyone = peopleSubquery();
  const person = peopleFields(everyone);
  return sql<ListedRow[]>`(select coalesce(json_agg(json_build_object(
      'id', r.id, 'userId', r.user_id, 'guestName', r.guest_name, 'personName', ${person.name},
      'status', r.status, 'checkedIn', r.checked_in_at is not null,
      'holdExpiresAt', ${isoInstant(sql`r.hold_expires_at`)}
    ) order by r.seq), '[]'::json)
    from session_registrations r left join ${everyone} on ${person.id} = r.user_id
    where r.organization_id = "sessions"."organization_id" and r.session_id = "sessions"."id"
      and r.status <> 'cancelled')`;
}

const registrationsOf = preparedStatement("registrations_of_session", (db) =>
  db
    .select({ list: registrationsJson() })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sql.placeholder("sessionId")),
        eq(sessions.organizationId, sql.placeholder("organizationId")),
      ),
    ),
);

/** The session's list (empty if it is not the club's), cancelled registrations left out. */
export async function listRegistrations(
  db: Queryable,
  organizationId: string,
  sessionId: string,
): Promise<Registration[]> {
  const [row] = await registrationsOf(db, { organizationId, sessionId });
  return toRegistrations(row?.list ?? []);
}

/** The list as the API shows it; waitlist positions count in list order. */
export function toRegistrations(rows: readonly ListedRow[]): Registration[] {
  let waitlistPosition = 0;
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    name: registrantName(r),
    status: r.status,
    waitlistPosition: r.status === "waitlisted" ? ++waitlistPosition : null,
    checkedIn: r.checkedIn,
    holdExpiresAt: r.holdExpiresAt,
  }));
}
