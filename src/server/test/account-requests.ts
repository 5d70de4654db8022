// The requests the account tests make again and again: a POST with a cookie, a password
// sign-in, the person's factors, and an authenticator app turned on.
import { expect } from "vitest";
import { PASSWORD, type TestUser } from "./factories.js";
import { cookiesFrom, type TestApp } from "./harness.js";
import { secretOf, totpCode } from "./totp.js";

/** `app` is read at each call: test files create their app in beforeAll. */
export function accountRequests(app: () => TestApp) {
  const post = (url: string, payload: object, cookie?: string) =>
    app().request({ method: "POST", url, payload, ...(cookie ? { cookie } : {}) });
  return {
    post,
    signIn: (email: string) => post("/api/auth/sign-in/email", { email, password: PASSWORD }),
    /** GET /api/me/factors: { factors, phoneAvailable }. */
    factorList: async (cookie: string) =>
      (await app().request({ method: "GET", url: "/api/me/factors", cookie })).json(),
    hasSession: (cookie: string) => /session_token=[^;\s]+/.test(cookie),
    /** Turns on an authenticator app; better-auth replaces the session, so `user.cookie` is updated. */
    async enrolTotp(user: TestUser) {
      const enabled = await post("/api/auth/two-factor/enable", { password: PASSWORD }, user.cookie);
      expect(enabled.statusCode).toBe(200);
      const { totpURI, backupCodes } = enabled.json();
      const secret = secretOf(totpURI);
      const verified = await post(
        "/api/auth/two-factor/verify-totp",
        { code: totpCode(secret) },
        user.cookie,
      );
      expect(verified.statusCode).toBe(200);
      user.cookie = cookiesFrom(verified);
      return { secret, backupCodes: backupCodes as string[], totpURI: totpURI as string };
    },
  };
}
