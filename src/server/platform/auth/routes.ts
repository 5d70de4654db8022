// Mounts better-auth under /api/auth. Before it sees a request, the bodies of the account
// forms are checked with the shared schemas and the rate limits are counted.
//
// Sign-in counts failures only (docs/decisions/006-hardening.md). From a browser that has
// never signed in to the account, three buckets:
//   - one account from one address: 5 failures in 15 minutes;
//   - one address across accounts: 50 failures in 15 minutes (password spraying);
//   - one IPv6 site (/48) across accounts: 200 failures in 15 minutes;
//   - one account from devices it has never signed in on: 20 failures in an hour (guessing
//     spread over many addresses). Past that the account is not locked: a new browser must
//     confirm by a mailed link first (new-browser.ts, decision 013).
// A browser that signed in to the account before counts in a bucket of its own (5 in 15
// minutes), so a stranger, even one behind the same address, can never lock the owner out of
// her own device. Addresses are counted per IPv6 /64 (addressKey).
//
// Only exact, canonical paths reach better-auth: its router ignores empty segments and the
// URL parser resolves dots, so "/api/auth//sign-in/email" or "/api/auth/x/../sign-in/email"
// would otherwise reach an endpoint without meeting its guard.
import { fromNodeHeaders } from "better-auth/node";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import {
  backupCodeBody,
  changePasswordBody,
  confirmBrowserQuery,
  enableTwoFactorBody,
  noFieldsBody,
  passkeyRegisterBody,
  passkeySignInBody,
  passwordConfirmBody,
  resetLinkQuery,
  resetPasswordBody,
  resetRequestBody,
  revokeSessionsBody,
  sendTextCodeBody,
  signInBody,
  signUpBody,
  totpCodeBody,
  verificationEmailBody,
  verifyEmailQuery,
} from "../../../shared/contracts/auth.js";
import { messages } from "../../../shared/domain/messages.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/database.js";
import { authPhoneFactors, users } from "../../db/schema/auth.js";
import { AppError } from "../errors/app-error.js";
import type { Jobs } from "../jobs/jobs.js";
import type { Auth } from "./auth.js";
import { type AuthFailure, authFailure } from "./auth-failure.js";
import { currentUser, sessionCache, sessionCookieOf } from "./current-user.js";
import { knownDeviceCookie, knownDeviceId } from "./known-device.js";
import {
  CONFIRM_BROWSER_PATH,
  emailOfConfirmBrowserToken,
  guardedSignIn,
  newBrowsersLimit,
} from "./new-browser.js";
import { addressKey, clear, consume, type Limit, overLimit, release, siteKey } from "./rate-limit.js";

const MINUTE = 60;
const HOUR = 60 * MINUTE;

type Caller = { ip: string; email: string | undefined; userId: string | undefined };
type Guard = {
  schema: z.ZodType<object>;
  /** The limits are per signed-in account: the caller must be signed in. */
  signedIn?: boolean;
  limits: (caller: Caller) => Limit[];
};

const limit = (key: string, max: number, windowSeconds = 15 * MINUTE): Limit => ({ key, max, windowSeconds });
const perAccount = (name: string, email: string | undefined, max: number, windowSeconds?: number) =>
  email ? [limit(`${name}:email:${email.toLowerCase()}`, max, windowSeconds)] : [];

// A club's sign-up night puts a whole room behind one Wi-Fi address: the address limit only
// has to stop mass account creation; each address's own limit stops mail-bombing a person.
export const SIGN_UPS_PER_ADDRESS = 60;

