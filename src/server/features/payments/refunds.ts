// Refunds owed are decided inside the cancelling transaction (the payment becomes
// refund_pending); the provider's refund is made here, by a job, after commit. The job retries
// 16 times with doubling waits (over about a week), every start queues what is still
// owed, and the provider's idempotency key (one per payment) means a retry after a lost answer
// refunds nothing twice.
import { and, eq } from "drizzle-orm";
import type { AppDeps } from "../../app-deps.js";
import { payments } from "../../db/schema/sessions.js";
import { type Effect, jobEffect } from "../../platform/jobs/outbox.js";
import { sandboxRefs } from "../../platform/payments/sandbox-provider.js";
import type { RefundDecision } from "../sessions/service.js";

export const REFUND_PAYMENT = "refund-payment";
const REFUND_RETRIES = 16;
type RefundJob = { paymentId: string };

/** The refund jobs for the decisions that refund, queued by the deciding transaction. */
export function refundJobs(decisions: Array<RefundDecision | null>): Effect[] {
  return decisions.flatMap((decision) =>
    decision?.refunded
      ? [jobEffect(REFUND_PAYMENT, { paymentId: decision.paymentId } satisfies RefundJob)]
      : [],
  );
}

/** Makes the provider's refund for a payment marked refund_pending; anything else is left alone. */
export async function makeRefund(deps: AppDeps, paymentId: string): Promise<void> {
  const { db } = deps.database;
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (payment?.status !== "refund_pending") return;
  const paymentRef =
    payment.providerPaymentRef ??
    (deps.payments.kind === "sandbox" ? sandboxRefs.paymentOf(payment.id) : null);
  if (!paymentRef) throw new Error(`payment ${paymentId} has no charge to refund yet`);
  const { refundRef } = await deps.payments.refund({
    paymentId,
    paymentRef,
    payoutAccountRef: payment.payoutAccountRef,
  });
  await db
    .update(payments)
    .set({ status: "refunded", refundRef, updatedAt: new Date() })
    .where(and(eq(payments.id, paymentId), eq(payments.status, "refund_pending")));
}

export async function registerRefundJobs(deps: AppDeps): Promise<void> {
  // Retried with doubling waits for days: a provider outage delays a refund, never drops it.
  await deps.jobs.handle<RefundJob>(REFUND_PAYMENT, ({ paymentId }) => makeRefund(deps, paymentId), {
    retryLimit: REFUND_RETRIES,
  });
  // A refund decided just before a process died, between its commit and its job, is still
  // owed: every start queues the owed ones again (the job and the provider's key make a
  // repeat harmless).
  const owed = await deps.database.db
    .select({ paymentId: payments.id })
    .from(payments)
    .where(eq(payments.status, "refund_pending"));
  for (const { paymentId } of owed) {
    await deps.jobs.schedule<RefundJob>(REFUND_PAYMENT, { paymentId }, deps.now());
  }
}
