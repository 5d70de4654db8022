import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../shared/domain/messages.js";
import { cookiesFrom, createTestApp, signUpVerified, type TestApp } from "../../test/harness.js";
import { firstLink } from "../../test/smtp-peer.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const signIn = (email: string, password: string) =>
  t.request({ method: "POST", url: "/api/auth/sign-in/email", payload: { email, password } });

describe("sign up and confirmation", () => {
  it("mails a confirmation link that signs the person in and leads to /onboarding", async () => {
    const response = await t.request({
      method: "POST",
      url: "/api/auth/sign-up/email",
      payload: {
        name: "Maya Chen",
        email: "maya@example.com",
        password: "dinkdinkdink",
        callbackURL: "/onboarding",
      },
    });
    expect(response.statusCode).toBe(200);
    // No session until the address is confirmed.
    expect(cookiesFrom(response)).not.toContain("session_token");

    const mail = await t.smtp.waitForMail("maya@example.com", /Confirm your Courtside account/);
    const link = new URL(firstLink(mail));
    expect(link.origin).toBe("http://localhost:3000");
    const verify = await t.request({ method: "GET", url: `${link.pathname}${link.search}` });
    expect(verify.statusCode).toBe(302);
    expect(verify.headers.location).toBe("/onboarding");
    const cookie = cookiesFrom(verify);
    const session = verify.cookies.find((c) => c.name.endsWith("session_token"));
    expect(session?.httpOnly).toBe(true);
    expect(String(session?.sameSite).toLowerCase()).toBe("lax");

    const me = await t.request({ method: "GET", url: "/api/me", cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user: { email: "maya@example.com", fullName: "Maya Chen" },
      organizations: [],
    });
    // The client asks /api/session: the same answer, and null (not a 401) for a visitor.
    const session_ = await t.request({ method: "GET", url: "/api/session", cookie });
    expect(session_.json()).toEqual({ me: me.json() });
    const visitor = await t.request({ method: "GET", url: "/api/session" });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({ me: null });
  });

  it("refuses to sign in before the address is confirmed", async () => {
    await t.request({
      method: "POST",
      url: "/api/auth/sign-up/email",
      payload: { name: "Unconfirmed", email: "later@example.com", password: "dinkdinkdink" },
    });
    const response = await signIn("later@example.com", "dinkdinkdink");
    expect(response.statusCode).toBe(403);
    expect(cookiesFrom(response)).not.toContain("session_token");
  });

  it("sends a new confirmation link on request, the same answer for an address with no account", async () => {
    await t.request({
      method: "POST",
      url: "/api/auth/sign-up/email",
      payload: { name: "Lost Link", email: "lostlink@example.com", password: "dinkdinkdink" },
    });
    const refused = await signIn("lostlink@example.com", "dinkdinkdink");
    expect(refused.json().code).toBe("EMAIL_NOT_VERIFIED");
    const resend = (email: string) =>
      t.request({
        method: "POST",
        url: "/api/auth/send-verification-email",
        payload: { email, callbackURL: "/onboarding" },
      });
    const known = await resend("lostlink@example.com");
    const unknown = await resend("never-signed-up@example.com");
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(unknown.body).toBe(known.body);
    // The first link, then the new one, which works: it signs the person in.
    await t.smtp.waitForMail("lostlink@example.com", /Confirm your Courtside account/);
    const fresh = await t.smtp.waitForMail("lostlink@example.com", /Confirm your Courtside account/);
    await expect(t.smtp.waitForMail("never-signed-up@example.com", /Confirm/, 1500)).rejects.toThrow(
      /No mail/,
    );
    const link = new URL(firstLink(fresh));
    const verify = await t.request({ method: "GET", url: `${link.pathname}${link.search}` });
    expect(verify.statusCode).toBe(302);
    expect(cookiesFrom(verify)).toContain("session_token");
  });

  it("tells a newcomer the address is already registered", async () => {
    await signUpVerified(t, { email: "taken@example.com" });
    const response = await t.request({
      method: "POST",
      url: "/api/auth/sign-up/email",
      payload: { name: "Someone Else", email: "taken@example.com", password: "anotherpassword" },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toEqual({
      code: "USER_ALREADY_EXISTS",
      message: messages.toasts.accountExistsBody,
    });
  });

  it("checks the sign-up fields with the spec's messages", async () => {
    const response = await t.request({
      method: "POST",
      url: "/api/auth/sign-up/email",
      payload: { name: "A", email: "not-an-email", password: "short" },
    });
    expect(response.statusCode).toBe(400);
    const issues = response.json().error.issues.map((i: { message: string }) => i.message);
    expect(issues).toEqual(
      expect.arrayContaining([
        messages.validation.nameTooShort,
        messages.validation.emailInvalid,
        messages.validation.passwordTooShort,
      ]),
    );
  });

  it("accepts a long passphrase of 64+ characters", async () => {
    const password = "the quick brown fox jumps over the lazy dog at the kitchen line, then dinks it back!";
    expect(password.length).toBeGreaterThanOrEqual(64);
    await signUpVerified(t, { email: "long@example.com", password });
    const response = await signIn("long@example.com", password);
    expect(response.statusCode).toBe(200);
  });
});

describe("sessions", () => {
  it("signs in with the right password only, and signing out ends the session on the server", async () => {
    await signUpVerified(t, { email: "sam@example.com", password: "thirdshotdrop" });
    expect((await signIn("sam@example.com", "wrong-password")).statusCode).toBe(401);

    const ok = await signIn("sam@example.com", "thirdshotdrop");
    expect(ok.statusCode).toBe(200);
    const cookie = cookiesFrom(ok);
    expect((await t.request({ method: "GET", url: "/api/me", cookie })).statusCode).toBe(200);

    const out = await t.request({ method: "POST", url: "/api/auth/sign-out", cookie, payload: {} });
    expect(out.statusCode).toBe(200);
    // The old cookie no longer opens anything, even if a client kept it.
    const after = await t.request({ method: "GET", url: "/api/me", cookie });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe("UNAUTHORIZED");
  });
});

describe("password reset", () => {
  it("mails a single-use link back to /auth that sets a new password", async () => {
    await signUpVerified(t, { email: "reset@example.com", password: "old-password-1" });
    const request = await t.request({
      method: "POST",
      url: "/api/auth/request-password-reset",
      payload: { email: "reset@example.com", redirectTo: "/auth" },
    });
    expect(request.statusCode).toBe(200);

    const mail = await t.smtp.waitForMail("reset@example.com", /Reset your Courtside password/);
    const link = new URL(firstLink(mail));
    // The link's return address must be a path on this site: another one, or one better-auth
    // cannot even read as a URL, is refused before the token is looked at.
    for (const callbackURL of ["/\\", "//evil.example", "https://evil.example/"]) {
      const elsewhere = await t.request({ method: "GET", url: link.pathname, query: { callbackURL } });
      expect(elsewhere.statusCode, callbackURL).toBe(400);
    }
    const landing = await t.request({ method: "GET", url: `${link.pathname}${link.search}` });
    expect(landing.statusCode).toBe(302);
    const target = new URL(String(landing.headers.location), "http://localhost:3000");
    expect(target.pathname).toBe("/auth");
    const token = target.searchParams.get("token");
    expect(token).toBeTruthy();

    const reset = await t.request({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, newPassword: "new-password-2" },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn("reset@example.com", "old-password-1")).statusCode).toBe(401);
    expect((await signIn("reset@example.com", "new-password-2")).statusCode).toBe(200);

    const reused = await t.request({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, newPassword: "new-password-3" },
    });
    expect(reused.statusCode).toBe(400);
    expect((await signIn("reset@example.com", "new-password-3")).statusCode).toBe(401);
  });

  it("answers the same for an unknown address, and sends nothing", async () => {
    const response = await t.request({
      method: "POST",
      url: "/api/auth/request-password-reset",
      payload: { email: "nobody@example.com", redirectTo: "/auth" },
    });
    expect(response.statusCode).toBe(200);
    await expect(t.smtp.waitForMail("nobody@example.com", /Reset/, 1500)).rejects.toThrow(/No mail/);
  });
});