export const guards: Record<string, Guard> = {
  "/api/auth/sign-up/email": {
    schema: signUpBody,
    limits: ({ ip, email }) => [
      limit(`sign-up:ip:${ip}`, SIGN_UPS_PER_ADDRESS),
      ...perAccount("sign-up", email, 5),
    ],
  },
  "/api/auth/request-password-reset": {
    schema: resetRequestBody,
    limits: ({ ip, email }) => [limit(`reset:ip:${ip}`, 20), ...perAccount("reset", email, 5)],
  },
  "/api/auth/reset-password": {
    schema: resetPasswordBody,
    limits: ({ ip }) => [limit(`reset-password:ip:${ip}`, 20)],
  },
  "/api/auth/send-verification-email": {
    schema: verificationEmailBody,
    limits: ({ ip, email }) => [
      limit(`verify-mail:ip:${ip}`, 10, HOUR),
      ...perAccount("verify-mail", email, 3, HOUR),
    ],
  },
  // Sign out everywhere: every session of the account ends, this one too.
  "/api/auth/revoke-sessions": {
    schema: revokeSessionsBody,
    signedIn: true,
    limits: ({ ip, userId }) => [
      limit(`revoke-sessions:ip:${ip}`, 20),
      limit(`revoke-sessions:user:${userId}`, 10),
    ],
  },
  "/api/auth/change-password": {
    schema: changePasswordBody,
    signedIn: true,
    limits: ({ ip, userId }) => [
      limit(`change-password:ip:${ip}`, 20),
      limit(`change-password:user:${userId}`, 5),
    ],
  },
  // The second factor. Turning it on or off and renewing the backup codes need the password
  // and a session; the codes are tried either while enrolling (signed in) or while signing in
  // (the pending two-factor cookie). better-auth also locks the factor after repeated misses.
  "/api/auth/two-factor/enable": {
    schema: enableTwoFactorBody,
    signedIn: true,
    limits: ({ ip, userId }) => [limit(`2fa-enable:ip:${ip}`, 20), limit(`2fa-enable:user:${userId}`, 10)],
  },
  "/api/auth/two-factor/disable": {
    schema: passwordConfirmBody,
    signedIn: true,
    limits: ({ ip, userId }) => [limit(`2fa-disable:ip:${ip}`, 20), limit(`2fa-disable:user:${userId}`, 10)],
  },
  "/api/auth/two-factor/generate-backup-codes": {
    schema: passwordConfirmBody,
    signedIn: true,
    limits: ({ ip, userId }) => [limit(`2fa-codes:ip:${ip}`, 20), limit(`2fa-codes:user:${userId}`, 10)],
  },
  "/api/auth/two-factor/verify-totp": {
    schema: totpCodeBody,
    limits: ({ ip }) => [limit(`2fa-verify:ip:${ip}`, 30)],
  },
  // Passkeys: adding one needs a session; signing in with one is counted per address.
  "/api/auth/passkey/register-options": {
    schema: noFieldsBody,
    signedIn: true,
    limits: ({ ip, userId }) => [limit(`passkey-add:ip:${ip}`, 30), limit(`passkey-add:user:${userId}`, 20)],
  },
  "/api/auth/passkey/register": {
    schema: passkeyRegisterBody,
    signedIn: true,
    limits: ({ ip, userId }) => [limit(`passkey-add:ip:${ip}`, 30), limit(`passkey-add:user:${userId}`, 20)],
  },
  "/api/auth/passkey/sign-in-options": {
    schema: noFieldsBody,
    limits: ({ ip }) => [limit(`passkey-sign-in:ip:${ip}`, 60)],
  },
  "/api/auth/passkey/sign-in": {
    schema: passkeySignInBody,
    limits: ({ ip }) => [limit(`passkey-sign-in:ip:${ip}`, 60)],
  },
  // A texted code (the phone factor): each text costs and reaches a phone, so few per address.
  "/api/auth/two-factor/send-otp": {
    schema: sendTextCodeBody,
    limits: ({ ip }) => [limit(`2fa-text:ip:${ip}`, 10)],
  },
  "/api/auth/two-factor/verify-otp": {
    schema: totpCodeBody,
    limits: ({ ip }) => [limit(`2fa-verify:ip:${ip}`, 30)],
  },
  "/api/auth/two-factor/verify-backup-code": {
    schema: backupCodeBody,
    limits: ({ ip }) => [limit(`2fa-verify:ip:${ip}`, 30)],
  },
};

const SIGN_IN = "/api/auth/sign-in/email";
const signInLimits = (
  ip: string,
  site: string | undefined,
  email: string,
  deviceId: string | undefined,
): Limit[] =>
  deviceId
    ? [limit(`sign-in:device:${deviceId}:${email.toLowerCase()}`, 5)]
    : [
        limit(`sign-in:pair:${email.toLowerCase()}:${ip}`, 5),
        limit(`sign-in:ip:${ip}`, 50),
        ...(site ? [limit(`sign-in:site:${site}`, 200)] : []),
      ];

const VERIFY_EMAIL_LINK = /^\/api\/auth\/verify-email$/;
const RESET_PASSWORD_LINK = /^\/api\/auth\/reset-password\/[A-Za-z0-9_-]+$/;

