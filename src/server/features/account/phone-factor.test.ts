// The phone factor: a number confirmed by a texted code and the password, then sign-in codes by
// text. Texts go through the SMS port, whose local implementation keeps them in the mailbox,
// where this test reads them as a phone would.
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../shared/domain/messages.js";
import { mailboxMessages } from "../../db/schema/mail.js";
import { smsMailboxAddress } from "../../platform/sms/sms.js";
import { accountRequests } from "../../test/account-requests.js";
import { makeUser, PASSWORD, type TestUser } from "../../test/factories.js";
import { cookiesFrom, createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { post, signIn, factorList: factors, hasSession, enrolTotp } = accountRequests(() => t);

/** The code in the latest text to this number. */
async function lastTextCode(phone: string): Promise<string> {
  const [text] = await t.db
    .select({ text: mailboxMessages.text })
    .from(mailboxMessages)
    .where(and(eq(mailboxMessages.to, smsMailboxAddress(phone))))
    .orderBy(desc(mailboxMessages.createdAt))
    .limit(1);
  const code = text?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no text to ${phone}`);
  return code;
}

async function addPhone(user: TestUser, phone: string) {
  expect(
    (await post("/api/me/factors/phone", { phone, friendlyName: "My phone" }, user.cookie)).statusCode,
  ).toBe(202);
  const digits = phone.replace(/[\s().-]/g, "");
  const confirmed = await post(
    "/api/me/factors/phone/verify",
    { code: await lastTextCode(digits), password: PASSWORD },
    user.cookie,
  );
  expect(confirmed.statusCode).toBe(200);
  return digits;
}

describe("adding a phone", () => {
  it("texts a code; the code and the password confirm the number", async () => {
    const user = await makeUser(t, "pam@phone.example", "Pam Phone");
    expect((await factors(user.cookie)).phoneAvailable).toBe(true);
    const bad = await post("/api/me/factors/phone", { phone: "555-1234", friendlyName: "x" }, user.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(messages.validation.phoneNumber);

    const sent = await post(
      "/api/me/factors/phone",
      { phone: "+1 (555) 201-4567", friendlyName: "Pam's phone" },
      user.cookie,
    );
    expect(sent.statusCode).toBe(202);
    const code = await lastTextCode("+15552014567");
    const wrongCode = await post(
      "/api/me/factors/phone/verify",
      { code: code === "000000" ? "111111" : "000000", password: PASSWORD },
      user.cookie,
    );
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().error.code).toBe("INVALID_CODE");
    const wrongPassword = await post(
      "/api/me/factors/phone/verify",
      { code, password: "not-it-at-all" },
      user.cookie,
    );
    expect(wrongPassword.json().error.code).toBe("INVALID_PASSWORD");
    expect((await factors(user.cookie)).factors).toEqual([]);

    const confirmed = await post("/api/me/factors/phone/verify", { code, password: PASSWORD }, user.cookie);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().factors).toMatchObject([
      { factorType: "phone", friendlyName: "Pam's phone", phone: "••• ••• 4567", status: "verified" },
    ]);
    // The code was used.
    const again = await post("/api/me/factors/phone/verify", { code, password: PASSWORD }, user.cookie);
    expect(again.statusCode).toBe(400);
  });
});

describe("signing in with a texted code", () => {
  it("offers a text to an account with a phone, and the texted code starts the session", async () => {
    const user = await makeUser(t, "tex@phone.example", "Tex Text");
    const phone = await addPhone(user, "+44 7700 900123");
    const first = await signIn(user.email);
    expect(first.json()).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ["otp"] });
    const pending = cookiesFrom(first);
    expect(hasSession(pending)).toBe(false);

    expect((await post("/api/auth/two-factor/send-otp", {}, pending)).statusCode).toBe(200);
    const code = await lastTextCode(phone);
    const wrong = await post(
      "/api/auth/two-factor/verify-otp",
      { code: code === "999999" ? "888888" : "999999" },
      pending,
    );
    expect(wrong.statusCode).toBe(401);
    const verified = await post("/api/auth/two-factor/verify-otp", { code }, pending);
    expect(verified.statusCode).toBe(200);
    const session = cookiesFrom(verified);
    expect((await t.request({ method: "GET", url: "/api/me", cookie: session })).statusCode).toBe(200);
  });

  it("offers no text to an account with only an authenticator app", async () => {
    const user = await makeUser(t, "ada@phone.example", "Ada App");
    await enrolTotp(user);
    expect((await signIn(user.email)).json()).toMatchObject({
      twoFactorRedirect: true,
      twoFactorMethods: ["totp"],
    });
  });
});

describe("removing factors", () => {
  it("removing the app keeps two-step sign-in on while the phone is left; removing the phone too turns it off", async () => {
    const user = await makeUser(t, "bo@phone.example", "Bo Both");
    await enrolTotp(user);
    await addPhone(user, "+1 555 301 7777");
    expect((await signIn(user.email)).json().twoFactorMethods.sort()).toEqual(["otp", "totp"]);

    const appRemoved = await post("/api/auth/two-factor/disable", { password: PASSWORD }, user.cookie);
    expect(appRemoved.statusCode).toBe(200);
    user.cookie = cookiesFrom(appRemoved);
    expect((await signIn(user.email)).json()).toMatchObject({
      twoFactorRedirect: true,
      twoFactorMethods: ["otp"],
    });

    const wrong = await post("/api/me/factors/phone/remove", { password: "not-my-password" }, user.cookie);
    expect(wrong.statusCode).toBe(400);
    const removed = await post("/api/me/factors/phone/remove", { password: PASSWORD }, user.cookie);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().factors).toEqual([]);
    const plain = await signIn(user.email);
    expect(plain.json().twoFactorRedirect).toBeUndefined();
    expect(hasSession(cookiesFrom(plain))).toBe(true);
  });
});
