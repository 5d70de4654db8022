// Dues on Stripe (decision 039): each member's subscription lives on the club's own connected
// account (a direct charge, as session fees are), with our share as application_fee_percent.
// The checkout carries who joins which plan version, as the subscription's metadata, so every
// later event on it names its membership; the member's card and cancellation are Stripe's
// customer portal on the same account.
import type Stripe from "stripe";
import type { DuesMember, DuesProvider, DuesSubscriptionState } from "./payment-provider.js";

type Call = <T>(operation: string, work: () => Promise<T>) => Promise<T>;

function memberOf(metadata: Stripe.Metadata | null | undefined): DuesMember | null {
  const { organizationId, userId, planId, joining } = metadata ?? {};
  return organizationId && userId && planId
    ? { organizationId, userId, planId, joining: joining === "true" }
    : null;
}

function stateOf(subscription: Stripe.Subscription): DuesSubscriptionState {
  const item = subscription.items.data[0];
  const status =
    subscription.status === "active" || subscription.status === "trialing"
      ? "active"
      : subscription.status === "past_due" || subscription.status === "unpaid"
        ? "past_due"
        : subscription.status === "incomplete"
          ? "past_due"
          : "ended";
  return {
    ref: subscription.id,
    status,
    currentPeriodEnd: item ? new Date(item.current_period_end * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    member: memberOf(subscription.metadata),
  };
}

export function createStripeDues(stripe: Stripe, call: Call): DuesProvider {
  return {
    createCheckout(request) {
      const { member, payoutAccountRef, interval } = request;
      return call("dues-checkout.create", async () => {
        const metadata = { ...member, joining: String(member.joining) };
        const product_data = { name: `${request.planName} membership, ${request.clubName}` };
        const price = { currency: "usd", unit_amount: request.priceCents, product_data };
        // A season is paid once, in full, for its fixed dates: a payment, not a subscription.
        const paid =
          interval === "season"
            ? {
                mode: "payment" as const,
                metadata: { ...metadata, season: "true" },
                line_items: [{ quantity: 1, price_data: price }],
                payment_intent_data: {
                  application_fee_amount: Math.round(
                    (request.priceCents * request.applicationFeePercent) / 100,
                  ),
                  metadata,
                },
              }
            : {
                mode: "subscription" as const,
                metadata,
                line_items: [{ quantity: 1, price_data: { ...price, recurring: { interval } } }],
                subscription_data: { metadata, application_fee_percent: request.applicationFeePercent },
              };
        const session = await stripe.checkout.sessions.create(
          {
            ...paid,
            client_reference_id: `${member.organizationId}:${member.userId}`,
            ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          {
            idempotencyKey: `dues-checkout:${member.organizationId}:${member.userId}:${member.planId}:${request.attemptKey}`,
            stripeAccount: payoutAccountRef,
          },
        );
        if (!session.url) throw new Error("checkout session without a url");
        return { url: session.url, ref: session.id };
      });
    },
    closeCheckout(checkoutRef, payoutAccountRef) {
      const options = { stripeAccount: payoutAccountRef };
      return call("dues-checkout.expire", async () => {
        try {
          await stripe.checkout.sessions.expire(checkoutRef, {}, options);
          return { paid: false as const };
        } catch (error) {
          // Only an open checkout expires: one expired already is closed; one complete was paid.
          // One no longer found (the club connected another account since) is closed to us.
          const session = await stripe.checkout.sessions
            .retrieve(checkoutRef, {}, options)
            .catch((missing: { statusCode?: number }) => {
              if (missing.statusCode === 404) return null;
              throw missing;
            });
          if (!session) return { paid: false as const };
          if (session.status === "open") throw error;
          const settled =
            session.payment_status === "paid" || session.payment_status === "no_payment_required";
          if (session.status !== "complete" || !settled) return { paid: false as const };
          const made = session.subscription;
          return {
            paid: true as const,
            subscriptionRef: typeof made === "string" ? made : (made?.id ?? null),
          };
        }
      });
    },
    retrieveSeasonCheckout(checkoutRef, payoutAccountRef) {
      return call("dues-season.retrieve", async () => {
        try {
          const session = await stripe.checkout.sessions.retrieve(
            checkoutRef,
            {},
            { stripeAccount: payoutAccountRef },
          );
          const season = session.mode === "payment" && session.metadata?.season === "true";
          if (!season) return null;
          return {
            paid: session.status === "complete" && session.payment_status === "paid",
            member: memberOf(session.metadata),
          };
        } catch (error) {
          if ((error as { statusCode?: number }).statusCode === 404) return null;
          throw error;
        }
      });
    },
    retrieve(subscriptionRef, payoutAccountRef) {
      return call("dues-subscription.retrieve", async () => {
        try {
          return stateOf(
            await stripe.subscriptions.retrieve(subscriptionRef, {}, { stripeAccount: payoutAccountRef }),
          );
        } catch (error) {
          // Not on this account (or not ours at all): nothing to apply.
          if ((error as { statusCode?: number }).statusCode === 404) return null;
          throw error;
        }
      });
    },
    switchPlan(subscriptionRef, payoutAccountRef, to) {
      return call("dues-subscription.switch", async () => {
        const options = { stripeAccount: payoutAccountRef };
        const subscription = await stripe.subscriptions.retrieve(subscriptionRef, {}, options);
        const item = subscription.items.data[0];
        if (!item) throw new Error(`subscription ${subscriptionRef} has no item to switch`);
        const product = typeof item.price.product === "string" ? item.price.product : item.price.product.id;
        await stripe.subscriptions.update(
          subscriptionRef,
          {
            items: [
              {
                id: item.id,
                price_data: {
                  currency: "usd",
                  product,
                  unit_amount: to.priceCents,
                  recurring: { interval: to.interval },
                },
              },
            ],
            metadata: { ...to.member, joining: "false" },
            // The new plan from now: what is owed for the rest of the period is charged at once.
            proration_behavior: "always_invoice",
            cancel_at_period_end: false,
          },
          {
            ...options,
            idempotencyKey: `dues-switch:${subscriptionRef}:${to.member.planId}:${crypto.randomUUID()}`,
          },
        );
      });
    },
    setCancellation(subscriptionRef, payoutAccountRef, cancel) {
      return call("dues-subscription.update", async () => {
        await stripe.subscriptions.update(
          subscriptionRef,
          { cancel_at_period_end: cancel },
          {
            stripeAccount: payoutAccountRef,
            idempotencyKey: `dues-cancellation:${subscriptionRef}:${crypto.randomUUID()}`,
          },
        );
      });
    },
    createPortal(subscriptionRef, payoutAccountRef, returnUrl) {
      return call("dues-portal.create", async () => {
        const subscription = await stripe.subscriptions.retrieve(
          subscriptionRef,
          {},
          { stripeAccount: payoutAccountRef },
        );
        const customer =
          typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id;
        const session = await stripe.billingPortal.sessions.create(
          { customer, return_url: returnUrl },
          {
            stripeAccount: payoutAccountRef,
            idempotencyKey: `dues-portal:${subscriptionRef}:${crypto.randomUUID()}`,
          },
        );
        return { url: session.url };
      });
    },
  };
}
