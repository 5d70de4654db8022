// Registration, the waitlist and paid places. Every change that can take or free a place runs
// with the session's row locked (SELECT ... FOR UPDATE), so concurrent requests queue up:
// capacity is never exceeded, and the waitlist keeps arrival order. The rules themselves (room,
// arrival order, who moves up, when a place is given up plainly) are PostgreSQL's, once
// (place-rules.ts); this file adds what they set off: payments, refunds and notices, in one
// transaction with the change. The plain registration and cancellation of a free session are
// one statement each, with nothing to add; everything else runs in a transaction here.
import { and, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { Registration } from "../../../shared/contracts/sessions.js";
import { openingTime } from "../../../shared/domain/session-time.js";
import type { UseCaseDeps } from "../../app-deps.js";
import type { Queryable, Tx } from "../../db/database.js";
import { qualified } from "../../db/qualified.js";
import { payments, sessionRegistrations, sessions } from "../../db/schema/sessions.js";
import { AppError, notFound } from "../../platform/errors/app-error.js";
import { type Effect, withEffects } from "../../platform/jobs/outbox.js";
import { accessRules, timeZoneOf } from "../clubs/service.js";
import { holdExpiry, placeEffects } from "./effects.js";
import { type DrawOutcome, drawEffects, drawLocked } from "./lottery.js";
import { settleCancelledPlace } from "./payment-outcomes.js";
import { clubTakesCharges, paymentsNotReady } from "./payments-ready.js";
import { giveUpPlace, promoteWaitlist, takePlace } from "./place-rules.js";
import { listRegistrations, registrantName } from "./registration-list.js";
import { goodStanding } from "./strikes.js";

/** How long an unpaid place is held for someone at the checkout. */
export const PAYMENT_HOLD_MINUTES = 15;
/** A waitlisted player promoted into a paid session gets longer to come and pay. */
export const PROMOTED_HOLD_HOURS = 12;

export type RegistrationRow = typeof sessionRegistrations.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/** What happened, for the notices sent after the commit. */
export type Promotion = {
  registrationId: string;
  /** Who is told: the player, or the member who brought the guest. */
  userId: string | null;
  /** A member's guest: their name (the member is told, and pays); null for anyone else. */
  guestName: string | null;
  /** Standing by at the door: checked in already, so in and on the board at once. */
  present: boolean;
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
        where held.session_id = ${qualified(sessions.id)}
          and hold_run_out(held.status, held.hold_expires_at, ${now}))`,
    })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.organizationId, organizationId)))
    .for("update", { of: sessions });
  if (!row) throw notFound("Session not found");
  const { holdsRunOut, ...session } = row;
  const released = holdsRunOut
    ? await expireHolds(tx, session, now)
    : { promotions: [], closedCheckouts: [] };
  return { session, ...released };
}

/**
 * Releases places whose payment hold ran out, then fills freed places from the waitlist.
 * Answers the promotions and the payments whose checkout is to close at the provider: one left
 * open could still be paid for a place that is no longer held.
 */
async function expireHolds(
  tx: Tx,
  session: SessionRow,
  now: Date,
): Promise<{ promotions: Promotion[]; closedCheckouts: string[] }> {
  const expired = await tx
    .update(sessionRegistrations)
    .set({ status: "cancelled", checkedInAt: null, updatedAt: now })
    .where(
      and(
        eq(sessionRegistrations.sessionId, session.id),
        sql`hold_run_out(${sessionRegistrations.status}, ${sessionRegistrations.holdExpiresAt}, ${now})`,
      ),
    )
    .returning({ id: sessionRegistrations.id });
  if (expired.length === 0) return { promotions: [], closedCheckouts: [] };
  const lapsed = await tx
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
    )
    .returning({ id: payments.id, providerRef: payments.providerRef });
  return {
    promotions: await promoteFromWaitlist(tx, session, now),
    closedCheckouts: lapsed.filter((p) => p.providerRef !== null).map((p) => p.id),
  };
}

/** How long a place given by the waitlist or a draw is held unpaid in a paid session. */
const promotedHoldUntil = (now: Date) => new Date(now.getTime() + PROMOTED_HOLD_HOURS * 3_600_000);

/** Moves waitlisted players in order, then those who walked up, into every free place (promote_waitlist). */
export async function promoteFromWaitlist(tx: Tx, session: SessionRow, now: Date): Promise<Promotion[]> {
  const holdUntil = promotedHoldUntil(now);
  const moved = await promoteWaitlist(tx, { sessionId: session.id, at: now, holdUntil });
  return moved.map((m) => ({
    ...m,
    organizationId: session.organizationId,
    sessionId: session.id,
  }));
}

export type RegisterResult = {
  /** The registration as the session's list shows it (its name, its place on the waitlist). */
  listed: Registration;
  paymentId: string | null;
};

/**
 * Registers `userId`: a place if there is one (held unpaid for PAYMENT_HOLD_MINUTES when the
 * session is paid), else the end of the waitlist. Registering twice returns the existing row.
 * A free session's place is one statement (take_place). A paid session takes nobody while the
 * club's payout account does not take charges (with either provider: payments-ready.ts), so
 * nobody waits on a checkout that cannot open; its place comes with its payment, and a run-out
 * hold is released first, in one transaction.
 */
export async function register(
  deps: UseCaseDeps,
  organizationId: string,
  sessionId: string,
  userId: string,
): Promise<RegisterResult> {
  const now = deps.now();
  const asked = {
    organizationId,
    sessionId,
    userId,
    at: now,
    holdUntil: new Date(now.getTime() + PAYMENT_HOLD_MINUTES * 60_000),
  };
  const [plain] = await takePlace(deps.database.db, { ...asked, freeOnly: true });
  if (plain?.verdict === "placed") return { listed: listedPlace(plain, userId), paymentId: null };
  if (plain?.verdict === "not_found") throw notFound("Session not found");
  if (plain?.verdict === "closed") throw sessionClosed();
  if (plain?.verdict === "not_open") throw await notOpenYet(deps.database.db, organizationId, sessionId, now);
  const { result } = await withEffects(deps, async (tx, effects): Promise<RegisterResult> => {
    const session = await lockForAPlace(tx, deps, effects, { organizationId, sessionId, now });
    const [place] = await takePlace(tx, { ...asked, freeOnly: false });
    if (place?.verdict === "listed") {
      const listed = (await listRegistrations(tx, organizationId, sessionId)).find((r) => r.id === place.id)!;
      return { listed, paymentId: await openPaymentId(tx, session, place) };
    }
    if (place?.verdict === "not_open") throw await notOpenYet(tx, organizationId, sessionId, now);
    if (place?.verdict !== "placed") throw sessionClosed();
    const paymentId = place.status === "pending_payment" ? await createPayment(tx, session, place.id!) : null;
    if (place.holdExpiresAt) effects.push(holdExpiry(organizationId, sessionId, place.holdExpiresAt));
    return { listed: listedPlace(place, userId), paymentId };
  });
  return result;
}

/**
 * Before a place is taken in a transaction: the session locked, its run-out holds released,
 * refused while a paid session's club takes no charges, and a lottery whose time has come drawn
 * (the request then joins the waitlist after everyone drawn).
 */
export async function lockForAPlace(
  tx: Tx,
  deps: Pick<UseCaseDeps, "config">,
  effects: Effect[],
  asked: { organizationId: string; sessionId: string; now: Date },
): Promise<SessionRow> {
  const { organizationId, sessionId, now } = asked;
  const { session, promotions, closedCheckouts } = await lockSessionReleasingHolds(
    tx,
    organizationId,
    sessionId,
    now,
  );
  if (session.paymentRequired && !(await clubTakesCharges(tx, organizationId))) {
    throw paymentsNotReady.toPay();
  }
  effects.push(...(await placeEffects(tx, deps.config, { refunds: [], promotions, closedCheckouts })));
  const drawn = await drawLocked(tx, session, now, promotedHoldUntil(now));
  if (drawn) effects.push(...(await afterTheDraw(tx, deps, session, drawn, now)));
  return session;
}

export const sessionClosed = () => new AppError("SESSION_CLOSED", "Registration is closed for this session.");

/** Asked before registration opens: the answer says when it will, in the club's time. */
async function notOpenYet(db: Queryable, organizationId: string, sessionId: string, now: Date) {
  const [row] = await db
    .select({
      opensAt: sessions.registrationOpensAt,
      earlyAt: sessions.earlyOpensAt,
      timeZone: timeZoneOf(sessions.organizationId),
    })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.organizationId, organizationId)));
  const at = (instant: Date | null | undefined) =>
    instant && row ? openingTime(instant, row.timeZone) : "soon";
  const refused = (message: string) => new AppError("REGISTRATION_NOT_OPEN", message);
  if (row?.earlyAt && row.earlyAt <= now) {
    const rule = goodStanding((await accessRules(db, organizationId)).strikes);
    return refused(`Registration opens ${at(row.opensAt)} for you: the early window is for ${rule}.`);
  }
  if (row?.earlyAt)
    return refused(
      `Registration opens ${at(row.earlyAt)} for members in good standing, and ${at(row.opensAt)} for everyone.`,
    );
  return refused(`Registration opens ${at(row?.opensAt)}.`);
}

/** A place just taken, as the session's list shows it: the newest arrival. */
function listedPlace(
  place: {
    id: string | null;
    status: Registration["status"] | null;
    waitlistPosition: number | null;
    holdExpiresAt: Date | null;
    personName: string | null;
  },
  userId: string,
): Registration {
  return {
    id: place.id!,
    userId,
    name: registrantName({ userId, personName: place.personName, guestName: null }),
    status: place.status!,
    waitlistPosition: place.waitlistPosition,
    checkedIn: false,
    holdExpiresAt: place.holdExpiresAt?.toISOString() ?? null,
    broughtBy: null,
    guestOf: null,
  };
}

/** The place's payment, of the session's price unless another is given (a guest's). */
export async function createPayment(
  tx: Tx,
  session: SessionRow,
  registrationId: string,
  amount = session.paymentAmount ?? 0,
): Promise<string> {
  const [payment] = await tx
    .insert(payments)
    .values({ organizationId: session.organizationId, registrationId, provider: "pending", amount })
    .returning({ id: payments.id });
  return payment!.id;
}

/** The open payment of a place held unpaid, creating one for a promoted player. */
export async function openPaymentId(
  tx: Tx,
  session: SessionRow,
  place: { id: string | null; status: Registration["status"] | null },
  amount = session.paymentAmount ?? 0,
): Promise<string | null> {
  if (place.status !== "pending_payment") return null;
  const [open] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.registrationId, place.id!), eq(payments.status, "pending")));
  return open?.id ?? createPayment(tx, session, place.id!, amount);
}

/**
 * Cancels a registration (the player's own, or any for organizers) and moves the waitlist up.
 * When nothing follows (no money, nobody to move up) that is one statement (give_up_place);
 * otherwise a paid place is settled (refunded before the cut-off: payment-outcomes.ts) and the
 * waitlist moves up, in one transaction with the cancellation.
 */
export async function cancelRegistration(
  deps: UseCaseDeps,
  organizationId: string,
  sessionId: string,
  registrationId: string,
  actor: { userId: string; mayManage: boolean },
) {
  const now = deps.now();
  const asked = {
    organizationId,
    sessionId,
    registrationId,
    userId: actor.userId,
    mayManage: actor.mayManage,
    at: now,
  };
  const [plain] = await giveUpPlace(deps.database.db, { ...asked, plainOnly: true });
  if (plain?.verdict === "not_found") throw notFound("Registration not found");
  if (plain?.verdict === "cancelled")
    return { promotions: [], refund: null, sessionActive: plain.sessionStatus === "active" };
  const { result } = await withEffects(deps, async (tx, effects) => {
    const session = await lockSession(tx, organizationId, sessionId);
    const [given] = await giveUpPlace(tx, { ...asked, plainOnly: false });
    if (given?.verdict !== "cancelled") throw notFound("Registration not found");
    const [row] = await tx
      .select()
      .from(sessionRegistrations)
      .where(eq(sessionRegistrations.id, registrationId));
    // Settled as the place it was, before it was given up.
    const released = await settleAndPromote(tx, session, { ...row!, status: given.statusBefore! }, now);
    effects.push(
      ...(await placeEffects(tx, deps.config, {
        refunds: [released.refund],
        promotions: released.promotions,
        closedCheckouts: released.closedCheckouts,
      })),
    );
    // Only an active session can have a court queue to bring up to date.
    return { ...released, sessionActive: session.status === "active" };
  });
  return result;
}

const cancelled = (now: Date) => ({ status: "cancelled" as const, checkedInAt: null, updatedAt: now });

/** Frees `row`'s place (or waitlist spot) under the session's lock: its money, then the waitlist. */
export async function releasePlace(tx: Tx, session: SessionRow, row: RegistrationRow, now: Date) {
  await tx.update(sessionRegistrations).set(cancelled(now)).where(eq(sessionRegistrations.id, row.id));
  return settleAndPromote(tx, session, row, now);
}

/** What a place cancelled under the session's lock sets off: its money settled, the waitlist moved up. */
async function settleAndPromote(tx: Tx, session: SessionRow, row: RegistrationRow, now: Date) {
  const settled = await settleCancelledPlace(tx, session, row, now);
  return { ...settled, promotions: await promoteFromWaitlist(tx, session, now) };
}

/**
 * The draw job (lottery.ts): draws the session's lottery if it is due and nobody has drawn it.
 * A moved draw time finds it not due yet, and waits for its own job.
 */
export async function drawLottery(deps: UseCaseDeps, organizationId: string, sessionId: string) {
  const now = deps.now();
  const { result } = await withEffects(deps, async (tx, effects) => {
    const { session, promotions, closedCheckouts } = await lockSessionReleasingHolds(
      tx,
      organizationId,
      sessionId,
      now,
    );
    effects.push(...(await placeEffects(tx, deps.config, { refunds: [], promotions, closedCheckouts })));
    const outcomes = await drawLocked(tx, session, now, promotedHoldUntil(now));
    if (outcomes) effects.push(...(await afterTheDraw(tx, deps, session, outcomes, now)));
    return outcomes;
  });
  return result;
}

/**
 * What a draw sets off: each entrant told, and any place the draw left free (more places than
 * entries) offered to whoever was already waiting.
 */
async function afterTheDraw(
  tx: Tx,
  deps: Pick<UseCaseDeps, "config">,
  session: SessionRow,
  outcomes: DrawOutcome[],
  now: Date,
) {
  const promotions = await promoteFromWaitlist(tx, session, now);
  return [
    ...(await drawEffects(tx, deps, session, outcomes)),
    ...(await placeEffects(tx, deps.config, { refunds: [], promotions })),
  ];
}

/** Releases the session's run-out holds (the hold-expiry job's work). */
export async function sweepHolds(deps: UseCaseDeps, organizationId: string, sessionId: string) {
  const now = deps.now();
  await withEffects(deps, async (tx, effects) => {
    const released = await lockSessionReleasingHolds(tx, organizationId, sessionId, now);
    effects.push(...(await placeEffects(tx, deps.config, { refunds: [], ...released })));
  });
}
