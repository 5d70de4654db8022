// What happens to a session fee's money: a charge reported by the provider takes the place it
// was for, or is owed back when nobody can use it; a cancelled place is refunded before the
// session's cut-off; a cancelled session refunds everyone. Every decision is made with the
// session's row locked first and the payment's second (the order every writer takes, so no
// two of them can deadlock), and is only recorded here: the provider's refund is made after
// commit by a job (sessions/refunds.ts).
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { UseCaseDeps } from "../../app-deps.js";
import type { Tx } from "../../db/database.js";
import { payments, sessionRegistrations } from "../../db/schema/sessions.js";
import { notFound } from "../../platform/errors/app-error.js";
import { withEffects } from "../../platform/jobs/outbox.js";
import { placeEffects } from "./effects.js";
import { roomAndNextSeq } from "./place-rules.js";
import { lockSession, promoteFromWaitlist, type RegistrationRow, type SessionRow } from "./session-lock.js";

type PaymentRow = typeof payments.$inferSelect;

/** What happened to the money of a paid place. */
export type RefundDecision = {
  paymentId: string;
  userId: string | null;
  sessionId: string;
  amount: number;
  refunded: boolean;
  cutoffHours: number;
  /** A cancelled place, or a charge nobody could use (a second checkout paid, a closed session). */
  reason: "cancelled" | "unused";
};

/** A paid place is refunded when cancelled at least the session's cut-off before its start. */
export function refundable(session: Pick<SessionRow, "startsAt" | "refundCutoffHours">, now: Date): boolean {
  return now.getTime() <= session.startsAt.getTime() - session.refundCutoffHours * 3_600_000;
}

const decision = (
  payment: Pick<PaymentRow, "id" | "amount">,
  registration: Pick<RegistrationRow, "userId" | "broughtBy">,
  session: SessionRow,
  refunded: boolean,
  reason: RefundDecision["reason"],
): RefundDecision => ({
  paymentId: payment.id,
  // A member's guest's place was paid, and is refunded, to the member who brought them.
  userId: registration.userId ?? registration.broughtBy,
  sessionId: session.id,
  amount: payment.amount,
  refunded,
  cutoffHours: session.refundCutoffHours,
  reason,
});

/** The money of a place just cancelled: its refund decided, and the checkouts left open at the provider. */
export type SettledPlace = {
  refund: RefundDecision | null;
  /** Payments whose checkout was opened and is given up now: closed at the provider after commit. */
  closedCheckouts: string[];
};

/** The money of a place just cancelled (under the session's lock): an open checkout closes, a payment is refunded or kept. */
export async function settleCancelledPlace(
  tx: Tx,
  session: SessionRow,
  row: RegistrationRow,
  now: Date,
  refundAnyway = false,
): Promise<SettledPlace> {
  // One statement locks the open checkout and any payment made. By club first, as the
  // payments' index leads; a second writes only when there is a checkout to close.
  const held = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.organizationId, session.organizationId),
        eq(payments.registrationId, row.id),
        inArray(payments.status, ["pending", "paid"]),
      ),
    )
    .for("update");
  const open = held.filter((payment) => payment.status === "pending");
  if (open.length > 0) {
    await tx
      .update(payments)
      .set({ status: "cancelled", updatedAt: now })
      .where(
        inArray(
          payments.id,
          open.map((payment) => payment.id),
        ),
      );
  }
  // Only a checkout the provider opened has anything to close there.
  const closedCheckouts = open.filter((payment) => payment.providerRef !== null).map((payment) => payment.id);
  const paid = held.find((payment) => payment.status === "paid");
  if (!paid) return { refund: null, closedCheckouts };
  // Paid but never given a place (the hold ran out before the money came): always refunded; and
  // whenever the caller's rule says so (a club that refunds no-shows).
  const refunded = refundAnyway || row.status === "waitlisted" || refundable(session, now);
  if (refunded) {
    await tx
      .update(payments)
      .set({ status: "refund_pending", updatedAt: now })
      .where(eq(payments.id, paid.id));
  }
  return { refund: decision(paid, row, session, refunded, "cancelled"), closedCheckouts };
}

