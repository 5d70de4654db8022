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
/** A session fee's checkout: payable until it is paid or closed, as Stripe's is. */
export type SandboxFeeCheckout = { status: "open" | "expired" };
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

/**
 * What the sandbox's checkout and portal pages record for the customer: a subscription to
 * `productId` whose month starts `now`, or (null) one cancelled now.
 */
export async function recordSandboxSubscription(
  db: Db,
  customerRef: string,
  productId: string | null,
  now: Date,
): Promise<void> {
  const subscription: StoredSubscription = productId
    ? {
        status: "active",
        productId,
        currentPeriodEnd: new Date(now.getTime() + SANDBOX_PERIOD_MS).toISOString(),
      }
    : { status: "canceled", productId: null, currentPeriodEnd: now.toISOString() };
  await sandboxStore(db).put(sandboxRefs.subscription(customerRef), "subscription", subscription);
}

const token = () => randomBytes(12).toString("hex");

export const sandboxRefs = {
  customer: (organizationId: string) => `sbx_cus_${organizationId}`,
  subscription: (customerRef: string) => `sbx_sub_${customerRef}`,
  account: (organizationId: string) => `sbx_acct_${organizationId}`,
  paymentOf: (paymentId: string) => `sbx_pi_${paymentId}`,
  feeCheckoutOf: (paymentId: string) => `sandbox_${paymentId}`,
};

/**
 * Whether a session fee's checkout can still be paid. One the sandbox has no record of was
 * opened before checkouts were recorded, and stays open as it always did.
 */
export async function sandboxCheckoutOpen(db: Db, providerRef: string): Promise<boolean> {
  const stored = await sandboxStore(db).get<SandboxFeeCheckout>(providerRef);
  return stored?.data.status !== "expired";
}

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
    // The sandbox's dues are played in the app (memberships/dues.ts): paid at once, renewed by hand.
    dues: null,

    async createCheckout({ paymentId }) {
      const providerRef = sandboxRefs.feeCheckoutOf(paymentId);
      // The payment's page is its only checkout: opened again, it is open again.
      await store.put<SandboxFeeCheckout>(providerRef, "fee_checkout", { status: "open" });
      return { url: `${appUrl}/sandbox/checkout/${paymentId}`, providerRef };
    },
    async retrieveCheckout(providerRef) {
      const payment = await findPayment("providerRef", providerRef);
      const paymentId = payment?.id ?? null;
      const paymentIds = paymentId ? [paymentId] : [];
      if (payment && ["paid", "refund_pending", "refunded"].includes(payment.status)) {
        return { status: "paid", paymentId, paymentIds, paymentRef: sandboxRefs.paymentOf(payment.id) };
      }
      // As on Stripe, a place given up or a hold run out leaves the checkout open until it is closed.
      const open = await sandboxCheckoutOpen(db, providerRef);
      return { status: open ? "open" : "expired", paymentId, paymentIds, paymentRef: null };
    },
    async expireCheckout(providerRef) {
      // A paid one stays paid: that is read from the payment, whatever its checkout says.
      await store.put<SandboxFeeCheckout>(providerRef, "fee_checkout", { status: "expired" });
    },
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
