// The rate limits and body schemas better-auth's forms are guarded with, by path.
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
import type { z } from "zod";
import { authEndpoints as auth } from "../../../shared/contracts/auth-endpoints.js";
import type { Limit } from "./rate-limit.js";

export const MINUTE = 60;
export const HOUR = 60 * MINUTE;

export type Caller = {
  ip: string;
  email: string | undefined;
  userId: string | undefined;
  /** The operator's limit on accounts opened from one address (SIGN_UPS_PER_ADDRESS). */
  signUpsPerAddress: number;
};
export type Guard = {
  schema: z.ZodType<object>;
  /** The limits are per signed-in account: the caller must be signed in. */
  signedIn?: boolean;
  limits: (caller: Caller) => Limit[];
};

export const limit = (key: string, max: number, windowSeconds = 15 * MINUTE): Limit => ({
  key,
  max,
  windowSeconds,
});
const perAccount = (name: string, email: string | undefined, max: number, windowSeconds?: number) =>
  email ? [limit(`${name}:email:${email.toLowerCase()}`, max, windowSeconds)] : [];

// A club's sign-up night puts a whole room behind one Wi-Fi address: the address limit only
// has to stop mass account creation (60 by default, the operator's SIGN_UPS_PER_ADDRESS); each
// address's own limit stops mail-bombing a person.
export const guards: Record<string, Guard> = {
  [auth.signUp.path]: {
    schema: auth.signUp.body,
    limits: ({ ip, email, signUpsPerAddress }) => [
      limit(`sign-up:ip:${ip}`, signUpsPerAddress),
      ...perAccount("sign-up", email, 5),
    ],
  },
  [auth.requestReset.path]: {
    schema: auth.requestReset.body,
    limits: ({ ip, email }) => [limit(`reset:ip:${ip}`, 20), ...perAccount("reset", email, 5)],
  },
  [auth.resetPassword.path]: {
    schema: auth.resetPassword.body,
    limits: ({ ip }) => [limit(`reset-password:ip:${ip}`, 20)],
  },
  [auth.resendConfirmation.path]: {
    schema: auth.resendConfirmation.body,
    limits: ({ ip, email }) => [
      limit(`verify-mail:ip:${ip}`, 10, HOUR),
      ...perAccount("verify-mail", email, 3, HOUR),
    ],
  },
  // Sign out everywhere: every session of the account ends, this one too.
  [auth.revokeSessions.path]: {
    schema: auth.revokeSessions.body,
    signedIn: true,
    limits: ({ ip, userId }) => [
      limit(`revoke-sessions:ip:${ip}`, 20),
      limit(`revoke-sessions:user:${userId}`, 10),
    ],
  },
  [auth.changePassword.path]: {
    schema: auth.changePassword.body,
    signedIn: true,
    limits: ({ ip, userId }) => [
      limit(`change-password:ip:${ip}`, 20),
      limit(`change-password:user:${userId}`, 5),
    ],
  },
  // The second factor. Turning it on or off and renewing the backup codes need the password
  // and a session; the codes are tried either while enrolling (signed in) or while signing in
  // (the pending two-factor cookie). better-auth also locks the factor after repeated misses.
  [auth.enableTotp.path]: {
    schema: auth.enableTotp.body,
    signedIn: true,
    limits: ({ ip, userId }) => [limit(`2fa-enable:ip:${ip}`, 20), limit(`2fa-enable:user:${userId}`, 10)],
  },
  [auth.disableTotp.path]: {
    schema: auth.disableTotp.body,
    signedIn: true,
    limits: ({ ip, userId }) => [limit(`2fa-disable:ip:${ip}`, 20), limit(`2fa-disable:user:${userId}`, 10)],
  },
  [auth.renewBackupCodes.path]: {
    schema: auth.renewBackupCodes.body,
    signedIn: true,
    limits: ({ ip, userId }) => [limit(`2fa-codes:ip:${ip}`, 20), limit(`2fa-codes:user:${userId}`, 10)],
  },
  [auth.verifyTotp.path]: {
    schema: auth.verifyTotp.body,
    limits: ({ ip }) => [limit(`2fa-verify:ip:${ip}`, 30)],
  },
  // Passkeys: adding one needs a session; signing in with one is counted per address.
  [auth.passkeyRegisterOptions.path]: {
    schema: auth.passkeyRegisterOptions.body,
    signedIn: true,
    limits: ({ ip, userId }) => [limit(`passkey-add:ip:${ip}`, 30), limit(`passkey-add:user:${userId}`, 20)],
  },
  [auth.passkeyRegister.path]: {
    schema: auth.passkeyRegister.body,
    signedIn: true,
    limits: ({ ip, userId }) => [limit(`passkey-add:ip:${ip}`, 30), limit(`passkey-add:user:${userId}`, 20)],
  },
  [auth.passkeySignInOptions.path]: {
    schema: auth.passkeySignInOptions.body,
    limits: ({ ip }) => [limit(`passkey-sign-in:ip:${ip}`, 60)],
  },
  [auth.passkeySignIn.path]: {
    schema: auth.passkeySignIn.body,
    limits: ({ ip }) => [limit(`passkey-sign-in:ip:${ip}`, 60)],
  },
  // A texted code (the phone factor): each text costs and reaches a phone, so few per address.
  [auth.sendTextCode.path]: {
    schema: auth.sendTextCode.body,
    limits: ({ ip }) => [limit(`2fa-text:ip:${ip}`, 10)],
  },
  [auth.verifyTextCode.path]: {
    schema: auth.verifyTextCode.body,
    limits: ({ ip }) => [limit(`2fa-verify:ip:${ip}`, 30)],
  },
  [auth.verifyBackupCode.path]: {
    schema: auth.verifyBackupCode.body,
    limits: ({ ip }) => [limit(`2fa-verify:ip:${ip}`, 30)],
  },
};

export const SIGN_IN = auth.signIn.path;
export const signInLimits = (
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
