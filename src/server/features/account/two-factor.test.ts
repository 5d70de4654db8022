// The second factor: an authenticator app enrolled from Settings (password, then a first good
// code), sign-in that stops at the code, each code and each of ten backup codes working once, a
// name the person gives it, and removal with the password.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { messages } from "../../../shared/domain/messages.js";
import { accountRequests } from "../../test/account-requests.js";
import { makeUser, PASSWORD } from "../../test/factories.js";
import { cookiesFrom, createTestApp, type TestApp } from "../../test/harness.js";
import { nextTotpCode, secretOf, totpCode } from "../../test/totp.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { post, signIn, factorList, hasSession, enrolTotp: enrol } = accountRequests(() => t);
const factors = async (cookie: string) => (await factorList(cookie)).factors;
const meStatus = async (cookie: string) =>
  (await t.request({ method: "GET", url: "/api/me", cookie })).statusCode;

describe("enrolling an authenticator app", () => {
  it("asks for the password, then a first good code; until then sign-in does not ask for one", async () => {
    const user = await makeUser(t, "tess@factors.example", "Tess Totp");
    const wrong = await post("/api/auth/two-factor/enable", { password: "not-my-password" }, user.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(await factors(user.cookie)).toEqual([]);

    const enabled = await post("/api/auth/two-factor/enable", { password: PASSWORD }, user.cookie);
    expect(enabled.statusCode).toBe(200);
    const { totpURI, backupCodes } = enabled.json();
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Courtside:tess%40factors\.example\?/);
    expect(new URL(totpURI).searchParams.get("issuer")).toBe("Courtside");
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    expect(await factors(user.cookie)).toMatchObject([
      { factorType: "totp", status: "unverified", friendlyName: "Authenticator app", issuer: "Courtside" },
    ]);

    // Not yet verified: a password still signs in on its own.
    const before = await signIn(user.email);
    expect(before.json().twoFactorRedirect).toBeUndefined();
    expect(hasSession(cookiesFrom(before))).toBe(true);

    const secret = secretOf(totpURI);
    const badCode = await post(
      "/api/auth/two-factor/verify-totp",
      { code: "000000" === totpCode(secret) ? "111111" : "000000" },
      user.cookie,
    );
    expect(badCode.statusCode).toBe(401);
    const malformed = await post("/api/auth/two-factor/verify-totp", { code: "12ab" }, user.cookie);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe(messages.validation.totpCode);

    const verified = await post("/api/auth/two-factor/verify-totp", { code: totpCode(secret) }, user.cookie);
    expect(verified.statusCode).toBe(200);
    const cookie = cookiesFrom(verified);
    expect(await factors(cookie)).toMatchObject([{ status: "verified", backupCodesLeft: 10 }]);
  });

  it("better-auth receives only what our schema kept: a text-code 'method' sent along is dropped", async () => {
    const user = await makeUser(t, "otto@factors.example", "Otto Extra");
    // With no phone, turning on texted codes would leave the account no way to finish signing in.
    const enabled = await post(
      "/api/auth/two-factor/enable",
      { password: PASSWORD, method: "otp" },
      user.cookie,
    );
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().totpURI).toMatch(/^otpauth:/);
    const plain = await signIn(user.email);
    expect(plain.json().twoFactorRedirect).toBeUndefined();
    expect(hasSession(cookiesFrom(plain))).toBe(true);
  });

  it("needs a session and the person's own factor", async () => {
    const anonymous = await post("/api/auth/two-factor/enable", { password: PASSWORD });
    expect(anonymous.statusCode).toBe(401);
    const owner = await makeUser(t, "nina@factors.example", "Nina Named");
    const other = await makeUser(t, "oscar@factors.example", "Oscar Other");
    await enrol(owner);
    const [factor] = await factors(owner.cookie);
    const renamed = await t.request({
      method: "PUT",
      url: `/api/me/factors/${factor.id}`,
      cookie: owner.cookie,
      payload: { friendlyName: "Nina's phone" },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().factors).toMatchObject([{ id: factor.id, friendlyName: "Nina's phone" }]);
    const foreign = await t.request({
      method: "PUT",
      url: `/api/me/factors/${factor.id}`,
      cookie: other.cookie,
      payload: { friendlyName: "Mine now" },
    });
    expect(foreign.statusCode).toBe(404);
    const empty = await t.request({
      method: "PUT",
      url: `/api/me/factors/${factor.id}`,
      cookie: owner.cookie,
      payload: { friendlyName: "  " },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(messages.validation.friendlyNameLength);
    expect((await factors(owner.cookie))[0].friendlyName).toBe("Nina's phone");
  });
});

describe("signing in with a second factor", () => {
  it("stops at the code: the password alone opens nothing, the app's code does", async () => {
    const user = await makeUser(t, "sam@factors.example", "Sam Second");
    const { secret } = await enrol(user);

    const first = await signIn(user.email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ twoFactorRedirect: true });
    const pending = cookiesFrom(first);
    expect(hasSession(pending)).toBe(false);
    expect(await meStatus(pending)).toBe(401);

    const wrong = await post(
      "/api/auth/two-factor/verify-totp",
      { code: "999999" === totpCode(secret) ? "888888" : "999999" },
      pending,
    );
    expect(wrong.statusCode).toBe(401);
    expect(await meStatus(pending)).toBe(401);

    // Enrolment spent this step's code.
    const verified = await post("/api/auth/two-factor/verify-totp", { code: nextTotpCode(secret) }, pending);
    expect(verified.statusCode).toBe(200);
    const session = cookiesFrom(verified);
    expect(hasSession(session)).toBe(true);
    expect(await meStatus(session)).toBe(200);
  });

  it("takes each backup code once", async () => {
    const user = await makeUser(t, "bea@factors.example", "Bea Backup");
    const { backupCodes } = await enrol(user);
    const code = backupCodes[0]!;

    const first = cookiesFrom(await signIn(user.email));
    const used = await post("/api/auth/two-factor/verify-backup-code", { code }, first);
    expect(used.statusCode).toBe(200);
    const session = cookiesFrom(used);
    expect(await meStatus(session)).toBe(200);
    expect(await factors(session)).toMatchObject([{ backupCodesLeft: 9 }]);

    const second = cookiesFrom(await signIn(user.email));
    const again = await post("/api/auth/two-factor/verify-backup-code", { code }, second);
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expect(again.statusCode).toBeLessThan(500);
    expect(hasSession(cookiesFrom(again))).toBe(false);
    expect(await meStatus(second)).toBe(401);

    // Another, unused code still works.
    const other = await post("/api/auth/two-factor/verify-backup-code", { code: backupCodes[1] }, second);
    expect(other.statusCode).toBe(200);
  });

  it("a code without a pending sign-in opens nothing", async () => {
    const response = await post("/api/auth/two-factor/verify-totp", { code: "123456" });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(hasSession(cookiesFrom(response))).toBe(false);
  });
});

describe("each code from the app opens once (RFC 6238 §5.2)", () => {
  const STEP_MS = 30_000;
  // Only Date is faked: better-auth reads the time step from it, the sockets and timers run.
  const atStepStart = (step: number) => vi.setSystemTime(step * STEP_MS + 1_000);
  afterEach(() => {
    vi.useRealTimers();
  });
  const verify = (code: string, cookie: string) => post("/api/auth/two-factor/verify-totp", { code }, cookie);
  const pendingSignIn = async (email: string) => cookiesFrom(await signIn(email));

  it("a code that signed in once is refused as a wrong one is, and so is an earlier step's", async () => {
    const user = await makeUser(t, "rhea@factors.example", "Rhea Replay");
    const { secret } = await enrol(user);
    vi.useFakeTimers({ toFake: ["Date"] });
    // Two steps on from enrolment's: the step before this one is unused.
    const step = Math.floor(Date.now() / STEP_MS) + 2;
    atStepStart(step);
    const code = totpCode(secret);
    const earlier = totpCode(secret, Date.now() - STEP_MS);
    const wrongCode = [code, earlier].includes("000000") ? "111111" : "000000";

    const first = await verify(code, await pendingSignIn(user.email));
    expect(first.statusCode).toBe(200);
    expect(hasSession(cookiesFrom(first))).toBe(true);

    const wrong = await verify(wrongCode, await pendingSignIn(user.email));
    expect(wrong.statusCode).toBe(401);
    const replayPending = await pendingSignIn(user.email);
    const replay = await verify(code, replayPending);
    // The same answer as a wrong code: nothing tells that the code was right once.
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(wrong.json());
    expect(hasSession(cookiesFrom(replay))).toBe(false);
    expect(await meStatus(replayPending)).toBe(401);
    // Still inside the drift window, but before the step already used.
    expect((await verify(earlier, await pendingSignIn(user.email))).statusCode).toBe(401);

    // The next step's code is fresh.
    atStepStart(step + 1);
    const next = await verify(totpCode(secret), await pendingSignIn(user.email));
    expect(next.statusCode).toBe(200);
    expect(hasSession(cookiesFrom(next))).toBe(true);
  });

  it("the code that confirmed enrolment does not sign in", async () => {
    const user = await makeUser(t, "enzo@factors.example", "Enzo Enrol");
    vi.useFakeTimers({ toFake: ["Date"] });
    atStepStart(Math.floor(Date.now() / STEP_MS) + 1);
    const { secret } = await enrol(user);
    const again = await verify(totpCode(secret), await pendingSignIn(user.email));
    expect(again.statusCode).toBe(401);
    expect(hasSession(cookiesFrom(again))).toBe(false);
  });

  it("of two sign-ins racing with the same code, exactly one gets in", async () => {
    const user = await makeUser(t, "cora@factors.example", "Cora Concurrent");
    const { secret } = await enrol(user);
    vi.useFakeTimers({ toFake: ["Date"] });
    atStepStart(Math.floor(Date.now() / STEP_MS) + 1);
    const code = totpCode(secret);
    const pending = await Promise.all([pendingSignIn(user.email), pendingSignIn(user.email)]);
    const answers = await Promise.all(pending.map((cookie) => verify(code, cookie)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
    expect(answers.filter((a) => hasSession(cookiesFrom(a)))).toHaveLength(1);
  });
});

describe("removing the factor", () => {
  it("asks for the password; afterwards the password alone signs in again", async () => {
    const user = await makeUser(t, "rex@factors.example", "Rex Remove");
    await enrol(user);
    const wrong = await post("/api/auth/two-factor/disable", { password: "wrong-password" }, user.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(await factors(user.cookie)).toHaveLength(1);

    const removed = await post("/api/auth/two-factor/disable", { password: PASSWORD }, user.cookie);
    expect(removed.statusCode).toBe(200);
    expect(await factors(cookiesFrom(removed))).toEqual([]);
    const plain = await signIn(user.email);
    expect(plain.json().twoFactorRedirect).toBeUndefined();
    expect(hasSession(cookiesFrom(plain))).toBe(true);
  });
});
