// Households (decision 039): a household plan's payer adds people to their membership. Adults
// are members of the club already, invited by address, and in once they accept; children have
// no address of their own (a name and a birth year), their account cannot sign in, and the
// payer manages them. Everyone in it has the plan's benefits while the payer's membership
// lasts (member_benefits), plays and is rated as themself, and is registered and paid for by
// the payer (sessions' household registrations).
import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Household, HouseholdPerson } from "../../../shared/contracts/memberships.js";
import { duesMessages as m } from "../../../shared/domain/dues-messages.js";
import type { AppDeps } from "../../app-deps.js";
import type { Queryable, Tx } from "../../db/database.js";
import { householdMembers, membershipPlans, planMemberships } from "../../db/schema/memberships.js";
import { AppError, notFound } from "../../platform/errors/app-error.js";
import { emailEffect, withEffects } from "../../platform/jobs/outbox.js";
import { actionEmail } from "../../platform/mail/templates.js";
import { ensureProfile, people, personByEmail } from "../account/service.js";
import { getOrganization } from "../clubs/service.js";
import { addMember, isMember } from "../members/service.js";
import { unsubscribeFor, wantEmail } from "../notifications/service.js";
import { standingAt } from "./dues-events.js";

/** A child's account has an address nobody can receive at (RFC 2606's .invalid): no sign-in. */
export const CHILD_ADDRESS_DOMAIN = "household.courtside.invalid";

/** The household whose payer is `userId`: their current membership on a household plan, locked. */
async function payersHousehold(tx: Tx, organizationId: string, userId: string, at: Date) {
  const [row] = await tx
    .select({ membership: planMemberships, plan: membershipPlans, status: standingAt(at) })
    .from(planMemberships)
    .innerJoin(membershipPlans, eq(membershipPlans.id, planMemberships.planId))
    .where(and(eq(planMemberships.organizationId, organizationId), eq(planMemberships.userId, userId)))
    .for("update", { of: planMemberships });
  const current = row && (row.status === "active" || row.status === "past_due");
  if (!current || row.plan.kind !== "household" || !row.plan.householdSize)
    throw new AppError("HOUSEHOLD_REFUSED", m.notHouseholdPlan);
  const [{ count }] = (await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(householdMembers)
    .where(eq(householdMembers.membershipId, row.membership.id))) as [{ count: number }];
  // The payer is one of the people the plan covers.
  if (count + 1 >= row.plan.householdSize)
    throw new AppError("HOUSEHOLD_REFUSED", m.householdFull(row.plan.householdSize));
  return row.membership;
}

/** The caller's household as they see it: theirs to manage, one they are in, or none. */
export async function readHousehold(
  db: Queryable,
  organizationId: string,
  userId: string,
): Promise<Household> {
  const [own] = await db
    .select({ membership: planMemberships, plan: membershipPlans })
    .from(planMemberships)
    .innerJoin(membershipPlans, eq(membershipPlans.id, planMemberships.planId))
    .where(and(eq(planMemberships.organizationId, organizationId), eq(planMemberships.userId, userId)));
  const [joined] = await db
    .select({ membershipId: householdMembers.membershipId, acceptedAt: householdMembers.acceptedAt })
    .from(householdMembers)
    .where(and(eq(householdMembers.organizationId, organizationId), eq(householdMembers.userId, userId)));
  // A payer who moved to a plan for one still sees (and may take out) whoever is left in it.
  const [left] = own
    ? await db
        .select({ id: householdMembers.id })
        .from(householdMembers)
        .where(eq(householdMembers.membershipId, own.membership.id))
        .limit(1)
    : [];
  const payer = own?.plan.kind === "household" || left !== undefined;
  const membershipId = payer ? own!.membership.id : joined?.membershipId;
  if (!membershipId) return { limit: null, people: [], payer: false, invitedBy: null };
  const [head] = await db
    .select({ userId: planMemberships.userId, size: membershipPlans.householdSize })
    .from(planMemberships)
    .innerJoin(membershipPlans, eq(membershipPlans.id, planMemberships.planId))
    .where(eq(planMemberships.id, membershipId));
  const rows = await db
    .select()
    .from(householdMembers)
    .where(eq(householdMembers.membershipId, membershipId));
  const names = await people(db, [head!.userId, ...rows.map((r) => r.userId)]);
  const nameOf = (id: string) => names.get(id)?.name ?? "Former member";
  const everyone: HouseholdPerson[] = [
    {
      id: membershipId,
      userId: head!.userId,
      name: nameOf(head!.userId),
      role: "payer",
      birthYear: null,
      accepted: true,
    },
    ...rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      name: nameOf(r.userId),
      role: r.role,
      birthYear: r.birthYear,
      accepted: r.acceptedAt !== null,
    })),
  ];
  return {
    limit: head!.size,
    people: everyone,
    payer,
    invitedBy: !payer && joined && !joined.acceptedAt ? nameOf(head!.userId) : null,
  };
}

/** A child joins the payer's household: a club member with an account that cannot sign in. */
export async function addChild(
  deps: AppDeps,
  organizationId: string,
  payerId: string,
  child: { name: string; birthYear: number },
): Promise<Household> {
  const now = deps.now();
  const { db } = deps.database;
  // Checked before an account is made for them, and again under the lock below.
  await db.transaction((tx) => payersHousehold(tx, organizationId, payerId, now));
  const context = await deps.auth.$context;
  const account = await context.internalAdapter.createUser(
    { email: `child-${randomUUID()}@${CHILD_ADDRESS_DOMAIN}`, name: child.name, emailVerified: false },
    { method: "admin" },
  );
  await db.transaction(async (tx) => {
    const membership = await payersHousehold(tx, organizationId, payerId, now);
    await ensureProfile(tx, account.id, child.name);
    await addMember(tx, organizationId, account.id, "member", now);
    await tx.insert(householdMembers).values({
      organizationId,
      membershipId: membership.id,
      userId: account.id,
      role: "child",
      birthYear: child.birthYear,
      acceptedAt: now,
    });
  });
  return readHousehold(db, organizationId, payerId);
}

