// What deleting an account does to the account itself: everything that could reach or identify
// the person goes (password, sessions, name, address, avatar); the row stays, as "Former member"
// with an address nobody owns, because matches, ratings and other players' sessions name it.
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/database.js";
import { profiles } from "../../db/schema/account.js";
import { authAccounts, authSessions, users } from "../../db/schema/auth.js";

export const FORMER_MEMBER = "Former member";

export async function anonymizeAccount(tx: Tx, userId: string): Promise<void> {
  await tx.delete(authSessions).where(eq(authSessions.userId, userId));
  await tx.delete(authAccounts).where(eq(authAccounts.userId, userId));
  await tx
    .update(profiles)
    .set({ fullName: FORMER_MEMBER, avatarUrl: null, gender: null, updatedAt: new Date() })
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
}
