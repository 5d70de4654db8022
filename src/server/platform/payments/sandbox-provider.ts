// The sandbox provider: Stripe's part played locally, so a club without keys sees the whole
// flow (plan checkout, billing portal, payout-account onboarding, session fees, refunds) and
// every test runs offline. Its state lives in its own table, read back by the app exactly as
// Stripe's would be; its pages (features/payments/sandbox-pages.ts) change that state and then
// tell the app, as Stripe's webhooks do. No real money moves.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { sandboxProviderRecords } from "../../db/schema/sandbox-payments.js";
import type { PaymentProvider, PayoutAccountState, SubscriptionState } from "./payment-provider.js";

type Stored<T> = { ref: string; kind: string; data: T };

export type SandboxCheckoutSession = {
  organizationId: string;
  customerRef: string;
  priceId: string;
  successUrl: string;
  cancelUrl: string;
  status: "open" | "complete" | "expired";
};
export type SandboxPortalSession = { organizationId: string; customerRef: string; returnUrl: string };
export type SandboxOnboardingLink = { organizationId: string; accountRef: string; returnUrl: string };
export type StoredSubscription = Omit<SubscriptionState, "currentPeriodEnd"> & {
  currentPeriodEnd: string | null;
};

export function sandboxStore(db: Db) {
  return {
    async get<T>(ref: string): Promise<Stored<T> | undefined> {
      const [row] = await db.select().from(sandboxProviderRecords).where(eq(sandboxProviderRecords.ref, ref));
      return row ? { ref: row.ref, kind: row.kind, data: row.data as T } : undefined;
    },
    async put<T>(ref: string, kind: string, data: T): Promise<void> {
      await db
        .insert(sandboxProviderRecords)
        .values({ ref, kind, data })
        .onConflictDoUpdate({ target: sandboxProviderRecords.ref, set: { data, updatedAt: new Date() } });
    },
    /** Creates the record unless it exists: the sandbox's idempotent create. */
    async ensure<T>(ref: string, kind: string, data: T): Promise<void> {
      await db.insert(sandboxProviderRecords).values({ ref, kind, data }).onConflictDoNothing();
    },
  };
}

/** What the sandbox's onboarding page does on "Submit details": the account takes charges. */
export async function enableSandboxAccount(
  db: Db,
  accountRef: string,
  organizationId: string,
): Promise<void> {
  await sandboxStore(db).put<PayoutAccountState & { organizationId: string }>(accountRef, "account", {
    organizationId,
    detailsSubmitted: true,
    chargesEnabled: true,
  });
}

export const SANDBOX_PERIOD_MS = 30 * 86_400_000;

const token = () => randomBytes(12).toString("hex");

export const sandboxRefs = {
  customer: (organizationId: string) => `sbx_cus_${organizationId}`,
  subscription: (customerRef: string) => `sbx_sub_${customerRef}`,
  account: (organizationId: string) => `sbx_acct_${organizationId}`,
  paymentOf: (paymentId: string) => `sbx_pi_${paymentId}`,
};

/** A session fee as the sandbox reads it back: the payment is its own checkout and charge. */
export type SandboxPaymentLookup = (
  by: "providerRef" | "providerPaymentRef",
  ref: string,
) => Promise<{ id: string; status: string } | null>;

export function createSandboxProvider(
  appUrl: string,
  db: Db,
  findPayment: SandboxPaymentLookup,
): PaymentProvider {
  const store = sandboxStore(db);
  return {
    kind: "sandbox",

    async createCheckout({ paymentId }) {
      return { url: `${appUrl}/sandbox/checkout/${paymentId}`, providerRef: `sandbox_${paymentId}` };
    },
    async retrieveCheckout(providerRef) {
      const payment = await findPayment("providerRef", providerRef);
      const paymentId = payment?.id ?? null;
      if (!payment || payment.status === "pending") return { status: "open", paymentId, paymentRef: null };
      if (payment.status === "cancelled" || payment.status === "expired") {
        return { status: "expired", paymentId, paymentRef: null };
      }
      return { status: "paid", paymentId, paymentRef: sandboxRefs.paymentOf(payment.id) };
    },
    // The sandbox's checkout page belongs to the payment itself: there is never a second one to close.
    async expireCheckout() {},
    async retrieveRefunded(paymentRef) {
      const payment = await findPayment("providerPaymentRef", paymentRef);
      return payment?.status === "refunded";
    },
    async refund({ paymentId }) {
      return { refundRef: `sbx_re_${paymentId}` };
    },

    async createCustomer({ organizationId, name }) {
      const ref = sandboxRefs.customer(organizationId);
      await store.ensure(ref, "customer", { organizationId, name });
      return ref;
    },
    async createSubscriptionCheckout({ organizationId, customerRef, priceId, successUrl, cancelUrl }) {
      const ref = `sbx_cs_${token()}`;
      const session: SandboxCheckoutSession = {
        organizationId,
        customerRef,
        priceId,
        successUrl,
        cancelUrl,
        status: "open",
      };
      await store.put(ref, "checkout_session", session);
      return { url: `${appUrl}/sandbox/billing/checkout/${ref}` };
    },
    async createPortal({ organizationId, customerRef, returnUrl }) {
      const ref = `sbx_bps_${token()}`;
      await store.put<SandboxPortalSession>(ref, "portal_session", {
        organizationId,
        customerRef,
        returnUrl,
      });
      return { url: `${appUrl}/sandbox/billing/portal/${ref}` };
    },
    async retrieveSubscription(customerRef) {
      const stored = await store.get<StoredSubscription>(sandboxRefs.subscription(customerRef));
      if (!stored) return null;
      const { currentPeriodEnd, ...rest } = stored.data;
      let end = currentPeriodEnd ? new Date(currentPeriodEnd) : null;
      // An active sandbox subscription renews itself each month, as a card that never fails would.
      while (rest.status === "active" && end && end <= new Date())
        end = new Date(end.getTime() + SANDBOX_PERIOD_MS);
      return { ...rest, currentPeriodEnd: end };
    },

    async createPayoutAccount({ organizationId }) {
      const ref = sandboxRefs.account(organizationId);
      await store.ensure<PayoutAccountState & { organizationId: string }>(ref, "account", {
        organizationId,
        detailsSubmitted: false,
        chargesEnabled: false,
      });
      return ref;
    },
    async createOnboardingLink({ organizationId, accountRef, returnUrl }) {
      const ref = `sbx_link_${token()}`;
      await store.put<SandboxOnboardingLink>(ref, "account_link", { organizationId, accountRef, returnUrl });
      return `${appUrl}/sandbox/connect/${ref}`;
    },
    async retrievePayoutAccount(accountRef) {
      const stored = await store.get<PayoutAccountState>(accountRef);
      return {
        detailsSubmitted: stored?.data.detailsSubmitted ?? false,
        chargesEnabled: stored?.data.chargesEnabled ?? false,
      };
    },

    verifyWebhook() {
      throw new Error("The sandbox provider sends no webhooks");
    },
  };
}