/** Invites a member of the club, by address, into the payer's household. */
export async function inviteAdult(deps: AppDeps, organizationId: string, payerId: string, email: string) {
  const { db } = deps.database;
  const invited = await personByEmail(db, email);
  if (!invited || invited.id === payerId || !(await isMember(db, organizationId, invited.id)))
    throw new AppError("HOUSEHOLD_REFUSED", m.notAClubMember);
  await withEffects(deps, async (tx, effects) => {
    const membership = await payersHousehold(tx, organizationId, payerId, deps.now());
    const added = await tx
      .insert(householdMembers)
      .values({ organizationId, membershipId: membership.id, userId: invited.id, role: "adult" })
      .onConflictDoNothing()
      .returning({ id: householdMembers.id });
    if (added.length === 0) throw new AppError("HOUSEHOLD_REFUSED", m.inAnotherHousehold);
    // Told by email (unless they turned dues emails off): the invitation waits on their page.
    if ((await wantEmail(tx, [invited.id], "membershipDues")).has(invited.id)) {
      const club = await getOrganization(tx, organizationId);
      const payer = (await people(tx, [payerId])).get(payerId);
      effects.push(
        emailEffect(
          actionEmail(
            invited.email,
            `${payer?.name ?? "A member"} invited you into their household at ${club.name}`,
            "An invitation into a household",
            [
              `Hi ${invited.name},`,
              `${payer?.name ?? "A member"} invited you into their household on their membership at ${club.name}: its member prices and members-only sessions become yours, and they pay for your places.`,
            ],
            { label: "Accept", url: `${deps.config.appUrl}/membership` },
            { ...unsubscribeFor(deps, invited.id, "membershipDues"), club },
          ),
        ),
      );
    }
  });
  return readHousehold(db, organizationId, payerId);
}

/** The invited adult accepts: the plan's benefits are theirs from now. */
export async function acceptHousehold(db: Queryable, organizationId: string, userId: string, at: Date) {
  const accepted = await db
    .update(householdMembers)
    .set({ acceptedAt: at })
    .where(
      and(
        eq(householdMembers.organizationId, organizationId),
        eq(householdMembers.userId, userId),
        sql`${householdMembers.acceptedAt} is null`,
      ),
    )
    .returning({ id: householdMembers.id });
  if (accepted.length === 0) throw new AppError("NO_MEMBERSHIP", m.noMembership);
  return readHousehold(db, organizationId, userId);
}

/** The payer takes someone out (a child stays a member of the club); an adult may leave. */
export async function removeFromHousehold(
  db: Queryable,
  organizationId: string,
  userId: string,
  memberId: string,
) {
  const [row] = await db
    .select({ id: householdMembers.id, userId: householdMembers.userId, payerId: planMemberships.userId })
    .from(householdMembers)
    .innerJoin(planMemberships, eq(planMemberships.id, householdMembers.membershipId))
    .where(and(eq(householdMembers.id, memberId), eq(householdMembers.organizationId, organizationId)));
  if (!row || (row.payerId !== userId && row.userId !== userId)) throw notFound("Not found");
  await db.delete(householdMembers).where(eq(householdMembers.id, row.id));
  return readHousehold(db, organizationId, userId);
}

/** The household rows that give their people the payer's plan: accepted, on a household plan. */
export const givingThePayersPlan = (organizationId: string) =>
  and(
    eq(householdMembers.organizationId, organizationId),
    isNotNull(householdMembers.acceptedAt),
    eq(membershipPlans.kind, "household"),
  );

/**
 * The payer of the household plan `userId` is in (accepted), and their role in it; or null. A
 * child's places are paid by the payer (their checkout never goes to an address nobody reads);
 * an adult's by themself or the payer.
 */
export async function householdPayerOf(db: Queryable, organizationId: string, userId: string) {
  const [row] = await db
    .select({ payerId: planMemberships.userId, role: householdMembers.role })
    .from(householdMembers)
    .innerJoin(planMemberships, eq(planMemberships.id, householdMembers.membershipId))
    .innerJoin(membershipPlans, eq(membershipPlans.id, planMemberships.planId))
    .where(and(givingThePayersPlan(organizationId), eq(householdMembers.userId, userId)));
  return row ?? null;
}

/**
 * The payers of those of `userIds` who are children in a household, by child: a child has no
 * address anyone reads, so what is said about their places is said to the one who pays for them.
 */
export async function childrensPayers(
  db: Queryable,
  organizationId: string,
  userIds: string[],
): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ childId: householdMembers.userId, payerId: planMemberships.userId })
    .from(householdMembers)
    .innerJoin(planMemberships, eq(planMemberships.id, householdMembers.membershipId))
    .innerJoin(membershipPlans, eq(membershipPlans.id, planMemberships.planId))
    .where(
      and(
        givingThePayersPlan(organizationId),
        eq(householdMembers.role, "child"),
        inArray(householdMembers.userId, userIds),
      ),
    );
  return new Map(rows.map((r) => [r.childId, r.payerId]));
}
