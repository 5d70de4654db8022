// The club's membership plans (decision 039). A plan is a family of versions: what a member
// pays (price, interval, season) is never changed under them; a change of it makes the next
// version, offered to buyers from then on, while each member keeps the version they bought
// until they switch. What is not money (name, code, whether it is offered, its benefits) is
// the plan's, and changes on every version at once.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Plan, PlanChange } from "../../../shared/contracts/memberships.js";
import { planBenefits, planPrice } from "../../../shared/domain/plan-text.js";
import type { Queryable, Tx } from "../../db/database.js";
import { qualified } from "../../db/qualified.js";
import { membershipPlans, planMemberships } from "../../db/schema/memberships.js";
import { notFound } from "../../platform/errors/app-error.js";

type PlanRow = typeof membershipPlans.$inferSelect;

export function planOut(row: PlanRow, members = 0): Plan {
  return {
    id: row.id,
    familyId: row.familyId,
    version: row.version,
    name: row.name,
    code: row.code,
    kind: row.kind,
    householdSize: row.householdSize,
    priceCents: row.priceCents,
    interval: row.interval,
    seasonStartsOn: row.seasonStartsOn,
    seasonEndsOn: row.seasonEndsOn,
    graceDays: row.graceDays,
    visible: row.visible,
    discount: { kind: row.discount, value: row.discountValue },
    membersOnlyAccess: row.membersOnlyAccess,
    earlyDays: row.earlyDays,
    guestsPerMonth: row.guestsPerMonth,
    members,
  };
}

/** People on any version of each family whose membership is active or past due now. */
const membersOfFamily = (at: Date) => sql<number>`(
  select count(*)::int from ${planMemberships} m
  join ${membershipPlans} v on v.id = m.plan_id
  where v.family_id = ${qualified(membershipPlans.familyId)}
    and v.organization_id = ${qualified(membershipPlans.organizationId)}
    and dues_standing(m.status, m.current_period_end, m.grace_ends_at, m.cancel_at_period_end,
      v.grace_days, ${at.toISOString()}::timestamptz) in ('active', 'past_due')
)`;

/** The club's plans at their current versions, retired ones left out. */
const currentPlansOf = (organizationId: string) =>
  and(
    eq(membershipPlans.organizationId, organizationId),
    isNull(membershipPlans.supersededAt),
    isNull(membershipPlans.retiredAt),
  );

/** Every current plan, hidden ones in, with its members: the treasurer's list. */
export async function listPlans(db: Queryable, organizationId: string, at: Date): Promise<Plan[]> {
  const rows = await db
    .select({ plan: membershipPlans, members: membersOfFamily(at) })
    .from(membershipPlans)
    .where(currentPlansOf(organizationId))
    .orderBy(membershipPlans.priceCents, membershipPlans.name);
  return rows.map((row) => planOut(row.plan, row.members));
}

/** What a person can buy: the visible plans, at their current versions. */
export async function offeredPlans(db: Queryable, organizationId: string): Promise<PlanRow[]> {
  return db
    .select()
    .from(membershipPlans)
    .where(and(currentPlansOf(organizationId), eq(membershipPlans.visible, true)))
    .orderBy(membershipPlans.priceCents, membershipPlans.name);
}

/** The offered plans as the club's public page says them: a price and benefits in words. */
export async function publicPlans(db: Queryable, organizationId: string) {
  return (await offeredPlans(db, organizationId)).map((row) => {
    const plan = planOut(row);
    return { id: plan.id, name: plan.name, price: planPrice(plan), benefits: planBenefits(plan) };
  });
}

/** The plan's current version (any version's id names its plan), locked for a change. */
async function currentVersion(tx: Tx, organizationId: string, planId: string): Promise<PlanRow> {
  const [named] = await tx
    .select({ familyId: membershipPlans.familyId })
    .from(membershipPlans)
    .where(and(eq(membershipPlans.id, planId), eq(membershipPlans.organizationId, organizationId)));
  if (!named) throw notFound("Plan not found");
  const [current] = await tx
    .select()
    .from(membershipPlans)
    .where(
      and(
        eq(membershipPlans.organizationId, organizationId),
        eq(membershipPlans.familyId, named.familyId),
        isNull(membershipPlans.supersededAt),
        isNull(membershipPlans.retiredAt),
      ),
    )
    .for("update");
  if (!current) throw notFound("Plan not found");
  return current;
}

export async function createPlan(db: Queryable, organizationId: string, change: PlanChange): Promise<Plan> {
  const id = crypto.randomUUID();
  const [row] = await db
    .insert(membershipPlans)
    .values({ ...change, id, familyId: id, organizationId })
    .returning();
  return planOut(row!);
}

/** What a plan's change writes to every version of it: all that is not money. */
const NOT_MONEY = [
  "name",
  "code",
  "visible",
  "graceDays",
  "discount",
  "discountValue",
  "membersOnlyAccess",
  "earlyDays",
  "guestsPerMonth",
] as const;

/** Whether the change is to what a member pays: then it is a new version. */
const moneyChanged = (row: PlanRow, change: PlanChange) =>
  row.priceCents !== change.priceCents ||
  row.interval !== change.interval ||
  row.seasonStartsOn !== change.seasonStartsOn ||
  row.seasonEndsOn !== change.seasonEndsOn ||
  row.kind !== change.kind ||
  row.householdSize !== change.householdSize;

export async function updatePlan(
  tx: Tx,
  organizationId: string,
  planId: string,
  change: PlanChange,
  at: Date,
): Promise<Plan> {
  const current = await currentVersion(tx, organizationId, planId);
  // What is not money changes on every version: a member on an older price keeps its name.
  const everyVersion = Object.fromEntries(NOT_MONEY.map((key) => [key, change[key]])) as Pick<
    PlanChange,
    (typeof NOT_MONEY)[number]
  >;
  await tx
    .update(membershipPlans)
    .set(everyVersion)
    .where(
      and(eq(membershipPlans.organizationId, organizationId), eq(membershipPlans.familyId, current.familyId)),
    );
  const [members] = await tx
    .select({ n: membersOfFamily(at) })
    .from(membershipPlans)
    .where(eq(membershipPlans.id, current.id));
  if (!moneyChanged(current, change)) {
    const [row] = await tx.select().from(membershipPlans).where(eq(membershipPlans.id, current.id));
    return planOut(row!, members!.n);
  }
  await tx.update(membershipPlans).set({ supersededAt: at }).where(eq(membershipPlans.id, current.id));
  const [next] = await tx
    .insert(membershipPlans)
    .values({ ...change, organizationId, familyId: current.familyId, version: current.version + 1 })
    .returning();
  return planOut(next!, members!.n);
}

/** Not offered any more; its members keep it to the end of what they paid for. Answers its family. */
export async function retirePlan(tx: Tx, organizationId: string, planId: string, at: Date): Promise<string> {
  const current = await currentVersion(tx, organizationId, planId);
  await tx.update(membershipPlans).set({ retiredAt: at }).where(eq(membershipPlans.id, current.id));
  return current.familyId;
}
