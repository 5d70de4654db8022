// A household's places (decision 039): its payer registers anyone in it, and gives their place
// up, as they would themself; the place is the person's own (they check in, play and are rated
// as themself) and its checkout is the payer's.
import { and, eq } from "drizzle-orm";
import type { Queryable } from "../../db/database.js";
import { sessionRegistrations } from "../../db/schema/sessions.js";
import { notFound } from "../../platform/errors/app-error.js";
import { householdPayerOf, readHousehold } from "../memberships/service.js";

/** `userId` if they are in the household `payerId` pays for (and have accepted); 404 otherwise. */
export async function householdPlayer(
  db: Queryable,
  organizationId: string,
  payerId: string,
  userId: string,
) {
  const household = await readHousehold(db, organizationId, payerId);
  const found =
    household.payer && household.people.some((p) => p.userId === userId && p.role !== "payer" && p.accepted);
  if (!found) throw notFound("Not found");
  return userId;
}

/**
 * Whom a cancellation acts for: the registration's own player when the caller pays for their
 * household, else the caller (whose own rules then apply: their place, or an organizer's).
 */
export async function actingFor(
  db: Queryable,
  organizationId: string,
  callerId: string,
  registrationId: string,
) {
  const [row] = await db
    .select({ userId: sessionRegistrations.userId })
    .from(sessionRegistrations)
    .where(
      and(
        eq(sessionRegistrations.id, registrationId),
        eq(sessionRegistrations.organizationId, organizationId),
      ),
    );
  if (!row?.userId || row.userId === callerId) return callerId;
  // The payer registers anyone of the household, adults too, and gives any of those places up.
  return (await householdPayerOf(db, organizationId, row.userId))?.payerId === callerId
    ? row.userId
    : callerId;
}
