// The second factors a person has enrolled, as Settings lists them. better-auth's two-factor
// plugin owns enrolment, verification and removal (under /api/auth/two-factor/...); this
// file only reads its row and keeps the name the person gave it.
import { and, eq } from "drizzle-orm";
import type { Factor } from "../../../shared/contracts/auth.js";
import type { Queryable } from "../../db/database.js";
import { authTwoFactors } from "../../db/schema/auth.js";
import type { Auth } from "../../platform/auth/auth.js";
import { TOTP_ISSUER } from "../../platform/auth/auth.js";
import { notFound } from "../../platform/errors/app-error.js";

export async function listFactors(db: Queryable, auth: Auth, userId: string): Promise<Factor[]> {
  const rows = await db
    .select({
      id: authTwoFactors.id,
      friendlyName: authTwoFactors.friendlyName,
      verified: authTwoFactors.verified,
      createdAt: authTwoFactors.createdAt,
    })
    .from(authTwoFactors)
    .where(eq(authTwoFactors.userId, userId));
  const backupCodesLeft = rows.some((row) => row.verified) ? await unusedBackupCodes(auth, userId) : null;
  return rows.map((row) => ({
    id: row.id,
    friendlyName: row.friendlyName,
    factorType: "totp",
    status: row.verified ? "verified" : "unverified",
    issuer: TOTP_ISSUER,
    backupCodesLeft: row.verified ? backupCodesLeft : null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Backup codes are stored encrypted and removed as they are used: count what is left. */
async function unusedBackupCodes(auth: Auth, userId: string): Promise<number> {
  const view = await auth.api.viewBackupCodes({ body: { userId } });
  return view.backupCodes.length;
}

/** Renames one of the person's own factors; anyone else's answers 404. */
export async function renameFactor(
  db: Queryable,
  userId: string,
  id: string,
  friendlyName: string,
): Promise<void> {
  const updated = await db
    .update(authTwoFactors)
    .set({ friendlyName })
    .where(and(eq(authTwoFactors.id, id), eq(authTwoFactors.userId, userId)))
    .returning({ id: authTwoFactors.id });
  if (updated.length === 0) throw notFound("Factor not found");
}
