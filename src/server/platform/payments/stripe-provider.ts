// The Stripe adapter of the PaymentProvider port, on the official SDK. Subscriptions are
// Checkout in subscription mode with the club as customer; session fees are direct charges on
// the club's connected account (an Express dashboard, Stripe's fees and losses on us) with our
// application fee; a refund returns a payment's part of the charge and our fee on it. Every create call carries an
// idempotency key derived from what it is for and from every value the request depends on, so
// our retries and the SDK's create nothing twice, and changed details make a new request
// instead of Stripe's idempotency_error.
import { createHash } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import Stripe from "stripe";
import type { StripeConfig } from "../../config.js";
import { type PaymentProvider, ProviderError, type SubscriptionState } from "./payment-provider.js";
import { createStripeDues } from "./stripe-dues.js";

// Stripe refuses a checkout whose expiry is under 30 minutes from when it receives the request.
// The SDK's retry after a timeout resends the same body seconds later, and clocks differ: 35
// minutes keeps every attempt inside the window. The place itself is held for less
// (registrations.ts) and its checkout is closed when the hold runs out.
export const CHECKOUT_LIFETIME_SECONDS = 35 * 60;

/** A short digest of the values a create request depends on, for its idempotency key. */
const digestOf = (...values: Array<string | null | undefined>) =>
  createHash("sha256").update(JSON.stringify(values)).digest("base64url").slice(0, 16);

