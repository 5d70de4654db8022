// Identity through better-auth: email and password with confirmation and reset by mail,
// database sessions in HttpOnly SameSite cookies, renewed while in use.
//
// Passwords are hashed with better-auth's scrypt (N=16384, r=16, p=1, 64-byte key, 16-byte
// random salt per password); see docs/decisions/002-accounts.md.
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins/two-factor";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../../shared/contracts/auth.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/database.js";
import {
  authAccounts,
  authPhoneFactors,
  authSessions,
  authTwoFactors,
  authVerifications,
  users,
} from "../../db/schema/auth.js";
import { databaseUnavailable } from "../errors/error-handler.js";
import type { Jobs } from "../jobs/jobs.js";
import { resetPasswordEmail, verificationEmail } from "../mail/templates.js";
import type { SmsSender } from "../sms/sms.js";
import { authFailure } from "./auth-failure.js";
import { passkeys } from "./passkeys.js";
import { consume } from "./rate-limit.js";
import { TOTP, totpReplayGuard } from "./totp-replay.js";

export const SESSION_DAYS = 14;
export const TOTP_ISSUER = "Courtside";
export const BACKUP_CODES = 10;
export const TEXT_CODE_MINUTES = 5;
export const signInCodeText = (code: string) =>
  `${code} is your Courtside code. It expires in ${TEXT_CODE_MINUTES} minutes. Do not share it.`;

// better-auth's words, logged at error level, for a request it refuses with 403: another site's
// origin, a callback address it does not trust, a login form posted from another site.
const REFUSED_REQUEST =
  /^(Invalid (origin|callbackURL|redirectURL|errorCallbackURL|newUserCallbackURL)\b|Blocked cross-site navigation)/;

export function createAuth(deps: {
  db: Db;
  config: Config;
  jobs: Jobs;
  log: FastifyBaseLogger;
  /** Text messages: the phone factor's codes. */
  sms: SmsSender;
  extraTrustedOrigins?: string[];
  /** What the app keeps beside a new account (its profile): given by the composition root. */
  onUserCreated?: (user: { id: string; name: string }) => Promise<void>;
}) {
  const { db, config, jobs, log } = deps;
  return betterAuth({
    appName: "Courtside",
    // better-auth's notices (an unknown address asking for a reset, say) go to our log; its
    // extra arguments can hold SQL parameters (session tokens), so only errors among them are
    // kept, through the redacting error serializer. While it handles one of our requests, an
    // error it logs is the route's to answer (503 for an outage) and to log once.
    logger: {
      log: (level, message, ...args) => {
        const error = args.find((arg) => arg instanceof Error);
        const failure = authFailure.getStore();
        if (error && level === "error" && failure) {
          failure.error ??= error;
          return;
        }
        // The database away is a passing condition, and a refused request the caller's mistake,
        // not bugs: warn, as our own handler does. Error lines page someone.
        const passing = databaseUnavailable(error) || REFUSED_REQUEST.test(String(message));
        const at = level === "error" && passing ? "warn" : level;
        log[at](error ? { err: error } : {}, `auth: ${message}`);
      },
    },
    // Its errors are thrown to our route, never printed by its router: better-call writes an
    // error it cannot answer to the console whole, SQL parameters (session tokens) included.
    onAPIError: { throw: true },
    baseURL: config.appUrl,
    basePath: "/api/auth",
    secret: config.sessionSecret,
    trustedOrigins: [...config.ownOrigins, ...(deps.extraTrustedOrigins ?? [])],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { users, authSessions, authAccounts, authVerifications, authTwoFactors },
    }),
    user: { modelName: "users" },
    session: {
      modelName: "authSessions",
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      // A session used at least once a day keeps renewing itself.
      updateAge: 24 * 60 * 60,
    },
    account: { modelName: "authAccounts" },
    verification: { modelName: "authVerifications" },
    // Our own limiter counts per address and per account in PostgreSQL (rate-limit.ts).
    rateLimit: { enabled: false },
    advanced: {
      // better-auth skips its origin and callback checks when NODE_ENV is "test": the tests
      // run the checks production runs.
      disableOriginCheck: false,
      useSecureCookies: config.appUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await jobs.sendEmail(resetPasswordEmail(user.email, user.name, url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        await jobs.sendEmail(verificationEmail(user.email, user.name, url));
      },
    },
    plugins: [
      // A second factor: an authenticator app (TOTP, 6 digits, 30 s) and 10 single-use backup
      // codes. Sign-in with a password then answers { twoFactorRedirect: true } and a short
      // pending cookie, and the session starts only after a good code.
      twoFactor({
        issuer: TOTP_ISSUER,
        totpOptions: { digits: TOTP.digits, period: TOTP.periodSeconds },
        schema: { twoFactor: { modelName: "authTwoFactors" } },
        backupCodeOptions: { amount: BACKUP_CODES, storeBackupCodes: "encrypted" },
        // The phone factor: a code by text message to the number the person confirmed
        // (features/account/phone-factor.ts); offered only where texts can be sent.
        ...(deps.sms.kind === "none"
          ? {}
          : {
              otpOptions: {
                period: TEXT_CODE_MINUTES,
                storeOTP: "hashed" as const,
                sendOTP: async ({ user, otp }: { user: { id: string }; otp: string }) => {
                  const [factor] = await db
                    .select({ phone: authPhoneFactors.phone })
                    .from(authPhoneFactors)
                    .where(eq(authPhoneFactors.userId, user.id));
                  if (!factor) return;
                  // Someone with the password could otherwise text the phone without end.
                  await consume(db, [{ key: `2fa-text:user:${user.id}`, max: 5, windowSeconds: 15 * 60 }]);
                  await deps.sms.send(factor.phone, signInCodeText(otp));
                },
              },
            }),
      }),
      // Each app code opens once (platform/auth/totp-replay.ts).
      totpReplayGuard({ db }),
      // Passkeys: sign in with the phone's or laptop's own lock (platform/auth/passkeys.ts).
      passkeys({ db, appUrl: config.appUrl, rpName: "Courtside" }),
    ],
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await deps.onUserCreated?.(user);
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
