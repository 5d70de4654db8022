// The phone factor: sign-in codes by text message. Adding a number sends it a code; the code
// and the password confirm it, and from then on sign-in can ask for a texted code (better-
// auth's two-factor OTP method sends it, platform/auth/auth.ts). One number per account.
//
// better-auth keeps one switch for two-step sign-in (users.two_factor_enabled) over all the
// factors; this file keeps it on while any factor is left (the authenticator app's own
// removal is followed up in platform/auth/routes.ts).
import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { messages } from "../../../shared/domain/messages.js";
import type { Db } from "../../db/database.js";
import { authPhoneFactors, authTwoFactors } from "../../db/schema/auth.js";
import type { Auth } from "../../platform/auth/auth.js";
import { consume } from "../../platform/auth/rate-limit.js";
import { AppError } from "../../platform/errors/app-error.js";
import type { SmsSender } from "../../platform/sms/sms.js";

const CODE_MINUTES = 10;
const MINUTE = 60;
const pendingKey = (userId: string) => `phone-factor:${userId}`;
const hashCode = (code: string) => createHash("sha256").update(code).digest("hex");

type Pending = { phone: string; friendlyName: string; codeHash: string };

/** Sends a confirmation code to the number; nothing changes until it comes back. */
export async function startPhoneFactor(
  deps: { db: Db; auth: Auth; sms: SmsSender },
  caller: { userId: string; ip: string },
  input: { phone: string; friendlyName: string },
): Promise<void> {
  if (deps.sms.kind === "none") throw new AppError("NOT_FOUND", messages.account.phoneUnavailable);
  const { userId, ip } = caller;
  // Texts cost money and can reach a stranger's phone: few per account, per address and per
  // number in an hour, so neither many accounts nor many addresses can flood one phone.
  await consume(deps.db, [
    { key: `phone-factor-send:user:${userId}`, max: 5, windowSeconds: 60 * MINUTE },
    { key: `phone-factor-send:ip:${ip}`, max: 10, windowSeconds: 60 * MINUTE },
    { key: `phone-factor-send:number:${input.phone}`, max: 3, windowSeconds: 60 * MINUTE },
  ]);
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const context = await deps.auth.$context;
  await context.internalAdapter.deleteVerificationByIdentifier(pendingKey(userId));
  await context.internalAdapter.createVerificationValue({
    identifier: pendingKey(userId),
    value: JSON.stringify({ ...input, codeHash: hashCode(code) } satisfies Pending),
    expiresAt: new Date(Date.now() + CODE_MINUTES * 60_000),
  });
  await deps.sms.send(
    input.phone,
    `${code} is your Courtside code to add this phone. It expires in ${CODE_MINUTES} minutes.`,
  );
}

/** The texted code and the password confirm the number; two-step sign-in is then on. */
export async function confirmPhoneFactor(
  deps: { db: Db; auth: Auth },
  userId: string,
  input: { code: string; password: string },
): Promise<void> {
  await consume(deps.db, [
    { key: `phone-factor-confirm:user:${userId}`, max: 5, windowSeconds: 15 * MINUTE },
  ]);
  const context = await deps.auth.$context;
  const pending = await context.internalAdapter.findVerificationValue(pendingKey(userId));
  if (!pending || pending.expiresAt <= new Date())
    throw new AppError("VALIDATION_ERROR", messages.account.phoneCodeExpired);
  const { phone, friendlyName, codeHash } = JSON.parse(pending.value) as Pending;
  if (!timingSafeEqual(Buffer.from(hashCode(input.code)), Buffer.from(codeHash)))
    throw new AppError("INVALID_CODE", messages.account.codeInvalid);
  await requirePassword(deps.auth, userId, input.password);
  if (!(await context.internalAdapter.consumeVerificationValue(pendingKey(userId))))
    throw new AppError("VALIDATION_ERROR", messages.account.phoneCodeExpired);
  await deps.db
    .insert(authPhoneFactors)
    .values({ userId, phone, friendlyName })
    .onConflictDoUpdate({
      target: authPhoneFactors.userId,
      set: { phone, friendlyName, createdAt: new Date() },
    });
  await context.internalAdapter.updateUser(userId, { twoFactorEnabled: true });
}

/** Removes the number (with the password); two-step sign-in stays on if an app is left. */
export async function removePhoneFactor(deps: { db: Db; auth: Auth }, userId: string, password: string) {
  // A password check: guesses are counted, as on every form that asks for it.
  await consume(deps.db, [{ key: `phone-factor-remove:user:${userId}`, max: 5, windowSeconds: 15 * MINUTE }]);
  await requirePassword(deps.auth, userId, password);
  const removed = await deps.db
    .delete(authPhoneFactors)
    .where(eq(authPhoneFactors.userId, userId))
    .returning({ userId: authPhoneFactors.userId });
  if (removed.length === 0) throw new AppError("NOT_FOUND", "No phone to remove");
  const [app] = await deps.db
    .select({ id: authTwoFactors.id })
    .from(authTwoFactors)
    .where(and(eq(authTwoFactors.userId, userId), eq(authTwoFactors.verified, true)));
  if (!app) await (await deps.auth.$context).internalAdapter.updateUser(userId, { twoFactorEnabled: false });
}

export async function phoneFactorOf(db: Db, userId: string) {
  const [row] = await db.select().from(authPhoneFactors).where(eq(authPhoneFactors.userId, userId));
  return row ?? null;
}

async function requirePassword(auth: Auth, userId: string, password: string): Promise<void> {
  const context = await auth.$context;
  const credential = (await context.internalAdapter.findAccounts(userId)).find(
    (a) => a.providerId === "credential",
  );
  const ok = credential?.password
    ? await context.password.verify({ hash: credential.password, password })
    : false;
  if (!ok) throw new AppError("INVALID_PASSWORD", "Invalid password");
}
