// A household's places (decision 039): its payer registers anyone in it, and gives their place
// up, as they would themself; the place is the person's own (they check in, play and are rated
// as themself) and its checkout is the payer's: one checkout for several registered at once.
import { and, eq } from "drizzle-orm";
import type { AppDeps } from "../../app-deps.js";
import type { Queryable } from "../../db/database.js";
import { sessionRegistrations } from "../../db/schema/sessions.js";
import { notFound } from "../../platform/errors/app-error.js";
import { householdPayerOf, readHousehold } from "../memberships/service.js";
import { checkoutForAll } from "./payments.js";
import { registerMany } from "./registrations.js";

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

/**
 * The payer registers several of their household at once (themself too, if they like): every
 * place taken or none, and one checkout for all that are held until paid, the payer's own first.
 */
export async function registerHouseholdTogether(
  deps: AppDeps,
  organizationId: string,
  sessionId: string,
  payerId: string,
  userIds: string[],
) {
  const chosen = [...new Set(userIds)].sort((a, b) => Number(b === payerId) - Number(a === payerId));
  // Each one the payer's own, or someone of the household they pay for who has accepted: read
  // once for all of them; anyone else is not found.
  const household = await readHousehold(deps.database.db, organizationId, payerId);
  const theirs = new Set(
    household.payer
      ? household.people.filter((p) => p.role !== "payer" && p.accepted).map((p) => p.userId)
      : [],
  );
  if (chosen.some((userId) => userId !== payerId && !theirs.has(userId))) throw notFound("Not found");
  const placed = await registerMany(deps, organizationId, sessionId, chosen);
  const unpaid = placed.flatMap((place) => (place.paymentId ? [place.paymentId] : []));
  return {
    registrations: placed.map((place) => place.listed),
    checkoutUrl: unpaid.length > 0 ? await checkoutForAll(deps, unpaid) : null,
  };
}
