// Members of a club: listing, role changes, removal, leaving and ownership transfer, with
// the rules of docs/ARCHITECTURE.md: always exactly one owner, nobody removes the owner,
// nobody removes themself (members may leave).
import { type AnyColumn, and, asc, count, eq, inArray, type Placeholder, type SQL, sql } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import type { Member } from "../../../shared/contracts/members.js";
import { canManageRole } from "../../../shared/domain/capabilities.js";
import type { Role } from "../../../shared/domain/roles.js";
import type { Db, Queryable, Tx } from "../../db/database.js";
import { isoInstant } from "../../db/json.js";
import { preparedStatement } from "../../db/prepared.js";
import { qualified } from "../../db/qualified.js";
import { organizationMembers, userRoles } from "../../db/schema/members.js";
import { clubReads } from "../../platform/club-reads/club-reads.js";
import { AppError, forbidden, notFound } from "../../platform/errors/app-error.js";
import { peopleFields, peopleSubquery } from "../account/service.js";
import { clubIsOpen, lockPlanLimits } from "../clubs/service.js";
import { type ClubAccess, forgetClubAccess, roleOfMembership } from "./policy.js";

/** A member as the server reads them: always with the address, whoever may see it. */
export type ClubMember = Member & { email: string };

// The members with their names and addresses, in one statement, as one JSON list (a member
// whose account is gone has no person to join, and is not listed).
const membersOfClub = preparedStatement("members_of_club", (db) => {
  const everyone = peopleSubquery();
  const person = peopleFields(everyone);
  const joinedAt = qualified(organizationMembers.createdAt);
  return db
    .select({
      members: sql<ClubMember[]>`coalesce(json_agg(json_build_object(
        'userId', ${qualified(organizationMembers.userId)},
        'name', ${person.name},
        'email', ${person.email},
        'role', coalesce(${qualified(userRoles.role)}, 'member'),
        'joinedAt', ${isoInstant(joinedAt)}
      ) order by ${joinedAt}), '[]'::json)`,
    })
    .from(organizationMembers)
    .innerJoin(everyone, eq(everyone.personId, organizationMembers.userId))
    .leftJoin(userRoles, roleOfMembership)
    .where(eq(organizationMembers.organizationId, sql.placeholder("organizationId")));
});

/** The members as read now, inside the caller's transaction if it has one. */
export async function readMembers(db: Queryable, organizationId: string): Promise<ClubMember[]> {
  const [row] = await membersOfClub(db, { organizationId });
  return row?.members ?? [];
}

/**
 * The members, kept by this instance until the club's data changes (platform/club-reads).
 * Shared between requests: callers must not change the list.
 */
export function listMembers(db: Db, organizationId: string): Promise<ClubMember[]> {
  return clubReads(db).read(organizationId, "members", async () => ({
    value: await readMembers(db, organizationId),
  }));
}

const membershipRow = preparedStatement("membership_row", (db) =>
  db
    .select({ id: organizationMembers.id })
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, sql.placeholder("organizationId")),
        eq(organizationMembers.userId, sql.placeholder("userId")),
      ),
    ),
);

export async function isMember(db: Queryable, organizationId: string, userId: string): Promise<boolean> {
  const [row] = await membershipRow(db, { organizationId, userId });
  return row !== undefined;
}

/** Those of `userIds` who are members of the club. */
export async function membersAmong(
  db: Queryable,
  organizationId: string,
  userIds: string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        inArray(organizationMembers.userId, userIds),
      ),
    );
  return new Set(rows.map((r) => r.userId));
}

const membershipsOfUser = preparedStatement("memberships_of_user", (db) =>
  db
    .select({ organizationId: organizationMembers.organizationId, role: userRoles.role })
    .from(organizationMembers)
    .leftJoin(userRoles, roleOfMembership)
    .where(
      and(
        eq(organizationMembers.userId, sql.placeholder("userId")),
        clubIsOpen(organizationMembers.organizationId),
      ),
    )
    .orderBy(asc(organizationMembers.createdAt)),
);

/** The clubs a person belongs to (a closing one no longer counts), with their role in each, oldest membership first. */
export async function membershipsOf(
  db: Queryable,
  userId: string,
): Promise<{ organizationId: string; role: Role }[]> {
  const rows = await membershipsOfUser(db, { userId });
  return rows.map((r) => ({ organizationId: r.organizationId, role: r.role ?? "member" }));
}

/** Leaves every club (deleting an account); the caller has checked they own none. */
export async function leaveAllClubs(tx: Tx, userId: string): Promise<void> {
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  await tx.delete(organizationMembers).where(eq(organizationMembers.userId, userId));
}

const membersCounted = preparedStatement("members_counted", (db) =>
  db
    .select({ n: count() })
    .from(organizationMembers)
    .where(eq(organizationMembers.organizationId, sql.placeholder("organizationId"))),
);

/**
 * The clubs of the person `userId` names (a value or a placeholder) with their role in each and
 * since when, as a subquery another feature joins its rows to.
 */
export function membershipsSubquery(userId: Placeholder | string) {
  return new QueryBuilder()
    .select({
      organizationId: organizationMembers.organizationId,
      role: sql<Role>`coalesce(${userRoles.role}, 'member')`.as("role"),
      since: organizationMembers.createdAt,
    })
    .from(organizationMembers)
    .leftJoin(userRoles, roleOfMembership)
    .where(eq(organizationMembers.userId, userId))
    .as("memberships");
}

