// The one place that decides who may do what in a club. Every club-scoped route asks here
// first. A user outside the club is told the club does not exist (404), so one club's data
// never leaks to another; a member without the capability gets 403.
import { and, eq } from "drizzle-orm";
import { type Capability, can } from "../../../shared/domain/capabilities.js";
import type { Role } from "../../../shared/domain/roles.js";
import type { Db } from "../../db/database.js";
import { organizationMembers, userRoles } from "../../db/schema/members.js";
import { forbidden, notFound } from "../../platform/errors/app-error.js";

export type ClubAccess = { organizationId: string; userId: string; role: Role };

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
