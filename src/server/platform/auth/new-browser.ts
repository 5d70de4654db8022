// Sign-in from a new browser while strangers guess the account's password (decision 013).
//
// Guesses spread over many addresses fill the account's "new browsers" bucket. Refusing every
// new browser then would let anyone lock the owner out of any browser but her own, so once
// the bucket is full a new browser is asked to prove the mailbox instead: whatever password
// it sent, the answer is the same (no oracle for the guesser); when the password was right,
// a link is mailed that marks this browser as known for the account. Signing in from a known
// browser then counts in that browser's own bucket, and the second factor still applies.
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { messages } from "../../../shared/domain/messages.js";
import type { Db } from "../../db/database.js";
import { authAccounts, users } from "../../db/schema/auth.js";
import { AppError } from "../errors/app-error.js";
import type { Jobs } from "../jobs/jobs.js";
import { confirmBrowserEmail } from "../mail/templates.js";
import type { Auth } from "./auth.js";
import { type Limit, overLimit } from "./rate-limit.js";

export const CONFIRM_BROWSER_PATH = "/api/auth/confirm-browser";
const LINK_LIFETIME_SECONDS = 30 * 60;
const HOUR = 3600;

/** Failed sign-ins from browsers new to the account, from any address, before it is guarded. */
export const newBrowsersLimit = (email: string): Limit => ({
  key: `sign-in:new-devices:${email.toLowerCase()}`,
  max: 20,
  windowSeconds: HOUR,
});
// A right password mails a link; a few an hour are plenty for a person, and bound the mail.
const linksMailedLimit = (email: string): Limit => ({
  key: `confirm-browser:mail:${email.toLowerCase()}`,
  max: 3,
  windowSeconds: HOUR,
});

const mac = (secret: string, email: string, expires: number) =>
  createHmac("sha256", secret)
    .update(`confirm-browser:${email.toLowerCase()}:${expires}`)
    .digest("base64url");

/** A link token for `email`, valid for half an hour: `<email, base64url>.<expires>.<mac>`. */
export function confirmBrowserToken(secret: string, email: string, nowMs: number): string {
  const expires = Math.floor(nowMs / 1000) + LINK_LIFETIME_SECONDS;
  return `${Buffer.from(email.toLowerCase()).toString("base64url")}.${expires}.${mac(secret, email, expires)}`;
}

/** The account's email when `token` is one of ours and has not expired. */
export function emailOfConfirmBrowserToken(secret: string, token: string, nowMs: number): string | undefined {
  const [encodedEmail, expiresText, signature] = token.split(".");
  if (!encodedEmail || !expiresText || !signature || !/^\d{1,12}$/.test(expiresText)) return undefined;
  const email = Buffer.from(encodedEmail, "base64url").toString("utf8");
  const expires = Number(expiresText);
  const expected = Buffer.from(mac(secret, email, expires));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return expires * 1000 > nowMs ? email : undefined;
}

/** The one answer a guarded account gives a new browser, right password or wrong. */
export const confirmBrowserFirst = () => new AppError("CONFIRM_NEW_BROWSER", messages.confirmNewBrowser);

/**
 * Checks the password as better-auth stores it and, when it is right, mails the link. Always
 * ends in the same refusal: the caller learns nothing about the password from it.
 */
export async function guardedSignIn(
  deps: {
    auth: Auth;
    db: Db;
    jobs: Jobs;
    secret: string;
    appUrl: string;
    now: () => Date;
    log: Pick<FastifyBaseLogger, "warn">;
  },
  email: string,
  password: string,
): Promise<never> {
  const { auth, db } = deps;
  const [account] = await db
    .select({ name: users.name, email: users.email, hash: authAccounts.password })
    .from(users)
    .innerJoin(
      authAccounts,
      and(eq(authAccounts.userId, users.id), eq(authAccounts.providerId, "credential")),
    )
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  const context = await auth.$context;
  // The same work for an unknown address as for a known one, so the answer's time tells nothing.
  const hash = account?.hash ?? (await unknownAccountHash(auth));
  const right = await context.password.verify({ hash, password });
  if (account && right) {
    // Mailed after the answer, not before it: the extra statements, or their failure, would
    // otherwise tell a right password from a wrong one by time or by status.
    const mailed = async () => {
      if (await overLimit(db, linksMailedLimit(email))) return;
      const token = confirmBrowserToken(deps.secret, account.email, deps.now().getTime());
      const url = `${deps.appUrl}${CONFIRM_BROWSER_PATH}?token=${encodeURIComponent(token)}`;
      await deps.jobs.sendEmail(confirmBrowserEmail(account.email, account.name, url));
    };
    setImmediate(() => {
      mailed().catch((error) => deps.log.warn({ err: error }, "could not mail a browser confirmation link"));
    });
  }
  throw confirmBrowserFirst();
}

let dummyHash: Promise<string> | undefined;
function unknownAccountHash(auth: Auth): Promise<string> {
  dummyHash ??= auth.$context.then((context) => context.password.hash("no account has this password"));
  return dummyHash;
}