/** A cancelled session owes every payment back, whatever the cut-off, and takes no more. */
export async function refundWholeSession(
  tx: Tx,
  session: SessionRow,
  now: Date,
): Promise<{ refunds: RefundDecision[]; closedCheckouts: string[] }> {
  const ofThisSession = (status: PaymentRow["status"]) =>
    and(
      eq(sessionRegistrations.id, payments.registrationId),
      eq(sessionRegistrations.sessionId, session.id),
      eq(payments.status, status),
    );
  // Payments not made yet: cancelled, and their checkouts closed (expire-checkout), so nobody
  // pays for a session that will not happen.
  const unpaid = await tx
    .update(payments)
    .set({ status: "cancelled", updatedAt: now })
    .from(sessionRegistrations)
    .where(ofThisSession("pending"))
    .returning({ id: payments.id, providerRef: payments.providerRef });
  const rows = await tx
    .update(payments)
    .set({ status: "refund_pending", updatedAt: now })
    .from(sessionRegistrations)
    .where(ofThisSession("paid"))
    .returning({
      id: payments.id,
      amount: payments.amount,
      userId: sessionRegistrations.userId,
      broughtBy: sessionRegistrations.broughtBy,
    });
  return {
    refunds: rows.map((row) => decision(row, row, session, true, "cancelled")),
    closedCheckouts: unpaid.filter((p) => p.providerRef !== null).map((p) => p.id),
  };
}

/**
 * Whether the person (or a member's guest, by the member and the name) holds another live
 * registration for the session than `exceptId`: a late payment then does not bring the old one
 * back beside it.
 */
async function registeredElsewhere(
  tx: Tx,
  sessionId: string,
  who: Pick<RegistrationRow, "userId" | "broughtBy" | "guestName">,
  exceptId: string,
): Promise<boolean> {
  const same =
    who.userId !== null
      ? eq(sessionRegistrations.userId, who.userId)
      : who.broughtBy !== null
        ? sql`${sessionRegistrations.broughtBy} = ${who.broughtBy} and ${sessionRegistrations.userId} is null
            and lower(${sessionRegistrations.guestName}) = lower(${who.guestName})`
        : null;
  if (same === null) return false;
  const [other] = await tx
    .select({ id: sessionRegistrations.id })
    .from(sessionRegistrations)
    .where(
      and(
        eq(sessionRegistrations.sessionId, sessionId),
        same,
        ne(sessionRegistrations.id, exceptId),
        // On the list: a place, a held place, or the waitlist.
        ne(sessionRegistrations.status, "cancelled"),
      ),
    );
  return other !== undefined;
}

/**
 * A charge that cannot be this payment's (the payment already holds another charge: a second
 * checkout was paid too) is recorded as a payment of its own, owed back in full. Recorded
 * once: the same charge reported again changes nothing.
 */
