// What an answered auth request sets off in this app: the sessions it ended forgotten by this
// instance, the second-factor methods offered only where they can be used, and the phone
// factor kept on.
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/database.js";
import { authPhoneFactors, users } from "../../db/schema/auth.js";
import type { Auth } from "./auth.js";
import { sessionCache, sessionCookieOf } from "./current-user.js";

// The sessions a request ended are forgotten by this instance's session cache at once (the
// others forget them within SESSION_CACHE_MS).
const ENDS_THIS_SESSION = new Set(["/api/auth/sign-out", "/api/auth/two-factor/verify-totp"]);
const ENDS_THE_ACCOUNTS_SESSIONS = new Set([
  "/api/auth/revoke-sessions",
  "/api/auth/change-password",
  "/api/auth/two-factor/enable",
  "/api/auth/two-factor/disable",
]);

export async function forgetEndedSessions(
  auth: Auth,
  path: string,
  request: FastifyRequest,
  userId: string | undefined,
) {
  const cache = sessionCache(auth);
  const token = sessionCookieOf(request);
  if (ENDS_THIS_SESSION.has(path) && token) cache.forget(token);
  else if (ENDS_THE_ACCOUNTS_SESSIONS.has(path) && userId) await cache.forgetUser(userId);
  // A reset link does not say whose sessions it ended: forget them all (a rare event).
  else if (path === "/api/auth/reset-password") cache.clear();
}

// better-auth offers a texted code ("otp") to every account once texts can be sent; only an
// account with a confirmed phone can receive one, so the others are not offered it.
export async function withOwnMethods(db: Db, email: string, body: Buffer): Promise<Buffer> {
  const answer = JSON.parse(body.toString()) as { twoFactorRedirect?: boolean; twoFactorMethods?: string[] };
  if (!answer.twoFactorRedirect || !answer.twoFactorMethods?.includes("otp")) return body;
  const [phone] = await db
    .select({ userId: authPhoneFactors.userId })
    .from(authPhoneFactors)
    .innerJoin(users, eq(users.id, authPhoneFactors.userId))
    .where(eq(users.email, email.toLowerCase()));
  if (phone) return body;
  return Buffer.from(
    JSON.stringify({ ...answer, twoFactorMethods: answer.twoFactorMethods.filter((m) => m !== "otp") }),
  );
}

export async function keepPhoneFactorOn(auth: Auth, db: Db, userId: string): Promise<void> {
  const [phone] = await db
    .select({ userId: authPhoneFactors.userId })
    .from(authPhoneFactors)
    .where(eq(authPhoneFactors.userId, userId));
  if (phone) await (await auth.$context).internalAdapter.updateUser(userId, { twoFactorEnabled: true });
}
