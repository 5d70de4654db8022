// A code from an authenticator app opens once (RFC 6238 §5.2). better-auth's two-factor plugin
// accepts the code of the current time step or of the step either side (clocks drift) and
// keeps no record of what it accepted, so the same code, seen over a shoulder or sent twice,
// signed in again for up to a minute and a half. This plugin runs before better-auth's
// verify-totp, the one endpoint that checks an app's code (signing in, and the first code
// that confirms enrolment; turning the factor on or off takes the password): it finds the
// step the code belongs to and moves the factor's last used step forward to it in one
// conditional UPDATE. A step at or before the last used one is refused; of two requests racing
// with the same code, the row lock lets exactly one through.
//
// A refused code goes on to better-auth as a wrong one: the same "Invalid code" answer, and it
// counts toward the same attempt limit and lockout, so nothing tells that the code was right.
//
// The step is taken before better-auth finishes. If the request then fails anyway (a pending
// sign-in that expired, a locked account), that code is spent and the next, at most one step
// away, works: erring towards refusing keeps the check to one statement.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, getAuthoritativeSessionFromCtx } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { authTwoFactors } from "../../db/schema/auth.js";

/** The authenticator app's code: 6 digits for a 30 s step, as better-auth is configured. */
export const TOTP = { digits: 6, periodSeconds: 30 } as const;
// better-auth's verification window: one step either side of the current one.
const WINDOW = 1;
// better-auth's cookie for a sign-in that waits for its second factor.
const PENDING_SIGN_IN_COOKIE = "two_factor";
// Not six digits, so it is no step's code: better-auth refuses it as it refuses any wrong code.
const SPENT = "spent";

export function totpReplayGuard(deps: { db: Db }): BetterAuthPlugin {
  const { db } = deps;
  return {
    id: "courtside-totp-replay",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/two-factor/verify-totp",
          handler: createAuthMiddleware(async (ctx) => {
            const body = ctx.body as { code?: unknown } | undefined;
            if (typeof body?.code !== "string") return;
            const userId = await verifyingUser(ctx);
            if (!userId) return;
            const [factor] = await db
              .select({ id: authTwoFactors.id, secret: authTwoFactors.secret })
              .from(authTwoFactors)
              .where(eq(authTwoFactors.userId, userId));
            if (!factor) return;
            // Secrets are ours (made at enrolment), kept encrypted with the app's secret.
            const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: factor.secret });
            const step = stepOfCode(secret, body.code, Date.now());
            // A wrong code is better-auth's to refuse and count.
            if (step === undefined || (await takeStep(db, factor.id, step))) return;
            return { context: { body: { ...body, code: SPENT } } };
          }),
        },
      ],
    },
  };
}

/** Whose code it is, found as better-auth finds it: the session, else the pending sign-in. */
async function verifyingUser(ctx: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]) {
  const session = await getAuthoritativeSessionFromCtx(ctx);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie(PENDING_SIGN_IN_COOKIE);
  const pending = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!pending) return undefined;
  return (await ctx.context.internalAdapter.findVerificationValue(pending))?.value;
}

/** The time step, within better-auth's window around `now`, whose code `code` is. */
export function stepOfCode(secret: string, code: string, now: number): number | undefined {
  const current = Math.floor(now / 1000 / TOTP.periodSeconds);
  const given = Buffer.from(code);
  let found: number | undefined;
  // Every step is computed and compared in constant time, whichever matches.
  for (let step = current - WINDOW; step <= current + WINDOW; step++) {
    const expected = Buffer.from(hotp(secret, step));
    if (expected.length === given.length && timingSafeEqual(expected, given)) found ??= step;
  }
  return found;
}

// RFC 4226 §5.3: HMAC-SHA1 of the step counter, dynamically truncated. better-auth keys the
// HMAC with the secret's UTF-8 bytes.
function hotp(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac("sha1", Buffer.from(secret, "utf8")).update(counter).digest();
  const offset = (digest.at(-1) ?? 0) & 0x0f;
  const value = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 10 ** TOTP.digits).padStart(TOTP.digits, "0");
}

/** Moves the factor's last used step to `step` if it is later; false if it is not. */
async function takeStep(db: Db, factorId: string, step: number): Promise<boolean> {
  const taken = await db
    .update(authTwoFactors)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(authTwoFactors.id, factorId),
        or(isNull(authTwoFactors.lastUsedStep), lt(authTwoFactors.lastUsedStep, step)),
      ),
    )
    .returning({ id: authTwoFactors.id });
  return taken.length > 0;
}
