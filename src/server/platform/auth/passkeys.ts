// Passkeys (WebAuthn), as a better-auth plugin of our own: its sessions and cookies are
// better-auth's, the ceremony is @simplewebauthn/server's. (better-auth's own passkey package
// pins older versions of better-auth's internals than the better-auth we run, and would not
// install without forcing peer dependencies.)
//
//   POST /passkey/register-options   signed in: options for the browser to make a credential
//   POST /passkey/register           signed in: the browser's answer, checked and kept
//   POST /passkey/sign-in-options    anyone: a challenge, bound to this browser by a cookie
//   POST /passkey/sign-in            anyone: the signed challenge starts a session
//
// Each challenge is single-use and lives five minutes. The relying party is APP_URL's host, and
// only APP_URL's origin is accepted, so a credential made here cannot be replayed elsewhere.
// The device must verify its user (fingerprint, face or PIN): a passkey stands in for the
// password and the second factor together, so a key that only detects a touch is not enough.
import { randomUUID } from "node:crypto";
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, sessionMiddleware } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { friendlyNameBody } from "../../../shared/contracts/auth.js";
import type { Db } from "../../db/database.js";
import { authPasskeys } from "../../db/schema/auth.js";

const CHALLENGE_SECONDS = 5 * 60;
const CHALLENGE_COOKIE = "passkey_challenge";

type Challenge = { challenge: string; userId?: string };

