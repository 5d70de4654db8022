// Sign-in that strangers cannot block: 50 wrong passwords from 50 addresses beforehand, and the
// owner still gets in from a browser the account has never seen, by a mailed link, while the
// guessers learn nothing about the password from the answers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../shared/domain/messages.js";
import { makeUser, PASSWORD, type TestUser } from "../../test/factories.js";
import { cookiesFrom, createTestApp, type TestApp } from "../../test/harness.js";
import { firstLink } from "../../test/smtp-peer.js";
import { confirmBrowserToken } from "./new-browser.js";
import { siteKey } from "./rate-limit.js";

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUser(t, "owner@under-attack.example", "Olive Owner");
});
afterAll(() => t?.close());

const signIn = (password: string, remoteAddress: string, cookie?: string) =>
  t.request({
    method: "POST",
    url: "/api/auth/sign-in/email",
    payload: { email: owner.email, password },
    remoteAddress,
    ...(cookie ? { cookie } : {}),
  });

describe("an account under attack from many addresses", () => {
  it("lets the owner in from a new browser by a mailed link; the guessers learn nothing", async () => {
    // The owner's own browser, known from before the attack.
    const before = await signIn(PASSWORD, "127.0.9.250");
    expect(before.statusCode).toBe(200);
    const knownDevice = before.cookies.find((c) => c.name === "courtside_device")!;

    const answers = [];
    for (let i = 0; i < 50; i++) answers.push(await signIn(`wrong-guess-${i}`, `127.0.9.${i + 1}`));
    expect(answers.slice(0, 20).every((a) => a.statusCode === 401)).toBe(true);
    const guarded = answers.slice(20);
    expect(guarded.every((a) => a.statusCode === 403)).toBe(true);
    expect(guarded[0]!.json().error).toEqual({
      code: "CONFIRM_NEW_BROWSER",
      message: messages.confirmNewBrowser,
    });

    // The right password from a new browser gets the very answer a wrong one got...
    const right = await signIn(PASSWORD, "127.0.9.199");
    expect(right.statusCode).toBe(guarded[0]!.statusCode);
    expect(right.body).toBe(guarded[0]!.body);
    expect(right.cookies.some((c) => c.name.includes("session_token"))).toBe(false);
    // ...and a link in the owner's mailbox, which no wrong guess put there.
    const mail = await t.smtp.waitForMail(owner.email, /Confirm your new browser/);
    expect(t.smtp.inbox.filter((m) => m.to === owner.email)).toHaveLength(0);
    const link = new URL(firstLink(mail));
    const landing = await t.request({ method: "GET", url: `${link.pathname}${link.search}` });
    expect(landing.statusCode).toBe(302);
    expect(landing.headers.location).toBe("/auth?browser=confirmed");
    const confirmed = landing.cookies.find((c) => c.name === "courtside_device")!;
    expect(confirmed.httpOnly).toBe(true);

    // In that browser, the password now signs in, while the guessing goes on elsewhere.
    const inside = await signIn(PASSWORD, "127.0.9.199", `courtside_device=${confirmed.value}`);
    expect(inside.statusCode, inside.body).toBe(200);
    expect(cookiesFrom(inside)).toContain("session_token");
    expect((await signIn("still-guessing", "127.0.9.77")).statusCode).toBe(403);
    // The browser known from before never noticed the attack.
    expect((await signIn(PASSWORD, "127.0.9.251", `courtside_device=${knownDevice.value}`)).statusCode).toBe(
      200,
    );
  });

  it("refuses a forged, altered or expired link and marks no browser", async () => {
    const now = Date.now();
    const stale = confirmBrowserToken(t.deps.config.sessionSecret, owner.email, now - 31 * 60_000);
    const forged = confirmBrowserToken("another-secret-of-at-least-32-characters!", owner.email, now);
    const valid = confirmBrowserToken(t.deps.config.sessionSecret, owner.email, now);
    const altered = valid.replace(/^[^.]+/, Buffer.from("someone@else.example").toString("base64url"));
    for (const token of [stale, forged, altered, "x", "a.b.c"]) {
      const answer = await t.request({
        method: "GET",
        url: "/api/auth/confirm-browser",
        query: { token },
      });
      expect(answer.statusCode, token).toBe(302);
      expect(answer.headers.location).toBe("/auth?browser=expired");
      expect(answer.cookies).toHaveLength(0);
    }
    const missing = await t.request({ method: "GET", url: "/api/auth/confirm-browser" });
    expect(missing.statusCode).toBe(400);
  });

  it("counts IPv6 guessers per /48 too", () => {
    expect(siteKey("2001:db8:1234:5678::1")).toBe("2001:db8:1234::/48");
    expect(siteKey("2001:db8:1234:9999:abcd::2")).toBe("2001:db8:1234::/48");
    expect(siteKey("203.0.113.7")).toBeUndefined();
    expect(siteKey("::ffff:203.0.113.7")).toBeUndefined();
  });
});
