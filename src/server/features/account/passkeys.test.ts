// Passkeys: added from Settings by a signed-in person, then a sign-in with nothing but the
// device's own lock. A software authenticator plays the device (test/soft-authenticator.ts),
// so every check runs on real ceremony data: the challenge is single-use and bound to the
// browser that asked, the origin is ours, and only the registered key signs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountRequests } from "../../test/account-requests.js";
import { makeUser, type TestUser } from "../../test/factories.js";
import { APP_URL, cookiesFrom, createTestApp, type TestApp } from "../../test/harness.js";
import { createPasskey, impostorOf, type SoftPasskey, signInWith } from "../../test/soft-authenticator.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { post, factorList } = accountRequests(() => t);
const factors = async (cookie: string) => (await factorList(cookie)).factors;

async function addPasskey(user: TestUser, friendlyName = "Laptop", origin = APP_URL) {
  const options = await post("/api/auth/passkey/register-options", {}, user.cookie);
  expect(options.statusCode).toBe(200);
  const { passkey, response } = createPasskey(options.json(), origin);
  const saved = await post("/api/auth/passkey/register", { friendlyName, response }, user.cookie);
  return { passkey, saved };
}

/** A sign-in from a browser with no session: options (and their cookie), then the signed answer. */
async function passkeySignIn(passkey: SoftPasskey) {
  const options = await post("/api/auth/passkey/sign-in-options", {});
  expect(options.statusCode).toBe(200);
  const browser = cookiesFrom(options);
  const response = signInWith(passkey, options.json(), APP_URL);
  const signedIn = await post("/api/auth/passkey/sign-in", { response }, browser);
  return { signedIn, browser, response };
}

describe("adding a passkey", () => {
  it("needs a session, checks the device's answer and lists the passkey by its name", async () => {
    expect((await post("/api/auth/passkey/register-options", {})).statusCode).toBe(401);
    const user = await makeUser(t, "pia@passkeys.example", "Pia Passkey");
    const { saved } = await addPasskey(user, "  Pia's laptop  ");
    expect(saved.statusCode).toBe(200);
    expect(await factors(user.cookie)).toMatchObject([
      { factorType: "webauthn", status: "verified", friendlyName: "Pia's laptop" },
    ]);
  });

  it("refuses an answer made for another site, or one without a pending request", async () => {
    const user = await makeUser(t, "ned@passkeys.example", "Ned Nope");
    const { saved } = await addPasskey(user, "Phishing", "https://evil.example");
    expect(saved.statusCode).toBe(400);
    const options = await post("/api/auth/passkey/register-options", {}, user.cookie);
    const { response } = createPasskey(options.json(), APP_URL);
    expect(
      (await post("/api/auth/passkey/register", { friendlyName: "One", response }, user.cookie)).statusCode,
    ).toBe(200);
    // The request was used: the same answer again has nothing to match.
    const again = await post("/api/auth/passkey/register", { friendlyName: "Two", response }, user.cookie);
    expect(again.statusCode).toBe(400);
    expect(await factors(user.cookie)).toHaveLength(1);
    const malformed = await post(
      "/api/auth/passkey/register",
      { friendlyName: "Bad", response: { id: "x" } },
      user.cookie,
    );
    expect(malformed.statusCode).toBe(400);
  });
});

describe("signing in with a passkey", () => {
  it("starts a session from the device's signature alone", async () => {
    const user = await makeUser(t, "sol@passkeys.example", "Sol Signin");
    const { passkey } = await addPasskey(user);
    const { signedIn } = await passkeySignIn(passkey);
    expect(signedIn.statusCode).toBe(200);
    const session = cookiesFrom(signedIn);
    expect(session).toMatch(/session_token=/);
    const me = await t.request({ method: "GET", url: "/api/me", cookie: session });
    expect(me.json().user.email).toBe("sol@passkeys.example");
  });

  it("takes each challenge once, only from the browser that asked, and only the registered key", async () => {
    const user = await makeUser(t, "ray@passkeys.example", "Ray Replay");
    const { passkey } = await addPasskey(user);
    const { signedIn, browser, response } = await passkeySignIn(passkey);
    expect(signedIn.statusCode).toBe(200);
    // A replay of the same answer: the challenge is spent.
    expect((await post("/api/auth/passkey/sign-in", { response }, browser)).statusCode).toBe(400);

    // An answer carried to another browser (no challenge cookie) opens nothing.
    const options = await post("/api/auth/passkey/sign-in-options", {});
    const stolen = signInWith(passkey, options.json(), APP_URL);
    const elsewhere = await post("/api/auth/passkey/sign-in", { response: stolen });
    expect(elsewhere.statusCode).toBe(400);
    expect(cookiesFrom(elsewhere)).not.toMatch(/session_token=[^;\s]+/);

    // The credential's id signed by another key.
    const { signedIn: impostor } = await passkeySignIn(impostorOf(passkey));
    expect(impostor.statusCode).toBe(401);
    expect(cookiesFrom(impostor)).not.toMatch(/session_token=[^;\s]+/);
  });

  it("a removed passkey opens nothing, and only its owner can remove it", async () => {
    const user = await makeUser(t, "rob@passkeys.example", "Rob Removed");
    const other = await makeUser(t, "oli@passkeys.example", "Oli Other");
    const { passkey } = await addPasskey(user);
    const [factor] = await factors(user.cookie);
    const foreign = await t.request({
      method: "DELETE",
      url: `/api/me/passkeys/${factor.id}`,
      cookie: other.cookie,
    });
    expect(foreign.statusCode).toBe(404);
    const removed = await t.request({
      method: "DELETE",
      url: `/api/me/passkeys/${factor.id}`,
      cookie: user.cookie,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().factors).toEqual([]);
    const { signedIn } = await passkeySignIn(passkey);
    expect(signedIn.statusCode).toBe(401);
  });
});