export function passkeys(deps: { db: Db; appUrl: string; rpName: string }): BetterAuthPlugin {
  const { db } = deps;
  const origin = new URL(deps.appUrl).origin;
  const rpID = new URL(deps.appUrl).hostname;
  const expiresAt = () => new Date(Date.now() + CHALLENGE_SECONDS * 1000);
  const refuse = (message: string) => APIError.from("BAD_REQUEST", { code: "PASSKEY_REFUSED", message });

  return {
    id: "courtside-passkeys",
    endpoints: {
      passkeyRegisterOptions: createAuthEndpoint(
        "/passkey/register-options",
        { method: "POST", use: [sessionMiddleware] },
        async (ctx) => {
          const { user } = ctx.context.session;
          const existing = await db
            .select({ credentialId: authPasskeys.credentialId, transports: authPasskeys.transports })
            .from(authPasskeys)
            .where(eq(authPasskeys.userId, user.id));
          const options = await generateRegistrationOptions({
            rpName: deps.rpName,
            rpID,
            userName: user.email,
            userDisplayName: user.name,
            userID: new TextEncoder().encode(user.id),
            attestationType: "none",
            // The same authenticator twice would be two names for one key.
            excludeCredentials: existing.map((c) => ({
              id: c.credentialId,
              transports: c.transports as AuthenticatorTransport[],
            })),
            authenticatorSelection: { residentKey: "required", userVerification: "required" },
          });
          // One pending registration per account: a newer one replaces it.
          const identifier = `passkey-register:${user.id}`;
          await ctx.context.internalAdapter.deleteVerificationByIdentifier(identifier);
          await ctx.context.internalAdapter.createVerificationValue({
            identifier,
            value: JSON.stringify({ challenge: options.challenge, userId: user.id } satisfies Challenge),
            expiresAt: expiresAt(),
          });
          return ctx.json(options);
        },
      ),

      passkeyRegister: createAuthEndpoint(
        "/passkey/register",
        {
          method: "POST",
          use: [sessionMiddleware],
          body: z.object({
            response: z.looseObject({ id: z.string() }),
            friendlyName: friendlyNameBody.shape.friendlyName,
          }),
        },
        async (ctx) => {
          const { user } = ctx.context.session;
          const pending = await ctx.context.internalAdapter.consumeVerificationValue(
            `passkey-register:${user.id}`,
          );
          if (!pending) throw refuse("Start adding the passkey again: its request has expired.");
          const { challenge } = JSON.parse(pending.value) as Challenge;
          const verification = await verifyRegistrationResponse({
            response: ctx.body.response as unknown as RegistrationResponseJSON,
            expectedChallenge: challenge,
            expectedOrigin: origin,
            expectedRPID: rpID,
            requireUserVerification: true,
          }).catch(() => null);
          if (!verification?.verified || !verification.registrationInfo)
            throw refuse("This passkey could not be verified.");
          const { credential, credentialBackedUp } = verification.registrationInfo;
          const inserted = await db
            .insert(authPasskeys)
            .values({
              id: randomUUID(),
              userId: user.id,
              credentialId: credential.id,
              publicKey: Buffer.from(credential.publicKey).toString("base64url"),
              counter: credential.counter,
              transports: credential.transports ?? [],
              backedUp: credentialBackedUp,
              friendlyName: ctx.body.friendlyName,
            })
            .onConflictDoNothing({ target: authPasskeys.credentialId })
            .returning({ id: authPasskeys.id });
          if (inserted.length === 0) throw refuse("This passkey is already registered.");
          return ctx.json({ id: inserted[0]!.id });
        },
      ),

      passkeySignInOptions: createAuthEndpoint(
        "/passkey/sign-in-options",
        { method: "POST" },
        async (ctx) => {
          // No user is named: the browser offers the passkeys it holds for this site.
          const options = await generateAuthenticationOptions({ rpID, userVerification: "required" });
          const id = randomUUID();
          await ctx.context.internalAdapter.createVerificationValue({
            identifier: `passkey-sign-in:${id}`,
            value: JSON.stringify({ challenge: options.challenge } satisfies Challenge),
            expiresAt: expiresAt(),
          });
          // The challenge belongs to the browser that asked for it.
          const cookie = ctx.context.createAuthCookie(CHALLENGE_COOKIE, { maxAge: CHALLENGE_SECONDS });
          await ctx.setSignedCookie(cookie.name, id, ctx.context.secret, cookie.attributes);
          return ctx.json(options);
        },
      ),

      passkeySignIn: createAuthEndpoint(
        "/passkey/sign-in",
        { method: "POST", body: z.object({ response: z.looseObject({ id: z.string() }) }) },
        async (ctx) => {
          const cookie = ctx.context.createAuthCookie(CHALLENGE_COOKIE, { maxAge: CHALLENGE_SECONDS });
          const id = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
          const pending = id
            ? await ctx.context.internalAdapter.consumeVerificationValue(`passkey-sign-in:${id}`)
            : null;
          if (!pending) throw refuse("Start signing in with your passkey again: its request has expired.");
          ctx.setCookie(cookie.name, "", { ...cookie.attributes, maxAge: 0 });
          const { challenge } = JSON.parse(pending.value) as Challenge;
          const response = ctx.body.response as unknown as AuthenticationResponseJSON;
          const [stored] = await db
            .select()
            .from(authPasskeys)
            .where(eq(authPasskeys.credentialId, response.id));
          if (!stored)
            throw APIError.from("UNAUTHORIZED", {
              code: "PASSKEY_UNKNOWN",
              message: "This passkey is not registered here.",
            });
          const verification = await verifyAuthenticationResponse({
            response,
            expectedChallenge: challenge,
            expectedOrigin: origin,
            expectedRPID: rpID,
            requireUserVerification: true,
            credential: {
              id: stored.credentialId,
              publicKey: new Uint8Array(Buffer.from(stored.publicKey, "base64url")),
              counter: stored.counter,
              transports: stored.transports as AuthenticatorTransport[],
            },
          }).catch(() => null);
          if (!verification?.verified)
            throw APIError.from("UNAUTHORIZED", {
              code: "PASSKEY_REFUSED",
              message: "This passkey could not be verified.",
            });
          await db
            .update(authPasskeys)
            .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date() })
            .where(and(eq(authPasskeys.id, stored.id), eq(authPasskeys.userId, stored.userId)));
          const user = await ctx.context.internalAdapter.findUserById(stored.userId);
          if (!user)
            throw APIError.from("UNAUTHORIZED", {
              code: "PASSKEY_UNKNOWN",
              message: "This passkey is not registered here.",
            });
          const session = await ctx.context.internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ ok: true });
        },
      ),
    },
  };
}
