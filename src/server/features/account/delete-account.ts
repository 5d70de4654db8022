// Deleting one's account (Settings): the person leaves every club and can never sign in again;
// what other people rely on stays, anonymised. Matches, ratings and sessions of other players
// name them, so the account's row remains as "Former member" with an address nobody owns,
// and everything that could reach or identify the person goes: password, sessions, profile,
// memberships, email preferences. An owner hands each club over first, or asks for the clubs
// they own to be deleted with the account (as "Delete club" does), in the same transaction.
import { eq } from "drizzle-orm";
import { messages } from "../../../shared/domain/messages.js";
import type { AppDeps } from "../../app-deps.js";
import { profiles } from "../../db/schema/account.js";
import { authAccounts, authSessions, users } from "../../db/schema/auth.js";
import { AppError } from "../../platform/errors/app-error.js";
import { withEffects } from "../../platform/jobs/outbox.js";
import { afterClosing, type Closed, closeClubIn, getOrganization } from "../clubs/service.js";
import { forgetUserAccess, leaveAllClubs, membershipsOf } from "../members/service.js";
import { forgetPreferences } from "../notifications/service.js";

export const FORMER_MEMBER = "Former member";

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
    await tx.delete(authSessions).where(eq(authSessions.userId, userId));
    await tx.delete(authAccounts).where(eq(authAccounts.userId, userId));
    await tx
      .update(profiles)
      .set({ fullName: FORMER_MEMBER, avatarUrl: null, updatedAt: new Date() })
      .where(eq(profiles.id, userId));
    await tx
      .update(users)
      .set({
        name: FORMER_MEMBER,
        email: `deleted-${userId}@deleted.courtside.invalid`,
        emailVerified: false,
        image: null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    return closed;
  });
  forgetUserAccess(db, userId);
  for (const club of closed) await afterClosing(deps, club);
}
