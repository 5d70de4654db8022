// The second factors a person has enrolled, as Settings lists them: the authenticator app
// (better-auth's two-factor plugin owns its enrolment, verification and removal under
// /api/auth/two-factor/...) and passkeys (platform/auth/passkeys.ts adds them; removal is
// here). This file reads their rows and keeps the names the person gave them.
import { and, eq } from "drizzle-orm";
import type { Factor, FactorList } from "../../../shared/contracts/auth.js";
import type { Queryable } from "../../db/database.js";
import { authPasskeys, authPhoneFactors, authTwoFactors } from "../../db/schema/auth.js";
import type { Auth } from "../../platform/auth/auth.js";
import { TOTP_ISSUER } from "../../platform/auth/auth.js";
import { notFound } from "../../platform/errors/app-error.js";
import { maskPhone, type SmsSender } from "../../platform/sms/sms.js";

/** Settings' list: every factor of the person, and whether a phone can be added here. */
export async function listFactors(
  deps: { db: Queryable; auth: Auth; sms: SmsSender },
  userId: string,
): Promise<FactorList> {
  const { db, auth, sms } = deps;
  const factors = [
    ...(await totpFactors(db, auth, userId)),
    ...(await phoneFactors(db, userId)),
    ...(await passkeyFactors(db, userId)),
  ];
  return { factors, phoneAvailable: sms.kind !== "none" };
}

async function phoneFactors(db: Queryable, userId: string): Promise<Factor[]> {
  const rows = await db.select().from(authPhoneFactors).where(eq(authPhoneFactors.userId, userId));
  return rows.map((row) => ({
    id: row.userId,
    friendlyName: row.friendlyName,
    factorType: "phone",
    phone: maskPhone(row.phone),
    status: "verified",
    issuer: TOTP_ISSUER,
    backupCodesLeft: null,
    createdAt: row.createdAt.toISOString(),
  }));
}

async function passkeyFactors(db: Queryable, userId: string): Promise<Factor[]> {
  const rows = await db
    .select({
      id: authPasskeys.id,
      friendlyName: authPasskeys.friendlyName,
      createdAt: authPasskeys.createdAt,
    })
    .from(authPasskeys)
    .where(eq(authPasskeys.userId, userId))
    .orderBy(authPasskeys.createdAt);
  return rows.map((row) => ({
    id: row.id,
    friendlyName: row.friendlyName,
    factorType: "webauthn",
    phone: null,
    status: "verified",
    issuer: TOTP_ISSUER,
    backupCodesLeft: null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Removes one of the person's own passkeys; anyone else's answers 404. */
export async function removePasskey(db: Queryable, userId: string, id: string): Promise<void> {
  const removed = await db
    .delete(authPasskeys)
    .where(and(eq(authPasskeys.id, id), eq(authPasskeys.userId, userId)))
    .returning({ id: authPasskeys.id });
  if (removed.length === 0) throw notFound("Passkey not found");
}

async function totpFactors(db: Queryable, auth: Auth, userId: string): Promise<Factor[]> {
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
    phone: null,
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

/** Renames one of the person's own factors (either kind); anyone else's answers 404. */
export async function renameFactor(
  db: Queryable,
  userId: string,
  id: string,
  friendlyName: string,
): Promise<void> {
  const totp = await db
    .update(authTwoFactors)
    .set({ friendlyName })
    .where(and(eq(authTwoFactors.id, id), eq(authTwoFactors.userId, userId)))
    .returning({ id: authTwoFactors.id });
  if (totp.length > 0) return;
  const passkey = await db
    .update(authPasskeys)
    .set({ friendlyName })
    .where(and(eq(authPasskeys.id, id), eq(authPasskeys.userId, userId)))
    .returning({ id: authPasskeys.id });
  if (passkey.length > 0) return;
  // The phone factor's id is its owner's.
  const phone = await db
    .update(authPhoneFactors)
    .set({ friendlyName })
    .where(and(eq(authPhoneFactors.userId, id), eq(authPhoneFactors.userId, userId)))
    .returning({ userId: authPhoneFactors.userId });
  if (phone.length === 0) throw notFound("Factor not found");
}
