// The plan codes an organizer sees at the door beside each member's name (decision 039): the
// code of a plan they are a member on now, active or within grace; not what they paid.
import type { Registration } from "../../../shared/contracts/session-registrations.js";
import type { Db } from "../../db/database.js";
import { duesOfMembers } from "../memberships/service.js";

export async function planCodesOf(
  db: Db,
  organizationId: string,
  registrations: readonly Registration[],
  at: Date,
): Promise<Record<string, string>> {
  const userIds = registrations.flatMap((r) => (r.userId ? [r.userId] : []));
  const dues = await duesOfMembers(db, organizationId, userIds, at);
  return Object.fromEntries(
    [...dues]
      .filter(([, d]) => d.status === "active" || d.status === "past_due")
      .map(([userId, d]) => [userId, d.code]),
  );
}
