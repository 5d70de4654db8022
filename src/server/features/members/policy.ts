// Who may do what in a club. Every club-scoped route asks here first; a user outside the
// club is told the club does not exist (404), so one club's data never leaks to another.
import { and, eq } from "drizzle-orm";
import type { Role } from "../../../shared/domain/roles.js";
import type { Db } from "../../db/database.js";
import { organizationMembers, userRoles } from "../../db/schema.js";
import { forbidden, notFound } from "../../platform/errors/app-error.js";

export type ClubAccess = { organizationId: string; userId: string; role: Role };

const rank: Record<Role, number> = { member: 0, organizer: 1, admin: 2, owner: 3 };

export async function requireMember(db: Db, organizationId: string, userId: string): Promise<ClubAccess> {
  const [row] = await db
    .select({ role: userRoles.role })
    .from(organizationMembers)
    .leftJoin(
      userRoles,
      and(eq(userRoles.organizationId, organizationMembers.organizationId), eq(userRoles.userId, userId)),
    )
    .where(
      and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)),
    )
    .limit(1);
  if (!row) throw notFound("Club not found");
  return { organizationId, userId, role: row.role ?? "member" };
}

/** Members below `minimum` get 403: they can see the club exists, but not do this. */
export async function requireRole(
  db: Db,
  organizationId: string,
  userId: string,
  minimum: Role,
): Promise<ClubAccess> {
  const access = await requireMember(db, organizationId, userId);
  if (rank[access.role] < rank[minimum]) throw forbidden();
  return access;
}
