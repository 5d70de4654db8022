// Deleting one's account (Settings): the person leaves every club and can never sign in again;
// what other people rely on stays, anonymised (account/anonymize.ts). An owner hands each club
// over first, or asks for the clubs they own to be deleted with the account (as "Delete club"
// does), in the same transaction.
import { messages } from "../../../shared/domain/messages.js";
import type { AppDeps } from "../../app-deps.js";
import { sessionCache } from "../../platform/auth/current-user.js";
import { AppError } from "../../platform/errors/app-error.js";
import { withEffects } from "../../platform/jobs/outbox.js";
import { anonymizeAccount } from "../account/service.js";
import { afterClosing, type Closed, closeClubIn } from "../club-admin/service.js";
import { getOrganization } from "../clubs/service.js";
import { forgetUserAccess, leaveAllClubs, membershipsOf } from "../members/service.js";
import { forgetPreferences } from "../notifications/service.js";

export async function deleteAccount(
  deps: AppDeps,
  userId: string,
  options: { deleteOwnedClubs?: boolean } = {},
): Promise<void> {
  const { db } = deps.database;
  const { result: closed } = await withEffects(deps, async (tx, effects) => {
    // A club has exactly one owner (the database holds to it): every club they own, they own alone.
    const owned = (await membershipsOf(tx, userId)).filter((m) => m.role === "owner");
    if (owned.length > 0 && !options.deleteOwnedClubs) {
      const club = await getOrganization(tx, owned[0]!.organizationId);
      throw new AppError("OWNER_MUST_TRANSFER", messages.account.ownerMustTransfer(club.name));
    }
    const closed: Closed[] = [];
    for (const { organizationId } of owned)
      closed.push(await closeClubIn(tx, deps, organizationId, userId, effects));
    await leaveAllClubs(tx, userId);
    await forgetPreferences(tx, userId);
    await anonymizeAccount(tx, userId);
    return closed;
  });
  forgetUserAccess(db, userId);
  // This instance forgets the person's signed-in sessions at once (others within seconds).
  await sessionCache(deps.auth).forgetUser(userId);
  for (const club of closed) await afterClosing(deps, club);
}