// The better-auth endpoints the app uses; the rest of its API (update-user, delete-user, ...)
// answers 404, so nothing changes an account without our schemas and rules (a profile is
// PUT /api/me/profile, deleting an account DELETE /api/me).
const OPEN_ENDPOINTS = {
  POST: new Set([
    "/api/auth/sign-up/email",
    SIGN_IN,
    "/api/auth/sign-out",
    "/api/auth/request-password-reset",
    "/api/auth/reset-password",
    "/api/auth/send-verification-email",
    "/api/auth/change-password",
    "/api/auth/revoke-sessions",
    "/api/auth/two-factor/enable",
    "/api/auth/two-factor/disable",
    "/api/auth/two-factor/generate-backup-codes",
    "/api/auth/two-factor/verify-totp",
    "/api/auth/two-factor/verify-backup-code",
    "/api/auth/two-factor/send-otp",
    "/api/auth/two-factor/verify-otp",
    "/api/auth/passkey/register-options",
    "/api/auth/passkey/register",
    "/api/auth/passkey/sign-in-options",
    "/api/auth/passkey/sign-in",
  ]),
  GET: [/^\/api\/auth\/get-session$/, VERIFY_EMAIL_LINK, RESET_PASSWORD_LINK],
};
// The links mailed to people arrive by GET: their queries are checked like bodies (better-auth
// builds a URL from the callback, and a slash then a backslash made it throw: a 500).
const GET_QUERIES: ReadonlyArray<readonly [RegExp, z.ZodType<object>]> = [
  [VERIFY_EMAIL_LINK, verifyEmailQuery],
  [RESET_PASSWORD_LINK, resetLinkQuery],
];
const isOpen = (method: string, path: string) =>
  method === "POST"
    ? OPEN_ENDPOINTS.POST.has(path)
    : OPEN_ENDPOINTS.GET.some((pattern) => pattern.test(path));

// Lower-case words and dashes for the forms (POST); a GET may carry a token segment
// (the mailed reset link is /api/auth/reset-password/<token>).
const CANONICAL_PATH = { post: /^\/api\/auth(\/[a-z0-9-]+)+$/, get: /^\/api\/auth(\/[A-Za-z0-9_-]+)+$/ };

export function registerAuthRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; db: Db; jobs: Jobs; now: () => Date; config: Pick<Config, "sessionSecret" | "appUrl"> },
): void {
  const { auth, db, config } = deps;
  const secureCookies = config.appUrl.startsWith("https://");

  // The mailed link that confirms a new browser: it marks this browser as known for the
  // account, and the person then signs in with the password (and second factor) as usual.
  app.get(CONFIRM_BROWSER_PATH, { schema: { hide: true } }, async (request, reply) => {
    const { token } = parse(confirmBrowserQuery, request.query);
    const email = emailOfConfirmBrowserToken(config.sessionSecret, token, deps.now().getTime());
    if (!email) return reply.redirect("/auth?browser=expired");
    reply.header("set-cookie", knownDeviceCookie(config.sessionSecret, email, secureCookies));
    return reply.redirect("/auth?browser=confirmed");
  });

  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    schema: { hide: true },
    async handler(request, reply) {
      const path = request.url.split("?")[0] ?? "";
      if (
        !CANONICAL_PATH[request.method === "POST" ? "post" : "get"].test(path) ||
        !isOpen(request.method, path)
      )
        throw new AppError("NOT_FOUND", `No route for ${request.method} ${path}`);
      const ip = addressKey(request.ip);
      const isSignIn = request.method === "POST" && path === SIGN_IN;
      const guard = request.method === "POST" ? guards[path] : undefined;
      if (request.method === "GET")
        for (const [pattern, query] of GET_QUERIES) if (pattern.test(path)) parse(query, request.query);
      let signInBuckets: Limit[] = [];
      let signInEmail: string | undefined;
      let user: { id: string } | null | undefined;
      // What better-auth receives is what our schema kept (trimmed, bounded, no extra fields):
      // checking a body and then passing on the raw one would let through what was refused.
      let checkedBody: object | undefined;
      if (isSignIn) {
        const parsed = parse(signInBody, request.body);
        checkedBody = parsed;
        const { email } = parsed;
        const deviceId = knownDeviceId(config.sessionSecret, email, request.headers.cookie);
        signInBuckets = signInLimits(ip, siteKey(request.ip), email, deviceId);
        signInEmail = email;
        // Counted before it is tried (parallel guesses cannot all slip in), given back below
        // unless the password was wrong.
        await consume(db, signInBuckets);
        if (!deviceId) {
          const newBrowsers = newBrowsersLimit(email);
          signInBuckets.push(newBrowsers);
          if (await overLimit(db, newBrowsers))
            await guardedSignIn(
              { ...deps, secret: config.sessionSecret, appUrl: config.appUrl, log: request.log },
              email,
              parsed.password,
            );
        }
      } else if (guard) {
        const body = parse(guard.schema, request.body);
        checkedBody = body;
        const email = "email" in body ? String(body.email) : undefined;
        user = guard.signedIn ? await currentUser(auth, request) : undefined;
        if (guard.signedIn && !user) throw new AppError("UNAUTHORIZED", "Please sign in.");
        await consume(db, guard.limits({ ip, email, userId: user?.id }));
        if (path === "/api/auth/sign-up/email" && email) await refuseExistingEmail(db, email);
      }

      const failure: AuthFailure = {};
      let response: Response;
      try {
        response = await authFailure.run(failure, () => auth.handler(toFetchRequest(request, checkedBody)));
      } catch (error) {
        if (isSignIn) await release(db, signInBuckets).catch(() => {});
        throw error;
      }
      const cookies = response.headers.getSetCookie();
      if (isSignIn && signInEmail && response.status !== 401) {
        // Not a wrong password: the attempt is given back. A success also forgets this pair's
        // (or device's) failures and marks the browser as known for the account.
        await release(db, signInBuckets);
        if (response.ok) {
          await clear(db, signInBuckets.slice(0, 1));
          cookies.push(knownDeviceCookie(config.sessionSecret, signInEmail, secureCookies));
        }
      }
      if (response.ok && request.method === "POST") await forgetEndedSessions(auth, path, request, user?.id);
      // Removing the authenticator app turns two-step sign-in off for the whole account in
      // better-auth; a confirmed phone is still a factor, so it stays on.
      if (response.ok && path === "/api/auth/two-factor/disable" && user)
        await keepPhoneFactorOn(auth, db, user.id);
      // Our error handler tells an outage (503) from a bug (500, logged without secrets).
      if (response.status >= 500 && failure.error) throw failure.error;
      // better-auth also answers on after an error it meant to survive (a verification mail it
      // could not queue, a session it could not delete on sign-out): said once, at warn.
      if (failure.error) request.log.warn({ err: failure.error }, "auth: error behind a successful answer");
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== "set-cookie" && key !== "content-length") reply.header(key, value);
      });
      if (cookies.length > 0) reply.header("set-cookie", cookies);
      const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
      if (isSignIn && signInEmail && response.ok && body)
        return reply.send(await withOwnMethods(db, signInEmail, body));
      return reply.send(body);
    },
  });
}

