// Paid registration through the PaymentProvider port: the checkout is opened after the place
// is held (never inside the transaction), and a job releases the place if nobody pays.
import { eq } from "drizzle-orm";
import { formatCents } from "../../../shared/domain/money.js";
import type { AppDeps } from "../../app-deps.js";
import { organizations, payments, sessionRegistrations, sessions } from "../../db/schema.js";
import { notFound } from "../../platform/errors/app-error.js";
import { notifyPromotions } from "./notices.js";
import { sweepHolds } from "./registrations.js";

export const EXPIRE_HOLDS = "expire-payment-holds";
type HoldJob = { organizationId: string; sessionId: string };

export async function paymentContext(deps: AppDeps, paymentId: string) {
  const [row] = await deps.database.db
    .select({
      payment: payments,
      payerId: sessionRegistrations.userId,
      session: sessions,
      clubName: organizations.name,
      timeZone: organizations.timeZone,
    })
    .from(payments)
    .innerJoin(sessionRegistrations, eq(sessionRegistrations.id, payments.registrationId))
    .innerJoin(sessions, eq(sessions.id, sessionRegistrations.sessionId))
    .innerJoin(organizations, eq(organizations.id, sessions.organizationId))
    .where(eq(payments.id, paymentId));
  if (!row) throw notFound("Payment not found");
  return row;
}

/** Opens (or reopens) the provider's checkout for a pending payment and returns its address. */
export async function checkoutFor(deps: AppDeps, paymentId: string): Promise<string> {
  const { payment, session, clubName } = await paymentContext(deps, paymentId);
  const checkout = await deps.payments.createCheckout({
    paymentId,
    amount: payment.amount,
    description: `${session.name} (${formatCents(payment.amount)})`,
    clubName,
    returnUrl: `${deps.config.appUrl}/sessions/${session.id}`,
  });
  await deps.database.db
    .update(payments)
    .set({ provider: deps.payments.kind, providerRef: checkout.providerRef, updatedAt: new Date() })
    .where(eq(payments.id, paymentId));
  return checkout.url;
}

export async function scheduleHoldExpiry(
  deps: AppDeps,
  registration: { organizationId: string; sessionId: string; holdExpiresAt: Date | null },
) {
  if (!registration.holdExpiresAt) return;
  await deps.jobs.schedule<HoldJob>(
    EXPIRE_HOLDS,
    { organizationId: registration.organizationId, sessionId: registration.sessionId },
    new Date(registration.holdExpiresAt.getTime() + 1000),
  );
}

export async function registerSessionJobs(deps: AppDeps): Promise<void> {
  await deps.jobs.handle<HoldJob>(EXPIRE_HOLDS, async ({ organizationId, sessionId }) => {
    const promotions = await sweepHolds(deps.database.db, organizationId, sessionId, deps.now());
    await notifyPromotions(deps.database.db, deps.jobs, deps.config.appUrl, promotions);
  });
}