/** Webhooks older than this are refused: a captured delivery cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export function createStripeClient(config: StripeConfig): Stripe {
  const api = config.apiUrl ? new URL(config.apiUrl) : undefined;
  return new Stripe(config.secretKey, {
    // One attempt and one retry of 7 s each: a call made by a job ends inside the job's time.
    maxNetworkRetries: 1,
    timeout: 7_000,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === "http:" ? 80 : 443),
          protocol: api.protocol === "http:" ? "http" : "https",
        }
      : {}),
  });
}

function subscriptionState(subscription: Stripe.Subscription): SubscriptionState {
  const item = subscription.items.data[0];
  const product = item?.price.product;
  const status =
    subscription.status === "active" || subscription.status === "trialing"
      ? "active"
      : subscription.status === "past_due" || subscription.status === "unpaid"
        ? "past_due"
        : "canceled";
  return {
    status,
    productId: typeof product === "string" ? product : (product?.id ?? null),
    currentPeriodEnd: item ? new Date(item.current_period_end * 1000) : null,
  };
}

// A club should hold one subscription; if it ever holds several, the one that is paid for wins.
const statusRank = { active: 0, past_due: 1, canceled: 2 } as const;

export function createStripeProvider(config: StripeConfig, log: FastifyBaseLogger): PaymentProvider {
  const stripe = createStripeClient(config);

  /** Runs one call; a failure is logged with what was attempted and answered as 502. */
  async function call<T>(operation: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const e = error as { type?: string; code?: string; statusCode?: number; requestId?: string };
      log.warn(
        { operation, type: e.type, code: e.code, statusCode: e.statusCode, requestId: e.requestId },
        "payment provider call failed",
      );
      throw new ProviderError(operation);
    }
  }

  return {
    kind: "stripe",
    dues: createStripeDues(stripe, call),

    createCheckout(request) {
      return call("checkout.create", async () => {
        const returnUrl = new URL(request.returnUrl);
        const session = await stripe.checkout.sessions.create(
          {
            mode: "payment",
            client_reference_id: request.paymentId,
            // Several places paid at once: every payment named, so each is settled by the charge.
            metadata: { paymentId: request.paymentId, paymentIds: request.paymentIds.join(",") },
            ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
            line_items: (request.lines ?? [{ description: request.description, amount: request.amount }]).map(
              (line) => ({
                quantity: 1,
                price_data: {
                  currency: "usd",
                  unit_amount: line.amount,
                  product_data: { name: line.description },
                },
              }),
            ),
            payment_intent_data: {
              // A fee exists only on a direct charge on the club's account: Stripe refuses one
              // on a charge the platform takes itself.
              ...(request.payoutAccountRef ? { application_fee_amount: request.applicationFee } : {}),
              metadata: { paymentId: request.paymentId },
            },
            expires_at: Math.floor(Date.now() / 1000) + CHECKOUT_LIFETIME_SECONDS,
            success_url: withQuery(returnUrl, "payment", "success"),
            cancel_url: withQuery(returnUrl, "payment", "cancelled"),
          },
          {
            idempotencyKey: `session-fee-checkout:${request.paymentId}:${request.attemptKey}`,
            ...(request.payoutAccountRef ? { stripeAccount: request.payoutAccountRef } : {}),
          },
        );
        if (!session.url) throw new Error("checkout session without a url");
        return { url: session.url, providerRef: session.id };
      });
    },
    retrieveCheckout(providerRef, payoutAccountRef) {
      return call("checkout.retrieve", async () => {
        const session = await stripe.checkout.sessions.retrieve(
          providerRef,
          {},
          payoutAccountRef ? { stripeAccount: payoutAccountRef } : {},
        );
        const intent = session.payment_intent;
        const paymentRef = typeof intent === "string" ? intent : (intent?.id ?? null);
        const paymentId = session.client_reference_id;
        const listed = session.metadata?.paymentIds?.split(",").filter(Boolean) ?? [];
        const paymentIds = listed.length > 0 ? listed : paymentId ? [paymentId] : [];
        if (session.status === "complete" && session.payment_status === "paid") {
          return { status: "paid", paymentId, paymentIds, paymentRef };
        }
        if (session.status === "expired")
          return { status: "expired", paymentId, paymentIds, paymentRef: null };
        return { status: "open", paymentId, paymentIds, paymentRef: null };
      });
    },
    expireCheckout(providerRef, payoutAccountRef) {
      const options = payoutAccountRef ? { stripeAccount: payoutAccountRef } : {};
      return call("checkout.expire", async () => {
        try {
          await stripe.checkout.sessions.expire(providerRef, {}, options);
        } catch (error) {
          // Stripe expires only an open checkout. One paid or expired meanwhile has nothing left
          // to close (a paid one is settled by its own event); one still open is a failure.
          const session = await stripe.checkout.sessions.retrieve(providerRef, {}, options);
          if (session.status === "open") throw error;
        }
      });
    },
    retrieveRefunded(paymentRef, payoutAccountRef) {
      return call("payment-intent.retrieve", async () => {
        const intent = await stripe.paymentIntents.retrieve(
          paymentRef,
          { expand: ["latest_charge"] },
          payoutAccountRef ? { stripeAccount: payoutAccountRef } : {},
        );
        const charge = intent.latest_charge;
        return typeof charge === "object" && charge !== null && charge.refunded;
      });
    },
    refund({ paymentId, amount, paymentRef, payoutAccountRef }) {
      return call("refund.create", async () => {
        const refund = await stripe.refunds.create(
          // The payment's own part: several places paid at once share one charge.
          { payment_intent: paymentRef, amount, refund_application_fee: true, metadata: { paymentId } },
          {
            idempotencyKey: `refund:${paymentId}`,
            ...(payoutAccountRef ? { stripeAccount: payoutAccountRef } : {}),
          },
        );
        return { refundRef: refund.id };
      });
    },

    createCustomer({ organizationId, name, email }) {
      return call("customer.create", async () => {
        const customer = await stripe.customers.create(
          { name, ...(email ? { email } : {}), metadata: { organizationId } },
          { idempotencyKey: `customer:${organizationId}:${digestOf(name, email)}` },
        );
        return customer.id;
      });
    },
    createSubscriptionCheckout({ organizationId, customerRef, priceId, attemptKey, successUrl, cancelUrl }) {
      return call("subscription-checkout.create", async () => {
        const session = await stripe.checkout.sessions.create(
          {
            mode: "subscription",
            customer: customerRef,
            client_reference_id: organizationId,
            metadata: { organizationId },
            subscription_data: { metadata: { organizationId } },
            line_items: [{ price: priceId, quantity: 1 }],
            success_url: successUrl,
            cancel_url: cancelUrl,
          },
          { idempotencyKey: `subscription-checkout:${organizationId}:${attemptKey}` },
        );
        if (!session.url) throw new Error("checkout session without a url");
        return { url: session.url };
      });
    },
    createPortal({ organizationId, customerRef, returnUrl }) {
      return call("portal.create", async () => {
        const session = await stripe.billingPortal.sessions.create(
          { customer: customerRef, return_url: returnUrl },
          { idempotencyKey: `portal:${organizationId}:${crypto.randomUUID()}` },
        );
        return { url: session.url };
      });
    },
    retrieveSubscription(customerRef) {
      return call("subscription.retrieve", async () => {
        const list = await stripe.subscriptions.list({ customer: customerRef, status: "all", limit: 10 });
        const states = list.data.map(subscriptionState);
        states.sort((a, b) => statusRank[a.status] - statusRank[b.status]);
        return states[0] ?? null;
      });
    },

    createPayoutAccount({ organizationId, email }) {
      return call("account.create", async () => {
        const account = await stripe.accounts.create(
          {
            // What "type: express" meant, said the way the current API describes accounts: the
            // club uses Stripe's Express dashboard, and the platform pays Stripe's fees and
            // answers for losses. Card payments and transfers are asked for here rather than
            // left to the dashboard's defaults.
            controller: {
              fees: { payer: "application" },
              losses: { payments: "application" },
              stripe_dashboard: { type: "express" },
            },
            capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
            ...(email ? { email } : {}),
            metadata: { organizationId },
          },
          { idempotencyKey: `payout-account:${organizationId}:${digestOf(email)}` },
        );
        return account.id;
      });
    },
    createOnboardingLink({ organizationId, accountRef, returnUrl, refreshUrl }) {
      return call("account-link.create", async () => {
        const link = await stripe.accountLinks.create(
          { account: accountRef, type: "account_onboarding", return_url: returnUrl, refresh_url: refreshUrl },
          { idempotencyKey: `account-link:${organizationId}:${crypto.randomUUID()}` },
        );
        return link.url;
      });
    },
    retrievePayoutAccount(accountRef) {
      return call("account.retrieve", async () => {
        const account = await stripe.accounts.retrieve(accountRef);
        return {
          detailsSubmitted: account.details_submitted ?? false,
          chargesEnabled: account.charges_enabled ?? false,
        };
      });
    },

    verifyWebhook(rawBody, signature, now) {
      // The platform's endpoint and the Connect endpoint (events on the clubs' accounts) sign
      // with secrets of their own; either may have sent this.
      const event = firstVerified(config.webhookSecrets, (secret) =>
        stripe.webhooks.constructEvent(
          rawBody,
          signature ?? "",
          secret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          now.getTime(), // milliseconds: the SDK divides by 1000
        ),
      );
      const object = event.data.object as unknown as { id: string; object: string } & Record<string, unknown>;
      return { id: event.id, type: event.type, account: event.account ?? null, object };
    },
  };
}

function withQuery(url: URL, key: string, value: string): string {
  const copy = new URL(url);
  copy.searchParams.set(key, value);
  return copy.toString();
}

function firstVerified<T>(secrets: string[], verify: (secret: string) => T): T {
  let failure: unknown = new Error("no webhook secret");
  for (const secret of secrets) {
    try {
      return verify(secret);
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}
