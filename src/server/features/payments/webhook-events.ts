import type { AppDeps } from "../../app-deps.js";
import type { ProviderEvent } from "../../platform/payments/payment-provider.js";
import { syncSubscription } from "../billing/service.js";
import { clubIdByRef } from "../clubs/service.js";
import { duesWebhook, isDuesEvent } from "../memberships/service.js";
import {
  abandonPayment,
  confirmPayment,
  markRefunded,
  paymentById,
  paymentsByRef,
} from "../sessions/service.js";
import { syncPayoutAccount } from "./payout-account.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const text = (value: unknown): string | null => (typeof value === "string" ? value : null);
const idOf = (value: unknown): string | null =>
  text(value) ?? text((value as { id?: unknown } | null)?.id ?? null);

async function clubBy(deps: AppDeps, column: "billingCustomerRef" | "payoutAccountRef", ref: string | null) {
  return ref ? clubIdByRef(deps.database.db, column, ref) : null;
}

async function subscriptionEvent(deps: AppDeps, event: ProviderEvent): Promise<void> {
  const organizationId = await clubBy(deps, "billingCustomerRef", idOf(event.object.customer));
  if (organizationId) await syncSubscription(deps, organizationId);
}

async function sessionFeeCheckout(deps: AppDeps, event: ProviderEvent): Promise<void> {
  // Checkouts made by anything else on the account (a payment link, say) name no payment of ours.
  const paymentId = text(event.object.client_reference_id);
  if (!paymentId || !UUID.test(paymentId)) return;
  const payment = await paymentById(deps.database.db, paymentId);
  if (!payment) return;
  const state = await deps.payments.retrieveCheckout(event.object.id, payment.payoutAccountRef);
  // The checkout must be the one opened for this payment, as the provider itself says. It pays
  // that payment, or a household's places with it (each settled by the one charge).
  if (state.paymentId !== paymentId) return;
  const together = state.paymentIds.length > 1;
  for (const id of state.paymentIds.filter((id) => UUID.test(id))) {
    const each = await paymentById(deps.database.db, id);
    // Only payments of the same club, paid to the same account, are settled by this charge.
    if (!each || each.organizationId !== payment.organizationId) continue;
    if (each.payoutAccountRef !== payment.payoutAccountRef) continue;
    if (state.status === "paid") await confirmPayment(deps, id, state.paymentRef);
    // A checkout closed because another replaced it (Pay pressed again) gives up nothing: only
    // the payment's own checkout, ending unpaid, releases its place. Several places paid
    // together are closed when any one of them is given up or paid apart, so the rest are
    // left to their holds (the payer pays them again from the session's page).
    if (state.status === "expired" && each.providerRef === event.object.id && !together)
      await abandonPayment(deps, id);
  }
}

async function refundEvent(deps: AppDeps, event: ProviderEvent): Promise<void> {
  const paymentRef = idOf(event.object.payment_intent);
  if (!paymentRef) return;
  // One charge may pay several places (a household's, paid at once): refunded in full, it is
  // every one of them.
  const charged = (await paymentsByRef(deps.database.db, "providerPaymentRef", paymentRef)).filter(
    (payment) => payment.status !== "refunded",
  );
  const payment = charged[0];
  if (!payment) return;
  if (!(await deps.payments.retrieveRefunded(paymentRef, payment.payoutAccountRef))) return;
  // Refunded at the provider: by our jobs, or by someone in the provider's dashboard.
  for (const each of charged)
    await markRefunded(deps.database.db, each.id, null, [
      "pending",
      "paid",
      "cancelled",
      "expired",
      "refund_pending",
    ]);
}

export async function handleProviderEvent(deps: AppDeps, event: ProviderEvent): Promise<void> {
  const { type } = event;
  // A member's dues: a subscription on a club's own account (the club's own plan is ours).
  if (isDuesEvent(event)) return duesWebhook(deps, event);
  if (type.startsWith("checkout.session.")) {
    if (event.object.mode === "subscription") return subscriptionEvent(deps, event);
    return sessionFeeCheckout(deps, event);
  }
  if (type.startsWith("customer.subscription.") || type.startsWith("invoice.")) {
    return subscriptionEvent(deps, event);
  }
  if (type === "account.updated") {
    const organizationId = await clubBy(deps, "payoutAccountRef", event.object.id);
    if (organizationId) await syncPayoutAccount(deps, organizationId);
    return;
  }
  if (type === "charge.refunded" || type.startsWith("refund.") || type.startsWith("charge.refund.")) {
    return refundEvent(deps, event);
  }
  // Any other event is acknowledged and recorded; nothing of ours depends on it.
}
