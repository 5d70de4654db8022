// Registration, the waitlist and paid places. Every change that can take or free a place runs
// with the session's row locked (SELECT ... FOR UPDATE), so concurrent requests queue up:
// capacity is never exceeded, and the waitlist keeps arrival order. The rules themselves (room,
// arrival order, who moves up, when a place is given up plainly) are PostgreSQL's, once
// (place-rules.ts); this file adds what they set off: payments, refunds and notices, in one
// transaction with the change. The plain registration and cancellation of a free session are
// one statement each, with nothing to add; everything else runs in a transaction here.
import { and, eq } from "drizzle-orm";
import type { Registration } from "../../../shared/contracts/session-registrations.js";
import { duesMessages } from "../../../shared/domain/dues-messages.js";
import { openingTime } from "../../../shared/domain/session-time.js";
import type { UseCaseDeps } from "../../app-deps.js";
import type { Queryable, Tx } from "../../db/database.js";
import { payments, sessionRegistrations, sessions } from "../../db/schema/sessions.js";
import { AppError, notFound } from "../../platform/errors/app-error.js";
import { type Effect, withEffects } from "../../platform/jobs/outbox.js";
import { accessRules, timeZoneOf } from "../clubs/service.js";
import { holdExpiry, placeEffects } from "./effects.js";
import { type DrawOutcome, drawEffects, drawLocked } from "./lottery.js";
import { settleAndPromote } from "./payment-outcomes.js";
import { clubTakesCharges, paymentsNotReady } from "./payments-ready.js";
import { placePrice } from "./place-price.js";
import { giveUpPlace, takePlace } from "./place-rules.js";
import { listRegistrations, registrantName } from "./registration-list.js";
import {
  lockSession,
  lockSessionReleasingHolds,
  PAYMENT_HOLD_MINUTES,
  promotedHoldUntil,
  promoteFromWaitlist,
  type SessionRow,
} from "./session-lock.js";
import { goodStanding } from "./strikes.js";

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
  if (plain?.verdict === "members_only") throw membersOnly();
  const { result } = await withEffects(deps, async (tx, effects): Promise<RegisterResult> => {
    const session = await lockForAPlace(tx, deps, effects, { organizationId, sessionId, now });
    return placeLocked(tx, effects, session, asked);
  });
  return result;
}

/**
 * Registers several people at once, as a household's payer does: each as `register` would, in
 * one transaction under the session's lock, so a refusal for any of them registers none.
 */
export async function registerMany(
  deps: UseCaseDeps,
  organizationId: string,
  sessionId: string,
  userIds: string[],
): Promise<RegisterResult[]> {
  const now = deps.now();
  const holdUntil = new Date(now.getTime() + PAYMENT_HOLD_MINUTES * 60_000);
  const { result } = await withEffects(deps, async (tx, effects) => {
    const session = await lockForAPlace(tx, deps, effects, { organizationId, sessionId, now });
    const placed: RegisterResult[] = [];
    for (const userId of userIds)
      placed.push(
        await placeLocked(tx, effects, session, { organizationId, sessionId, userId, at: now, holdUntil }),
      );
    return placed;
  });
  return result;
}

/** A place (or the waitlist) for one person, the session locked: with its payment when paid. */
async function placeLocked(
  tx: Tx,
  effects: Effect[],
  session: SessionRow,
  asked: { organizationId: string; sessionId: string; userId: string; at: Date; holdUntil: Date },
): Promise<RegisterResult> {
  const { organizationId, sessionId, userId, at: now } = asked;
  const [place] = await takePlace(tx, { ...asked, freeOnly: false });
  if (place?.verdict === "not_open") throw await notOpenYet(tx, organizationId, sessionId, now);
  if (place?.verdict === "members_only") throw membersOnly();
  if (place?.verdict !== "placed" && place?.verdict !== "listed") throw sessionClosed();
  // The member's price, decided with the place (their membership locked while it is read).
  const price = await placePrice(tx, session, { userId, guest: false }, now);
  if (place.verdict === "listed") {
    const listed = (await listRegistrations(tx, organizationId, sessionId)).find((r) => r.id === place.id)!;
    return { listed, paymentId: await openPaymentId(tx, session, place, price) };
  }
  const paymentId =
    place.status === "pending_payment" ? await createPayment(tx, session, place.id!, price) : null;
  if (place.holdExpiresAt) effects.push(holdExpiry(organizationId, sessionId, place.holdExpiresAt));
  return { listed: listedPlace(place, userId), paymentId };
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

const membersOnly = () => new AppError("MEMBERS_ONLY", duesMessages.membersOnly);

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
