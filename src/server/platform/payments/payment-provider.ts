// The port every payment goes through: the club's subscription (checkout and portal), its
// payout account (Stripe Connect), session fees charged on that account, and refunds. Stripe
// stands behind it with keys (stripe-provider.ts); without them the sandbox (sandbox-provider.ts)
// plays every part locally, so the whole flow works offline.
//
// Every create call takes an idempotency key: a retried call (ours, or the SDK's after a lost
// answer) creates nothing twice.
import { AppError } from "../errors/app-error.js";

export type SessionCheckoutRequest = {
  /** The payment the checkout is opened for: the first of several paid at once. */
  paymentId: string;
  amount: number; // cents, of every line
  /** Our share, in cents. */
  applicationFee: number;
  description: string;
  /** Every payment the checkout pays: `paymentId` alone, or a household's places paid at once. */
  paymentIds: string[];
  /** A household's places paid at once: one line each (one line of `description` when absent). */
  lines?: Array<{ description: string; amount: number }>;
  clubName: string;
  customerEmail: string | null;
  /**
   * The club's payout account the money goes to: the app names one that takes charges, with
   * either provider (sessions/payments-ready.ts). Null would charge the platform's own account.
   */
  payoutAccountRef: string | null;
  /** Where the person returns after paying or giving up. */
  returnUrl: string;
  /** Distinguishes one opening of the checkout from the next (a reopened one is new). */
  attemptKey: string;
};

export type CheckoutState = {
  status: "open" | "paid" | "expired";
  /** Our payment the checkout was opened for, as the provider recorded it. */
  paymentId: string | null;
  /** Every payment it pays, as the provider recorded them: that one, or a household's places. */
  paymentIds: string[];
  /** The charge (Stripe: its PaymentIntent), once paid: what a refund names. */
  paymentRef: string | null;
};

export type SubscriptionState = {
  status: "active" | "past_due" | "canceled";
  productId: string | null;
  /** The end of the period paid for. */
  currentPeriodEnd: Date | null;
};

export type PayoutAccountState = { detailsSubmitted: boolean; chargesEnabled: boolean };

export type ProviderEvent = {
  id: string;
  type: string;
  /** The connected account the event happened on, for Connect events. */
  account: string | null;
  object: { id: string; object: string } & Record<string, unknown>;
};

/** A member's dues checkout: a subscription on the club's own account (decision 039). */
export type DuesCheckoutRequest = {
  /** Who joins which plan version at which club: carried on the subscription as its metadata. */
  member: DuesMember;
  planName: string;
  clubName: string;
  priceCents: number;
  /** A month or a year renews as a subscription; a season is one payment for its fixed dates. */
  interval: "month" | "year" | "season";
  /** Our share of each payment, in percent (the club's plan's session fee rate). */
  applicationFeePercent: number;
  customerEmail: string | null;
  payoutAccountRef: string;
  successUrl: string;
  cancelUrl: string;
  /** Distinguishes one attempt from the next, so a second tap opens a fresh checkout. */
  attemptKey: string;
};

export type DuesMember = {
  organizationId: string;
  userId: string;
  planId: string;
  /** Bought by a visitor from the club's page: the first payment makes them a member. */
  joining: boolean;
};

/** A dues subscription as the provider has it now. */
export type DuesSubscriptionState = {
  ref: string;
  status: "active" | "past_due" | "ended";
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** Whom our checkout made it for; null for a subscription something else made. */
  member: DuesMember | null;
};

/**
 * Dues as subscriptions on a club's connected account. Stripe's only: the sandbox plays dues in
 * the app itself (memberships/dues.ts), a payment at once and renewals by hand.
 */
export interface DuesProvider {
  createCheckout(request: DuesCheckoutRequest): Promise<{ url: string; ref: string }>;
  /**
   * Closes a checkout not paid yet. One paid before it could be closed says so, with the
   * subscription it made (null for a season's one payment).
   */
  closeCheckout(
    checkoutRef: string,
    payoutAccountRef: string,
  ): Promise<{ paid: false } | { paid: true; subscriptionRef: string | null }>;
  /** A season's checkout (one payment) as the provider has it now: paid or not, and for whom. */
  retrieveSeasonCheckout(
    checkoutRef: string,
    payoutAccountRef: string,
  ): Promise<{ paid: boolean; member: DuesMember | null } | null>;
  retrieve(subscriptionRef: string, payoutAccountRef: string): Promise<DuesSubscriptionState | null>;
  /**
   * Moves the subscription to another plan from now: the new price on its item, the difference
   * for the rest of the period invoiced at once, and the new plan in its metadata.
   */
  switchPlan(
    subscriptionRef: string,
    payoutAccountRef: string,
    to: { member: DuesMember; priceCents: number; interval: "month" | "year" },
  ): Promise<void>;
  /** Ends the subscription at its period's end, or keeps it after all. */
  setCancellation(subscriptionRef: string, payoutAccountRef: string, cancel: boolean): Promise<void>;
  /** The provider's page where the member changes their card (or cancels). */
  createPortal(
    subscriptionRef: string,
    payoutAccountRef: string,
    returnUrl: string,
  ): Promise<{ url: string }>;
}

export interface PaymentProvider {
  readonly kind: "sandbox" | "stripe";
  /** Dues by subscription: null in the sandbox, which plays them in the app. */
  readonly dues: DuesProvider | null;

  createCheckout(request: SessionCheckoutRequest): Promise<{ url: string; providerRef: string }>;
  retrieveCheckout(providerRef: string, payoutAccountRef: string | null): Promise<CheckoutState>;
  /**
   * Closes a checkout so it can no longer be paid; one already paid or closed is left as it is.
   * Throws ProviderError when an open one could not be closed: the caller tries again.
   */
  expireCheckout(providerRef: string, payoutAccountRef: string | null): Promise<void>;
  /** Whether the charge has been refunded in full (by us, or from the provider's dashboard). */
  retrieveRefunded(paymentRef: string, payoutAccountRef: string | null): Promise<boolean>;
  /** Refunds the payment's part of the charge, our fee on it included: nothing kept that was not announced. */
  refund(request: {
    paymentId: string;
    /** This payment's part of the charge: all of it, or one place of several paid at once. */
    amount: number;
    paymentRef: string;
    payoutAccountRef: string | null;
  }): Promise<{ refundRef: string }>;

  createCustomer(request: { organizationId: string; name: string; email: string | null }): Promise<string>;
  createSubscriptionCheckout(request: {
    organizationId: string;
    customerRef: string;
    priceId: string;
    /** Distinguishes one attempt from the next, so a second click opens a fresh checkout. */
    attemptKey: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ url: string }>;
  createPortal(request: {
    organizationId: string;
    customerRef: string;
    returnUrl: string;
  }): Promise<{ url: string }>;
  /** The club's current subscription, or null when it has none. */
  retrieveSubscription(customerRef: string): Promise<SubscriptionState | null>;

  createPayoutAccount(request: { organizationId: string; email: string | null }): Promise<string>;
  createOnboardingLink(request: {
    organizationId: string;
    accountRef: string;
    returnUrl: string;
    refreshUrl: string;
  }): Promise<string>;
  retrievePayoutAccount(accountRef: string): Promise<PayoutAccountState>;

  /** Checks a webhook's signature on its raw body and returns the event; throws when it fails. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined, now: Date): ProviderEvent;
}

/** The provider could not be reached or refused: answered 502, and nothing of ours changed. */
export class ProviderError extends AppError {
  constructor(readonly operation: string) {
    super("PAYMENT_PROVIDER_ERROR", "The payment provider could not complete this. Please try again.");
  }
}