// The sessions a request ended are forgotten by this instance's session cache at once (the
// others forget them within SESSION_CACHE_MS).
const ENDS_THIS_SESSION = new Set(["/api/auth/sign-out", "/api/auth/two-factor/verify-totp"]);
const ENDS_THE_ACCOUNTS_SESSIONS = new Set([
  "/api/auth/revoke-sessions",
  "/api/auth/change-password",
  "/api/auth/two-factor/enable",
  "/api/auth/two-factor/disable",
]);

async function forgetEndedSessions(
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
async function withOwnMethods(db: Db, email: string, body: Buffer): Promise<Buffer> {
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

async function keepPhoneFactorOn(auth: Auth, db: Db, userId: string): Promise<void> {
  const [phone] = await db
    .select({ userId: authPhoneFactors.userId })
    .from(authPhoneFactors)
    .where(eq(authPhoneFactors.userId, userId));
  if (phone) await (await auth.$context).internalAdapter.updateUser(userId, { twoFactorEnabled: true });
}

function parse<T extends object>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.map(String), message: i.message }));
    throw new AppError("VALIDATION_ERROR", issues[0]?.message ?? "Invalid request", { issues });
  }
  return parsed.data;
}

// SPEC §8 tells a newcomer plainly that the address is taken ('Account exists'), so sign-up
// answers that instead of better-auth's silent success; the rate limits above keep this
// from becoming a cheap way to test addresses.
async function refuseExistingEmail(db: Db, email: string): Promise<void> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  if (existing) throw new AppError("USER_ALREADY_EXISTS", messages.toasts.accountExistsBody);
}

function toFetchRequest(request: FastifyRequest, checkedBody: object | undefined): Request {
  const url = new URL(request.url, `http://${request.headers.host ?? "localhost"}`);
  const hasBody = request.method !== "GET" && request.method !== "HEAD" && request.body !== undefined;
  const headers = fromNodeHeaders(request.headers);
  headers.delete("content-length");
  return new Request(url, {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(checkedBody ?? request.body) : undefined,
  });
}
