// Mounts better-auth under /api/auth. Before it sees a request, the bodies of the account
// forms are checked with the shared schemas and the rate limits are counted.
//
// The limits of each form are in guards.ts; what a request sets off afterwards, in after-auth.ts.
//
// Only exact, canonical paths reach better-auth: its router ignores empty segments and the
// URL parser resolves dots, so "/api/auth//sign-in/email" or "/api/auth/x/../sign-in/email"
// would otherwise reach an endpoint without meeting its guard.
import { fromNodeHeaders } from "better-auth/node";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import {
  confirmBrowserQuery,
  resetLinkQuery,
  signInBody,
  verifyEmailQuery,
} from "../../../shared/contracts/auth.js";
import { messages } from "../../../shared/domain/messages.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/database.js";
import { users } from "../../db/schema/auth.js";
import { AppError } from "../errors/app-error.js";
import type { Jobs } from "../jobs/jobs.js";
import { forgetEndedSessions, keepPhoneFactorOn, withOwnMethods } from "./after-auth.js";
import type { Auth } from "./auth.js";
import { type AuthFailure, authFailure } from "./auth-failure.js";
import { currentUser } from "./current-user.js";
import { guards, SIGN_IN, signInLimits } from "./guards.js";
import { knownDeviceCookie, knownDeviceId } from "./known-device.js";
import {
  CONFIRM_BROWSER_PATH,
  emailOfConfirmBrowserToken,
  guardedSignIn,
  newBrowsersLimit,
} from "./new-browser.js";
import { addressKey, clear, consume, type Limit, overLimit, release, siteKey } from "./rate-limit.js";

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
  deps: {
    auth: Auth;
    db: Db;
    jobs: Jobs;
    now: () => Date;
    config: Pick<Config, "sessionSecret" | "appUrl" | "signUpsPerAddress">;
  },
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
        await consume(
          db,
          guard.limits({ ip, email, userId: user?.id, signUpsPerAddress: config.signUpsPerAddress }),
        );
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

function parse<T extends object>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.map(String), message: i.message }));
    throw new AppError("VALIDATION_ERROR", issues[0]?.message ?? "Invalid request", { issues });
  }
  return parsed.data;
}

// A newcomer is told plainly that the address is taken ('Account exists'), so sign-up
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
