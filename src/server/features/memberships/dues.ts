// A person's membership and the dues that keep it (decision 039). The membership changes only
// by its dues events, each applied once (its provider event id is unique) and folded in the
// order the events happened (shared/domain/dues-state.ts), so a payment provider's webhook
// replayed or late changes nothing twice. The sandbox plays the subscription here: a purchase
// paid at once, and a renewal played by hand (paid, failed, or the end of a cancelled period).
import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Membership, MyMembership } from "../../../shared/contracts/memberships.js";
import { duesMessages } from "../../../shared/domain/dues-messages.js";
import {
  type DuesEvent,
  type DuesStatus,
  foldDues,
  periodEndAfter,
} from "../../../shared/domain/dues-state.js";
import type { AppDeps } from "../../app-deps.js";
import type { Queryable, Tx } from "../../db/database.js";
import { duesEvents, membershipPlans, planMemberships } from "../../db/schema/memberships.js";
import { AppError, notFound } from "../../platform/errors/app-error.js";
import { getOrganization } from "../clubs/service.js";
import { offeredPlans, planOut } from "./plans.js";

type MembershipRow = typeof planMemberships.$inferSelect;
type PlanRow = typeof membershipPlans.$inferSelect;
export type IncomingDuesEvent = DuesEvent & { providerEventId: string };

/** A membership's status at `at`, asked of the database's one rule (dues-rules.sql). */
export const standingAt = (at: Date) => sql<DuesStatus>`dues_standing(${planMemberships.status},
  ${planMemberships.currentPeriodEnd}, ${planMemberships.graceEndsAt}, ${planMemberships.cancelAtPeriodEnd},
  ${membershipPlans.graceDays}, ${at.toISOString()}::timestamptz)`;

const DAY_MS = 86_400_000;

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
  const state = foldDues(events.map(asDomainEvent));
  if (state)
    await tx
      .update(planMemberships)
      .set({ ...state, updatedAt: new Date() })
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
async function membershipOf(db: Queryable, organizationId: string, userId: string) {
  const [row] = await db
    .select({ membership: planMemberships, plan: membershipPlans })
    .from(planMemberships)
    .innerJoin(membershipPlans, eq(membershipPlans.id, planMemberships.planId))
    .where(and(eq(planMemberships.organizationId, organizationId), eq(planMemberships.userId, userId)));
  return row ?? null;
}

/** The caller's page: their membership as of now, its history, and what they can buy. */
export async function myMembership(
  deps: Pick<AppDeps, "payments">,
  db: Queryable,
  organizationId: string,
  userId: string,
  at: Date,
): Promise<MyMembership> {
  const [found, plans] = await Promise.all([
    db
      .select({ membership: planMemberships, plan: membershipPlans, status: standingAt(at) })
      .from(planMemberships)
      .innerJoin(membershipPlans, eq(membershipPlans.id, planMemberships.planId))
      .where(and(eq(planMemberships.organizationId, organizationId), eq(planMemberships.userId, userId))),
    offeredPlans(db, organizationId),
  ]);
  const row = found[0];
  const history = row
    ? await db
        .select({ event: duesEvents, planName: membershipPlans.name })
        .from(duesEvents)
        .leftJoin(membershipPlans, sql`${membershipPlans.id}::text = ${duesEvents.detail}->>'planId'`)
        .where(eq(duesEvents.membershipId, row.membership.id))
        .orderBy(desc(duesEvents.occurredAt), desc(duesEvents.createdAt))
    : [];
  return {
    membership: row ? membershipOut(row.membership, row.plan, row.status) : null,
    history: history.map(({ event, planName }) => ({
      kind: event.kind,
      occurredAt: event.occurredAt.toISOString(),
      planName,
      periodEnd: event.detail.periodEnd ?? null,
    })),
    plans: plans.map((plan) => {
      const { members: _, ...offered } = planOut(plan);
      return offered;
    }),
    sandbox: deps.payments.kind === "sandbox",
  };
}