async function oweStrayCharge(
  tx: Tx,
  payment: PaymentRow,
  registration: RegistrationRow,
  session: SessionRow,
  paymentRef: string,
  now: Date,
): Promise<RefundDecision | null> {
  // Known for this place: a charge paying several places at once is each one's too.
  const [known] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(eq(payments.providerPaymentRef, paymentRef), eq(payments.registrationId, payment.registrationId)),
    );
  if (known) return null;
  const [stray] = await tx
    .insert(payments)
    .values({
      organizationId: payment.organizationId,
      registrationId: payment.registrationId,
      provider: payment.provider,
      providerPaymentRef: paymentRef,
      payoutAccountRef: payment.payoutAccountRef,
      amount: payment.amount,
      applicationFee: payment.applicationFee,
      status: "refund_pending",
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return decision(stray!, registration, session, true, "unused");
}

/** Locks the payment's session, then the payment, and reads both and the registration as they are now. */
async function lockPayment(tx: Tx, found: PaymentRow) {
  const [{ sessionId }] = (await tx
    .select({ sessionId: sessionRegistrations.sessionId })
    .from(sessionRegistrations)
    .where(eq(sessionRegistrations.id, found.registrationId))) as [{ sessionId: string }];
  const session = await lockSession(tx, found.organizationId, sessionId);
  const [payment] = await tx.select().from(payments).where(eq(payments.id, found.id)).for("update");
  const [registration] = await tx
    .select()
    .from(sessionRegistrations)
    .where(eq(sessionRegistrations.id, found.registrationId));
  return { session, registration, payment };
}

/**
 * The provider reported a charge for this payment. The first charge of a payment still open
 * takes the place (or the waitlist, when the hold ran out and the place went to someone else);
 * a charge nobody can use (a cancelled session, a player who has registered again since, a
 * second checkout paid) is kept on record and owed back.
 */
export async function confirmPayment(deps: UseCaseDeps, paymentId: string, paymentRef: string | null) {
  const now = deps.now();
  const [found] = await deps.database.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!found) throw notFound("Payment not found");
  const { result } = await withEffects(deps, async (tx, effects) => {
    const outcome = await settlePayment(tx, found, paymentId, paymentRef, now);
    effects.push(...(await placeEffects(tx, deps.config, { refunds: [outcome.refund], promotions: [] })));
    return outcome;
  });
  return result;
}

async function settlePayment(
  tx: Tx,
  found: PaymentRow,
  paymentId: string,
  paymentRef: string | null,
  now: Date,
) {
  const { session, registration, payment } = await lockPayment(tx, found);
  const unchanged = { registration: registration!, refund: null as RefundDecision | null };
  if (payment!.status === "paid" || payment!.status === "refund_pending" || payment!.status === "refunded") {
    if (paymentRef === null || paymentRef === payment!.providerPaymentRef) return unchanged;
    return {
      ...unchanged,
      refund: await oweStrayCharge(tx, payment!, registration!, session, paymentRef, now),
    };
  }
  const sessionOpen = session.status === "scheduled" || session.status === "active";
  const cameBackSince =
    registration!.status === "cancelled" &&
    (await registeredElsewhere(tx, session.id, registration!, registration!.id));
  if (!sessionOpen || cameBackSince) {
    await tx
      .update(payments)
      .set({ status: "refund_pending", providerPaymentRef: paymentRef, updatedAt: now })
      .where(eq(payments.id, paymentId));
    return { ...unchanged, refund: decision(payment!, registration!, session, true, "unused") };
  }
  let status: RegistrationRow["status"] = "registered";
  if (registration!.status !== "pending_payment") {
    // The hold ran out before the money arrived: take a place if one is free, else the waitlist.
    status = (await roomAndNextSeq(tx, session.id)).room ? "registered" : "waitlisted";
  }
  await tx
    .update(payments)
    .set({ status: "paid", providerPaymentRef: paymentRef, updatedAt: now })
    .where(eq(payments.id, paymentId));
  const [updated] = await tx
    .update(sessionRegistrations)
    .set({ status, holdExpiresAt: null, updatedAt: now })
    .where(eq(sessionRegistrations.id, registration!.id))
    .returning();
  return { registration: updated!, refund: null };
}

/** The person gave up at the checkout: the held place is released at once, unless the money came first. */
export async function abandonPayment(deps: UseCaseDeps, paymentId: string) {
  const now = deps.now();
  const [found] = await deps.database.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!found) throw notFound("Payment not found");
  const { result } = await withEffects(deps, async (tx, effects) => {
    const { session, registration, payment } = await lockPayment(tx, found);
    if (payment!.status !== "pending" || registration!.status === "cancelled") return { payment: payment! };
    const { promotions, closedCheckouts } = await releasePlace(tx, session, registration!, now);
    effects.push(...(await placeEffects(tx, deps.config, { refunds: [], promotions, closedCheckouts })));
    return { payment: payment! };
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
export async function settleAndPromote(tx: Tx, session: SessionRow, row: RegistrationRow, now: Date) {
  const settled = await settleCancelledPlace(tx, session, row, now);
  return { ...settled, promotions: await promoteFromWaitlist(tx, session, now) };
}
