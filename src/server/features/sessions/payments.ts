// Paid registration through the PaymentProvider port: the checkout is opened after the place
// is held (never inside the transaction), and a job releases the place if nobody pays. The
// fee goes to the club's payout account with our application fee (decision 009).
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { formatCents } from "../../../shared/domain/money.js";
import { applicationFeeCents } from "../../../shared/domain/plans.js";
import type { AppDeps } from "../../app-deps.js";
import { payments, sessionRegistrations, sessions } from "../../db/schema/sessions.js";
import { notFound } from "../../platform/errors/app-error.js";
import { people, person } from "../account/service.js";
import { currentPlan, getOrganization } from "../clubs/service.js";
import { householdPayerOf } from "../memberships/service.js";
import { type CheckoutJob, EXPIRE_CHECKOUT, EXPIRE_HOLDS, type HoldJob } from "./effects.js";
import { DRAW_LOTTERY, type DrawJob } from "./lottery.js";
import { RELEASE_NO_SHOWS, type ReleaseJob, releaseNoShows } from "./no-shows.js";
import { paymentById } from "./payment-rows.js";
import { paymentsNotReady } from "./payments-ready.js";
import { drawLottery, register, sweepHolds } from "./registrations.js";
import { SEND_REMINDERS, sendDueReminders } from "./reminders.js";

export async function paymentContext(deps: AppDeps, paymentId: string) {
  const { db } = deps.database;
  const [row] = await db
    // A member's guest's place is paid by the member who brought them.
    .select({
      payment: payments,
      playerId: sessionRegistrations.userId,
      payerId: sql<
        string | null
      >`coalesce(${sessionRegistrations.userId}, ${sessionRegistrations.broughtBy})`,
      session: sessions,
    })
    .from(payments)
    .innerJoin(sessionRegistrations, eq(sessionRegistrations.id, payments.registrationId))
    .innerJoin(sessions, eq(sessions.id, sessionRegistrations.sessionId))
    .where(eq(payments.id, paymentId));
  if (!row) throw notFound("Payment not found");
  const club = await getOrganization(db, row.session.organizationId);
  // A child is paid for by their household's payer: the checkout has the payer's address. The
  // payer may pay an adult's place of the household too.
  const household = row.payerId ? await householdPayerOf(db, club.id, row.payerId) : null;
  const payerId = household?.role === "child" ? household.payerId : row.payerId;
  const payerEmail = payerId ? ((await person(db, payerId))?.email ?? null) : null;
  const householdPayerId = household?.payerId ?? null;
  return {
    ...row,
    payerId,
    householdPayerId,
    club,
    payerEmail,
    clubName: club.name,
    timeZone: club.timeZone,
  };
}

/**
 * Registering as a player does: the place (or the waitlist), and for a place held unpaid the
 * provider's checkout, opened once the place is held and committed.
 */
export async function registerWithCheckout(
  deps: AppDeps,
  organizationId: string,
  sessionId: string,
  userId: string,
) {
  const { listed, paymentId } = await register(deps, organizationId, sessionId, userId);
  return { registration: listed, checkoutUrl: paymentId ? await checkoutFor(deps, paymentId) : null };
}

/** Opens (or reopens) the provider's checkout for a pending payment and returns its address. */
export function checkoutFor(deps: AppDeps, paymentId: string): Promise<string> {
  return checkoutForAll(deps, [paymentId]);
}

/**
 * Opens one checkout for pending payments of one session and one payer (a household's places,
 * paid at once: a line each, one charge) and returns its address. Each payment keeps its own
 * amount and our share of it, so each place is refunded alone.
 */