function membershipOut(row: MembershipRow, plan: PlanRow, status: DuesStatus): Membership {
  return {
    id: row.id,
    plan: {
      id: plan.id,
      name: plan.name,
      code: plan.code,
      priceCents: plan.priceCents,
      interval: plan.interval,
      discount: { kind: plan.discount, value: plan.discountValue },
      earlyDays: plan.earlyDays,
    },
    status,
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    graceEndsAt: row.graceEndsAt?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

/** Where a period bought now ends: a month or a year on, or the season's last day (its end). */
function periodEndFor(plan: PlanRow, from: Date): Date {
  if (plan.interval !== "season") return periodEndAfter(from, plan.interval);
  return new Date(Date.parse(`${plan.seasonEndsOn}T00:00:00Z`) + DAY_MS);
}

const sandboxEventId = () => `sandbox_${randomUUID()}`;

/** Only the sandbox takes dues today: Stripe subscriptions on the club's account are to come. */
function assertSandbox(deps: Pick<AppDeps, "payments">) {
  if (deps.payments.kind !== "sandbox")
    throw new AppError("DUES_BY_CARD_NOT_READY", duesMessages.byCardNotReady);
}

/**
 * Buys a plan (or switches to it from another): the sandbox takes the payment at once, and the
 * membership is active to the period's end. A switch starts a new period on the new plan.
 */
export async function buyPlan(deps: AppDeps, organizationId: string, userId: string, planId: string) {
  assertSandbox(deps);
  const now = deps.now();
  const club = await getOrganization(deps.database.db, organizationId);
  if (!club.payoutChargesEnabled)
    throw new AppError(
      "PAYMENTS_NOT_READY",
      "This club cannot take payments yet: its owner needs to finish connecting a payment account.",
    );
  await deps.database.db.transaction(async (tx) => {
    const plan = (await offeredPlans(tx, organizationId)).find((p) => p.id === planId);
    if (!plan)
      throw new AppError("PLAN_NOT_OFFERED", "That plan is not offered: choose one of the club's plans.");
    const periodEnd = periodEndFor(plan, now);
    if (periodEnd <= now) throw new AppError("SEASON_OVER", duesMessages.seasonOver);
    const existing = await membershipOf(tx, organizationId, userId);
    let membershipId = existing?.membership.id;
    if (existing) {
      const [locked] = await tx
        .select({ status: standingAt(now) })
        .from(planMemberships)
        .innerJoin(membershipPlans, eq(membershipPlans.id, planMemberships.planId))
        .where(eq(planMemberships.id, existing.membership.id))
        .for("update", { of: planMemberships });
      const current = locked!.status === "active" || locked!.status === "past_due";
      if (current && existing.membership.planId === plan.id)
        throw new AppError("ALREADY_ON_PLAN", duesMessages.alreadyOnPlan);
    } else {
      membershipId = await openMembership(
        tx,
        { organizationId, userId, planId: plan.id, periodEnd },
        deps.payments.kind,
      );
    }
    await applyDuesEvent(tx, membershipId!, {
      providerEventId: sandboxEventId(),
      kind: "paid",
      occurredAt: now,
      planId: plan.id,
      periodEnd,
    });
  });
  return myMembership(deps, deps.database.db, organizationId, userId, now);
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

/** Asks for the membership to end at its period's end, or withdraws that. */
export async function setCancellation(
  deps: AppDeps,
  organizationId: string,
  userId: string,
  cancel: boolean,
) {
  assertSandbox(deps);
  const now = deps.now();
  await deps.database.db.transaction(async (tx) => {
    const found = await currentMembership(tx, organizationId, userId, now);
    await applyDuesEvent(tx, found.membership.id, {
      providerEventId: sandboxEventId(),
      kind: cancel ? "cancel_requested" : "cancel_withdrawn",
      occurredAt: now,
    });
  });
  return myMembership(deps, deps.database.db, organizationId, userId, now);
}

/** A membership active or past due (or any, for a renewal that brings a lapsed one back). */
async function currentMembership(
  tx: Tx,
  organizationId: string,
  userId: string,
  at: Date,
  anyStatus = false,
) {
  const found = await membershipOf(tx, organizationId, userId);
  const [standing] = found
    ? await tx
        .select({ status: standingAt(at) })
        .from(planMemberships)
        .innerJoin(membershipPlans, eq(membershipPlans.id, planMemberships.planId))
        .where(eq(planMemberships.id, found.membership.id))
    : [];
  const current = standing?.status === "active" || standing?.status === "past_due";
  if (!found || !(current || (anyStatus && standing?.status === "lapsed")))
    throw new AppError("NO_MEMBERSHIP", duesMessages.noMembership);
  return found;
}

/**
 * The sandbox's renewal, played now by hand: paid (a new period after the current one, which
 * brings a past-due or lapsed membership back to active), failed (past due, with the plan's
 * grace), or, for a membership cancelled at period end, its end.
 */
export async function playSandboxRenewal(
  deps: AppDeps,
  organizationId: string,
  userId: string,
  outcome: "paid" | "failed",
) {
  if (deps.payments.kind !== "sandbox") throw notFound("Not found");
  const now = deps.now();
  await deps.database.db.transaction(async (tx) => {
    const { membership, plan } = await currentMembership(tx, organizationId, userId, now, true);
    const base = { providerEventId: sandboxEventId(), occurredAt: now };
    const event: IncomingDuesEvent = membership.cancelAtPeriodEnd
      ? { ...base, kind: "ended" }
      : outcome === "failed"
        ? { ...base, kind: "payment_failed", graceDays: plan.graceDays }
        : {
            ...base,
            kind: "paid",
            planId: plan.id,
            periodEnd: periodEndAfter(
              new Date(Math.max(membership.currentPeriodEnd.getTime(), now.getTime())),
              plan.interval === "month" ? "month" : "year",
            ),
          };
    await applyDuesEvent(tx, membership.id, event);
  });
  return myMembership(deps, deps.database.db, organizationId, userId, now);
}