/** The number of members of the club whose id is in `organizationId`, as a column for another feature's query. */
export function memberCountOf(organizationId: AnyColumn): SQL<number> {
  return sql<number>`(select count(*)::int from ${organizationMembers}
    where ${qualified(organizationMembers.organizationId)} = ${qualified(organizationId)})`;
}

export async function memberCount(db: Queryable, organizationId: string): Promise<number> {
  const [row] = await membersCounted(db, { organizationId });
  return row?.n ?? 0;
}

/**
 * Adds a person to the club with `role`, within the plan's member limit. False if already in.
 * `pastLimit` admits someone who has already paid the club's dues by card (the limit was checked
 * before their checkout opened): money taken is never turned away by a webhook.
 */
export async function addMember(
  tx: Tx,
  organizationId: string,
  userId: string,
  role: Role,
  now: Date,
  { pastLimit = false } = {},
) {
  // Locks the club's row first, so the member count below cannot change under us. Someone
  // already in takes no new place.
  const plan = await lockPlanLimits(tx, organizationId, now);
  if (!pastLimit && !(await isMember(tx, organizationId, userId)))
    plan.assertRoomForMember(await memberCount(tx, organizationId));
  const inserted = await tx
    .insert(organizationMembers)
    .values({ organizationId, userId, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: organizationMembers.id });
  if (inserted.length === 0) return false;
  await tx.insert(userRoles).values({ organizationId, userId, role }).onConflictDoNothing();
  return true;
}

/** Whether the club has room for one more member now (the limit of its plan), or the refusal. */
export async function assertRoomToJoin(tx: Tx, organizationId: string, now: Date) {
  const plan = await lockPlanLimits(tx, organizationId, now);
  plan.assertRoomForMember(await memberCount(tx, organizationId));
}

async function roleOf(tx: Tx | Db, organizationId: string, userId: string): Promise<Role> {
  const [row] = await tx
    .select({ role: userRoles.role, memberId: organizationMembers.id })
    .from(organizationMembers)
    .leftJoin(userRoles, roleOfMembership)
    .where(
      and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)),
    )
    .limit(1);
  if (!row) throw notFound("Member not found");
  return row.role ?? "member";
}

export async function changeRole(
  db: Db,
  access: ClubAccess,
  targetUserId: string,
  role: Exclude<Role, "owner">,
) {
  if (targetUserId === access.userId) throw forbidden("You cannot change your own role.");
  await db.transaction(async (tx) => {
    const current = await roleOf(tx, access.organizationId, targetUserId);
    if (!canManageRole(access.role, current) || !canManageRole(access.role, role)) {
      throw forbidden(`As ${access.role === "admin" ? "an admin" : "a member"} you cannot make that change.`);
    }
    await tx
      .insert(userRoles)
      .values({ organizationId: access.organizationId, userId: targetUserId, role })
      .onConflictDoUpdate({ target: [userRoles.organizationId, userRoles.userId], set: { role } });
  });
  forgetClubAccess(db, access.organizationId);
}

export async function removeMember(db: Db, access: ClubAccess, targetUserId: string) {
  if (targetUserId === access.userId) {
    throw forbidden("You cannot remove yourself. Use Leave club instead.");
  }
  await db.transaction(async (tx) => {
    const current = await roleOf(tx, access.organizationId, targetUserId);
    if (current === "owner") throw forbidden("The owner cannot be removed.");
    if (!canManageRole(access.role, current)) throw forbidden("You cannot remove this member.");
    await deleteMembership(tx, access.organizationId, targetUserId);
  });
  forgetClubAccess(db, access.organizationId);
}

export async function leaveClub(db: Db, access: ClubAccess) {
  if (access.role === "owner") {
    throw new AppError("OWNER_CANNOT_LEAVE", "Transfer ownership to another member before leaving the club.");
  }
  await db.transaction((tx) => deleteMembership(tx, access.organizationId, access.userId));
  forgetClubAccess(db, access.organizationId);
}

async function deleteMembership(tx: Tx, organizationId: string, userId: string) {
  await tx
    .delete(userRoles)
    .where(and(eq(userRoles.organizationId, organizationId), eq(userRoles.userId, userId)));
  await tx
    .delete(organizationMembers)
    .where(
      and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)),
    );
}

/** The owner hands the club to another member and becomes an admin; one owner throughout. */
export async function transferOwnership(db: Db, access: ClubAccess, newOwnerId: string) {
  if (newOwnerId === access.userId) throw new AppError("BAD_REQUEST", "You already own this club.");
  await db.transaction(async (tx) => {
    await roleOf(tx, access.organizationId, newOwnerId);
    const byUser = (userId: string) =>
      and(eq(userRoles.organizationId, access.organizationId), eq(userRoles.userId, userId));
    // Demote first: the one-owner unique index would refuse a second owner even for a moment.
    await tx.update(userRoles).set({ role: "admin" }).where(byUser(access.userId));
    await tx
      .insert(userRoles)
      .values({ organizationId: access.organizationId, userId: newOwnerId, role: "owner" })
      .onConflictDoUpdate({ target: [userRoles.organizationId, userRoles.userId], set: { role: "owner" } });
  });
  forgetClubAccess(db, access.organizationId);
}

// What other features may use of this one (scripts/check-boundaries.mjs).
