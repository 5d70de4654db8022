// What a change to a session's places owes the world, as effects the changing transaction
// queues (platform/jobs/outbox.ts): refunds to make, people to tell, holds to release later.
import type { Queryable } from "../../db/database.js";
import { type Effect, jobEffect } from "../../platform/jobs/outbox.js";
import { type MailConfig, promotionEmails, refundDecisionEmails } from "./notices.js";
import type { RefundDecision } from "./payment-outcomes.js";
import { refundJobs } from "./refunds.js";
import type { Promotion } from "./session-lock.js";

export const EXPIRE_HOLDS = "expire-payment-holds";

/**
 * Closes at the provider the checkout of a payment given up with its place (payments.ts runs
 * it): queued by the cancelling transaction, so it goes out once the cancellation has committed.
 */
export const EXPIRE_CHECKOUT = "expire-checkout";
export type CheckoutJob = { paymentId: string };

/**
 * A session completed: queued by the completing transaction, so whoever reacts (the players'
 * receipts, courts/night-receipts.ts) hears of it once, even if the process dies right after.
 */
export const SESSION_COMPLETED = "session-completed";
export type SessionCompleted = { organizationId: string; sessionId: string };
export const sessionCompleted = (organizationId: string, sessionId: string): Effect =>
  jobEffect(SESSION_COMPLETED, { organizationId, sessionId } satisfies SessionCompleted);
export type HoldJob = { organizationId: string; sessionId: string };

/**
 * Players standing by at the door were given places (promote_waitlist): they are checked in,
 * and whoever keeps the court queue (courts/jobs.ts) puts them in line. Through the
 * outbox, as the change may be a job's (a hold run out, the no-show release).
 */
export const PLAYERS_ARRIVED = "players-arrived";
export type PlayersArrived = { organizationId: string; sessionId: string };

/** Releases the session's run-out holds a second after this one runs out. */
export function holdExpiry(organizationId: string, sessionId: string, holdExpiresAt: Date): Effect {
  return jobEffect(
    EXPIRE_HOLDS,
    { organizationId, sessionId } satisfies HoldJob,
    new Date(holdExpiresAt.getTime() + 1000),
  );
}

/** Closes a payment's checkout at the provider, after the commit (payments.ts closeCheckout). */
export const closeCheckoutJob = (paymentId: string): Effect =>
  jobEffect(EXPIRE_CHECKOUT, { paymentId } satisfies CheckoutJob);

/**
 * A place released or paid for: its checkout closed at the provider, its refund and what the
 * payer hears, then the waitlist's promotions.
 */
export async function placeEffects(
  db: Queryable,
  config: MailConfig,
  change: { refunds: Array<RefundDecision | null>; promotions: Promotion[]; closedCheckouts?: string[] },
): Promise<Effect[]> {
  const effects: Effect[] = (change.closedCheckouts ?? []).map(closeCheckoutJob);
  effects.push(...refundJobs(change.refunds));
  for (const refund of change.refunds)
    effects.push(...(await refundDecisionEmails(db, config.appUrl, refund)));
  effects.push(...(await promotionEmails(db, config, change.promotions)));
  const arrived = change.promotions.find((p) => p.present);
  if (arrived) {
    effects.push(
      jobEffect(PLAYERS_ARRIVED, {
        organizationId: arrived.organizationId,
        sessionId: arrived.sessionId,
      } satisfies PlayersArrived),
    );
  }
  for (const promotion of change.promotions) {
    if (promotion.holdExpiresAt) {
      effects.push(holdExpiry(promotion.organizationId, promotion.sessionId, promotion.holdExpiresAt));
    }
  }
  return effects;
}
