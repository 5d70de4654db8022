// What the rest of the app asks of memberships (decision 039): what a member pays for a place,
// each member's plan and status, and for the demo club a history of dues as if lived.
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { DuesStatus } from "../../../shared/domain/dues-state.js";
import { memberPriceCents } from "../../../shared/domain/member-price.js";
import type { Queryable } from "../../db/database.js";
import { householdMembers, membershipPlans, planMemberships } from "../../db/schema/memberships.js";
import { standingAt } from "./dues-events.js";
import { givingThePayersPlan } from "./households.js";

export { duesWebhook, isDuesEvent } from "./card-dues.js";
export { applyDuesEvent, openMembership } from "./dues-events.js";
export { addChild, childrensPayers, householdPayerOf, readHousehold } from "./households.js";
export { createPlan, publicPlans } from "./plans.js";

/**
 * What `userId` pays for a place priced `priceCents`, decided inside the transaction that takes
 * the place. Their membership row is locked for share first, so a lapse or a payment being
 * applied at that moment (which locks it for update) is either wholly before this price or
 * wholly after the place: never half of each. Someone in a household has the payer's plan, and
 * the payer's membership is the row locked.
 */
export async function memberPrice(
  tx: Queryable,
  organizationId: string,
  userId: string,
  priceCents: number,
  at: Date,
): Promise<number> {
  if (priceCents === 0) return 0;
  // Their own membership, and the payer's of a household they are in.
  await tx.execute(sql`select 1 from ${planMemberships} m
    where m.organization_id = ${organizationId} and (m.user_id = ${userId} or m.id in (
      select h.membership_id from ${householdMembers} h
      where h.organization_id = ${organizationId} and h.user_id = ${userId}))
    for share`);
  const [benefits] = await tx
    .execute<{ discount: "none" | "percent" | "amount"; discount_value: number }>(
      sql`select b.discount, b.discount_value from member_benefits(${organizationId}, ${userId}, ${at.toISOString()}::timestamptz) b`,
    )
    .then((result) => result.rows);
  if (!benefits) return priceCents;
  return memberPriceCents(priceCents, { kind: benefits.discount, value: benefits.discount_value });
}

export type MemberDues = {
  code: string;
  planName: string;
  status: DuesStatus;
  periodEnd: string;
  renewsOn: string | null;
};

/**
 * Each of `userIds`' plan code and status now, for the roster and the door (absent: on no plan):
 * their own membership, or the payer's of the household they are in.
 */
export async function duesOfMembers(
  db: Queryable,
  organizationId: string,
  userIds: string[],
  at: Date,
): Promise<Map<string, MemberDues>> {
  if (userIds.length === 0) return new Map();
  const fields = {
    code: membershipPlans.code,
    planName: membershipPlans.name,
    status: standingAt(at),
    periodEnd: planMemberships.currentPeriodEnd,
    cancelAtPeriodEnd: planMemberships.cancelAtPeriodEnd,
  };
  const own = await db
    .select({ userId: planMemberships.userId, ...fields })
    .from(planMemberships)
    .innerJoin(membershipPlans, eq(membershipPlans.id, planMemberships.planId))
    .where(and(eq(planMemberships.organizationId, organizationId), inArray(planMemberships.userId, userIds)));
  // Someone in a household (once accepted) is on the payer's plan, as the payer is.
  const inHousehold = await db
    .select({ userId: householdMembers.userId, ...fields })
    .from(householdMembers)
    .innerJoin(planMemberships, eq(planMemberships.id, householdMembers.membershipId))
    .innerJoin(membershipPlans, eq(membershipPlans.id, planMemberships.planId))
    .where(and(givingThePayersPlan(organizationId), inArray(householdMembers.userId, userIds)));
  const dues = new Map<string, MemberDues>();
  const current = (status: DuesStatus) => status === "active" || status === "past_due";
  // Their own membership wins, unless it is over and their household's is not.
  for (const row of [...inHousehold, ...own]) {
    const before = dues.get(row.userId);
    if (before && current(before.status) && !current(row.status)) continue;
    dues.set(row.userId, {
      code: row.code,
      planName: row.planName,
      status: row.status,
      periodEnd: row.periodEnd.toISOString(),
      // A membership that renews says when; one ending at its period's end does not renew.
      renewsOn:
        (row.status === "active" || row.status === "past_due") && !row.cancelAtPeriodEnd
          ? row.periodEnd.toISOString()
          : null,
    });
  }
  return dues;
}
