// A membership's dues events, each applied once and folded in the order they happened
// (shared/domain/dues-state.ts, decision 039): whoever reports a payment, a failure or an end
// (the sandbox, a provider's webhook, the nightly reconciliation) records it here.
import { and, eq, sql } from "drizzle-orm";
import { type DuesEvent, type DuesStatus, foldDues } from "../../../shared/domain/dues-state.js";
import type { Queryable, Tx } from "../../db/database.js";
import { duesEvents, membershipPlans, planMemberships } from "../../db/schema/memberships.js";

export type IncomingDuesEvent = DuesEvent & { providerEventId: string };

/** A membership's status at `at`, asked of the database's one rule (dues-rules.sql). */
export const standingAt = (at: Date) => sql<DuesStatus>`dues_standing(${planMemberships.status},
  ${planMemberships.currentPeriodEnd}, ${planMemberships.graceEndsAt}, ${planMemberships.cancelAtPeriodEnd},
  ${membershipPlans.graceDays}, ${at.toISOString()}::timestamptz)`;

/**
 * Applies a dues event once: a replay (the same provider event id) changes nothing. The
 * membership is locked, the event recorded, and the membership rewritten from all its events.
 */
export async function applyDuesEvent(
  tx: Tx,
  membershipId: string,
  event: IncomingDuesEvent,
): Promise<boolean> {
  const [membership] = await tx
    .select()
    .from(planMemberships)
    .where(eq(planMemberships.id, membershipId))
    .for("update");
  if (!membership) return false;
  const { providerEventId, kind, occurredAt, ...detail } = event;
  const recorded = await tx
    .insert(duesEvents)
    .values({
      organizationId: membership.organizationId,
      membershipId,
      providerEventId,
      kind,
      occurredAt,
      // The moment it arrived, not the transaction's start: two events applied in one
      // transaction keep their order (foldDues folds same-instant events as they arrived).
      createdAt: sql`clock_timestamp()`,
      detail: {
        planId: "planId" in detail ? detail.planId : undefined,
        periodEnd: "periodEnd" in detail ? detail.periodEnd.toISOString() : undefined,
        graceDays: "graceDays" in detail ? detail.graceDays : undefined,
      },
    })
    .onConflictDoNothing({ target: duesEvents.providerEventId })
    .returning({ id: duesEvents.id });
  if (recorded.length === 0) return false;
  // In the order they arrived: events of the same instant are folded so (foldDues).
  const events = await tx
    .select()
    .from(duesEvents)
    .where(eq(duesEvents.membershipId, membershipId))
    .orderBy(duesEvents.createdAt, duesEvents.id);
  // Each plan version's grace, for a period that ran out before a later event was heard of.
  const graces = new Map(
    (
      await tx
        .select({ id: membershipPlans.id, graceDays: membershipPlans.graceDays })
        .from(membershipPlans)
        .where(eq(membershipPlans.organizationId, membership.organizationId))
    ).map((plan) => [plan.id, plan.graceDays]),
  );
  const state = foldDues(events.map(asDomainEvent), (planId) => graces.get(planId) ?? 0);
  // Events with no payment among them make no membership: the row says lapsed, not what it
  // was made with.
  await tx
    .update(planMemberships)
    .set(state ? { ...state, updatedAt: new Date() } : { status: "lapsed", updatedAt: new Date() })
    .where(eq(planMemberships.id, membershipId));
  return true;
}

function asDomainEvent(row: typeof duesEvents.$inferSelect): DuesEvent {
  const { kind, occurredAt, detail } = row;
  if (kind === "paid")
    return { kind, occurredAt, planId: detail.planId!, periodEnd: new Date(detail.periodEnd!) };
  if (kind === "payment_failed") return { kind, occurredAt, graceDays: detail.graceDays ?? 0 };
  return { kind, occurredAt };
}

/** The membership row with its plan (the version it is on), locked when asked. */
export async function membershipOf(db: Queryable, organizationId: string, userId: string) {
  const [row] = await db
    .select({ membership: planMemberships, plan: membershipPlans })
    .from(planMemberships)
    .innerJoin(membershipPlans, eq(membershipPlans.id, planMemberships.planId))
    .where(and(eq(planMemberships.organizationId, organizationId), eq(planMemberships.userId, userId)));
  return row ?? null;
}

/**
 * The person's membership row at the club, made for a first payment (its columns are then
 * rewritten by that payment's event). Two purchases at once: the unique key lets one make it.
 */
export async function openMembership(
  tx: Tx,
  first: { organizationId: string; userId: string; planId: string; periodEnd: Date },
  provider: "sandbox" | "stripe",
): Promise<string> {
  const { organizationId, userId, planId, periodEnd } = first;
  const [created] = await tx
    .insert(planMemberships)
    .values({ organizationId, userId, planId, status: "active", currentPeriodEnd: periodEnd, provider })
    .onConflictDoNothing()
    .returning({ id: planMemberships.id });
  return created?.id ?? (await membershipOf(tx, organizationId, userId))!.membership.id;
}

/** Where a season ends: the end of its last day (in UTC, as its dates are kept). */
export const seasonEnd = (lastDay: string) => new Date(Date.parse(`${lastDay}T00:00:00Z`) + 86_400_000);