export async function checkoutForAll(deps: AppDeps, paymentIds: string[]): Promise<string> {
  const contexts = [];
  for (const paymentId of paymentIds) contexts.push(await paymentContext(deps, paymentId));
  const { session, club, payerEmail } = contexts[0]!;
  // The money only ever goes to the club's own account that takes charges (checked again here:
  // the account can be disabled between the registration and this call); our share follows the
  // club's plan at this moment. The sandbox's account is played by the sandbox, as Stripe's is.
  const payoutAccountRef = club.payoutChargesEnabled ? club.payoutAccountRef : null;
  if (!payoutAccountRef) throw paymentsNotReady.toPay();
  // A checkout opened again replaces the last one, which is closed so it cannot be paid too
  // (if it was paid already, that charge is found and refunded: payment-outcomes.ts).
  const previous = new Map<string, string | null>();
  for (const { payment } of contexts)
    if (payment.providerRef && payment.provider === deps.payments.kind)
      previous.set(payment.providerRef, payment.payoutAccountRef);
  for (const [ref, account] of previous) await deps.payments.expireCheckout(ref, account);
  const plan = currentPlan(club, deps.now());
  const fees = contexts.map(({ payment }) => applicationFeeCents(plan, payment.amount));
  const amount = contexts.reduce((sum, { payment }) => sum + payment.amount, 0);
  const names = await people(
    deps.database.db,
    contexts.flatMap((c) => (c.playerId ? [c.playerId] : [])),
  );
  const checkout = await deps.payments.createCheckout({
    paymentId: paymentIds[0]!,
    paymentIds,
    amount,
    applicationFee: fees.reduce((sum, fee) => sum + fee, 0),
    description: `${session.name} (${formatCents(amount)})`,
    ...(contexts.length > 1
      ? {
          lines: contexts.map(({ payment, playerId }) => ({
            description: `${session.name}: ${names.get(playerId ?? "")?.name ?? "a place"} (${formatCents(payment.amount)})`,
            amount: payment.amount,
          })),
        }
      : {}),
    clubName: club.name,
    customerEmail: payerEmail,
    payoutAccountRef,
    returnUrl: `${deps.config.appUrl}/sessions/${session.id}`,
    attemptKey: randomUUID(),
  });
  for (const [i, paymentId] of paymentIds.entries())
    await deps.database.db
      .update(payments)
      .set({
        provider: deps.payments.kind,
        providerRef: checkout.providerRef,
        payoutAccountRef,
        applicationFee: fees[i]!,
        updatedAt: new Date(),
      })
      .where(eq(payments.id, paymentId));
  return checkout.url;
}

/**
 * The expire-checkout job: closes the checkout of a payment given up with its place (cancelled)
 * or whose hold ran out (expired), read again first. If it was paid in the meantime, its event
 * settles it (payment-outcomes.ts), and another provider's checkout is not this one's to close.
 */
export async function closeCheckout(deps: AppDeps, paymentId: string): Promise<void> {
  const payment = await paymentById(deps.database.db, paymentId);
  if ((payment?.status !== "cancelled" && payment?.status !== "expired") || !payment.providerRef) return;
  if (payment.provider !== deps.payments.kind) return;
  await deps.payments.expireCheckout(payment.providerRef, payment.payoutAccountRef);
}

export async function registerSessionJobs(deps: AppDeps): Promise<void> {
  // A failed close is retried by the queue's default policy: 8 times, doubling from 5 s, so for
  // 21 to 42 minutes, about the checkout's own life (CHECKOUT_LIFETIME_SECONDS); past that it
  // has closed itself.
  await deps.jobs.handle<CheckoutJob>(EXPIRE_CHECKOUT, ({ paymentId }) => closeCheckout(deps, paymentId));
  await deps.jobs.handle<HoldJob>(EXPIRE_HOLDS, ({ organizationId, sessionId }) =>
    sweepHolds(deps, organizationId, sessionId),
  );
  await deps.jobs.handle<DrawJob>(DRAW_LOTTERY, async ({ organizationId, sessionId }) => {
    await drawLottery(deps, organizationId, sessionId);
  });
  await deps.jobs.handle<ReleaseJob>(RELEASE_NO_SHOWS, async ({ organizationId, sessionId }) => {
    await releaseNoShows(deps, organizationId, sessionId, "job");
  });
  await deps.jobs.handle(SEND_REMINDERS, async () => {
    await sendDueReminders(deps);
  });
  await deps.jobs.every(SEND_REMINDERS, "* * * * *");
}
