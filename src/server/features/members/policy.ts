// The one place that decides who may do what in a club. Every club-scoped route asks here
// first. A user outside the club is told the club does not exist (404), so one club's data
// never leaks to another; a member without the capability gets 403.
//
// A member's role is read on nearly every request, so each instance keeps what it read for
// ACCESS_CACHE_MS (decision 011), the same window as a session cookie:
//   - only memberships are kept, never "not a member": someone who joins is in at once;
//   - removing a member, leaving, a role change, a transfer, deleting the club or an account
//     forget the club's (or the person's) entries at once on the instance that made the change;
//   - another instance may go on answering with the old role for at most ACCESS_CACHE_MS.
import { and, eq, sql } from "drizzle-orm";
import { type Capability, can } from "../../../shared/domain/capabilities.js";
import type { Role } from "../../../shared/domain/roles.js";
import type { Db } from "../../db/database.js";
import { preparedStatement } from "../../db/prepared.js";
import { organizationMembers, userRoles } from "../../db/schema/members.js";
import { SESSION_CACHE_MS } from "../../platform/auth/current-user.js";
import { forbidden, notFound } from "../../platform/errors/app-error.js";
import { KeptPromises } from "../../platform/memo/kept-promises.js";
import { onePerOwner } from "../../platform/memo/one-per-owner.js";
import { clubIsOpen } from "../clubs/service.js";

export type ClubAccess = { organizationId: string; userId: string; role: Role };

export const ACCESS_CACHE_MS = SESSION_CACHE_MS;
const MAX_ENTRIES = 50_000;

/** Roles read per instance, by "organizationId userId". */
class AccessCache {
  private readonly kept = new KeptPromises<Role | null>(MAX_ENTRIES);

  read(organizationId: string, userId: string, load: () => Promise<Role | null>): Promise<Role | null> {
    const now = Date.now();
    // Concurrent requests of one member share one read; a miss or a failure is not kept.
    const key = `${organizationId} ${userId}`;
    return this.kept.read(key, now, now + ACCESS_CACHE_MS, load, null, (role) => role !== null);
  }

  forget(match: (organizationId: string, userId: string) => boolean): void {
    this.kept.forgetWhere((key) => {
      const [organizationId = "", userId = ""] = key.split(" ");
      return match(organizationId, userId);
    });
  }
}

const accessCache = onePerOwner((_db: Db) => new AccessCache());

/** After a change to who is in a club or what they may do: this instance reads it afresh. */
export function forgetClubAccess(db: Db, organizationId: string): void {
  accessCache(db).forget((club) => club === organizationId);
}

/** After an account leaves every club (deleting it). */
export function forgetUserAccess(db: Db, userId: string): void {
  accessCache(db).forget((_club, user) => user === userId);
}

/** Joins a membership to its role row (none for a plain member). */
export const roleOfMembership = and(
  eq(userRoles.organizationId, organizationMembers.organizationId),
  eq(userRoles.userId, organizationMembers.userId),
);

// A closing club has no members as far as anyone asking is concerned: it answers 404 to all.
const roleInClub = preparedStatement("role_in_club", (db) =>
  db
    .select({ role: userRoles.role })
    .from(organizationMembers)
    .leftJoin(userRoles, roleOfMembership)
    .where(
      and(
        eq(organizationMembers.organizationId, sql.placeholder("organizationId")),
        eq(organizationMembers.userId, sql.placeholder("userId")),
        clubIsOpen(organizationMembers.organizationId),
      ),
    )
    .limit(1),
);

async function readRole(db: Db, organizationId: string, userId: string): Promise<Role | null> {
  const [row] = await roleInClub(db, { organizationId, userId });
  return row ? (row.role ?? "member") : null;
}

/** The person's role in the club, or null for someone outside it (kept as described above). */
export function memberRole(db: Db, organizationId: string, userId: string): Promise<Role | null> {
  return accessCache(db).read(organizationId, userId, () => readRole(db, organizationId, userId));
}

export async function requireMember(db: Db, organizationId: string, userId: string): Promise<ClubAccess> {
  const role = await memberRole(db, organizationId, userId);
  if (!role) throw notFound("Club not found");
  return { organizationId, userId, role };
}

export async function requireCapability(
  db: Db,
  organizationId: string,
  userId: string,
  capability: Capability,
): Promise<ClubAccess> {
  const access = await requireMember(db, organizationId, userId);
  if (!can(access.role, capability)) throw forbidden();
  return access;
}
