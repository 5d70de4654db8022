// Plan limits (SPEC §6, §9): the trial and Basic allow 2 active courts and 50 members; Pro
// is unlimited. Checked inside the transaction that adds a member or a court, with the
// club's row locked so two approvals at once cannot both take the last place.
import { and, count, eq } from "drizzle-orm";
import { limitsOf } from "../../../shared/domain/plans.js";
import type { Db } from "../../db/database.js";
import { courts, organizations } from "../../db/schema/clubs.js";
import { organizationMembers } from "../../db/schema/members.js";
import { AppError } from "../../platform/errors/app-error.js";
import { currentPlan } from "./subscription.js";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

async function lockedPlan(tx: Tx, organizationId: string, now: Date) {
  const [org] = await tx
    .select()
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for("update");
  if (!org) throw new AppError(404, "NOT_FOUND", "Club not found");
  const planId = currentPlan(org, now);
  return { planId, limits: limitsOf(planId) };
}

function planLabel(planId: string) {
  return planId === "trial"
    ? "Your trial (Basic plan limits)"
    : `Your ${planId === "pro" ? "Pro" : "Basic"} plan`;
}

/** Passes when `joiningUserId` is already a member: they take no new place. */
export async function assertRoomForMember(
  tx: Tx,
  organizationId: string,
  now: Date,
  joiningUserId: string,
): Promise<void> {
  const { planId, limits } = await lockedPlan(tx, organizationId, now);
  if (limits.maxMembers === null) return;
  const [existing] = await tx
    .select({ id: organizationMembers.id })
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        eq(organizationMembers.userId, joiningUserId),
      ),
    );
  if (existing) return;
  const [row] = await tx
    .select({ n: count() })
    .from(organizationMembers)
    .where(eq(organizationMembers.organizationId, organizationId));
  if ((row?.n ?? 0) >= limits.maxMembers) {
    throw new AppError(
      409,
      "PLAN_LIMIT_REACHED",
      `${planLabel(planId)} allows up to ${limits.maxMembers} members. Upgrade to Pro for unlimited members.`,
    );
  }
}

export async function assertRoomForActiveCourt(tx: Tx, organizationId: string, now: Date): Promise<void> {
  const { planId, limits } = await lockedPlan(tx, organizationId, now);
  if (limits.maxCourts === null) return;
  const [row] = await tx
    .select({ n: count() })
    .from(courts)
    .where(and(eq(courts.organizationId, organizationId), eq(courts.isActive, true)));
  if ((row?.n ?? 0) >= limits.maxCourts) {
    throw new AppError(
      409,
      "PLAN_LIMIT_REACHED",
      `${planLabel(planId)} allows up to ${limits.maxCourts} active courts. Upgrade to Pro for unlimited courts.`,
    );
  }
}
