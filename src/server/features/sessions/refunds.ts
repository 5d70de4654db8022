import type { AppDeps } from "../../app-deps.js";
import { type Effect, jobEffect } from "../../platform/jobs/outbox.js";
import { sandboxRefs } from "../../platform/payments/sandbox-provider.js";
import type { RefundDecision } from "./payment-outcomes.js";
import { markRefunded, paymentById, refundsOwed } from "./payment-rows.js";

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
  const payment = await paymentById(db, paymentId);
  if (payment?.status !== "refund_pending") return;
  const paymentRef =
    payment.providerPaymentRef ??
    (deps.payments.kind === "sandbox" ? sandboxRefs.paymentOf(payment.id) : null);
  if (!paymentRef) throw new Error(`payment ${paymentId} has no charge to refund yet`);
  const { refundRef } = await deps.payments.refund({
    paymentId,
    amount: payment.amount,
    paymentRef,
    payoutAccountRef: payment.payoutAccountRef,
  });
  await markRefunded(db, paymentId, refundRef, ["refund_pending"]);
}

export async function registerRefundJobs(deps: AppDeps): Promise<void> {
  // Retried with doubling waits for days: a provider outage delays a refund, never drops it.
  await deps.jobs.handle<RefundJob>(REFUND_PAYMENT, ({ paymentId }) => makeRefund(deps, paymentId), {
    retryLimit: REFUND_RETRIES,
  });
  // A refund decided just before a process died, between its commit and its job, is still
  // owed: every start queues the owed ones again (the job and the provider's key make a
  // repeat harmless).
  for (const paymentId of await refundsOwed(deps.database.db)) {
    await deps.jobs.schedule<RefundJob>(REFUND_PAYMENT, { paymentId }, deps.now());
  }
}
