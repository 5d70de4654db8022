import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../shared/domain/messages.js";
import { createTestApp, signUpVerified, type TestApp } from "../../test/harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const signIn = (email: string, ip = "127.0.0.1") =>
  t.request({
    method: "POST",
    url: "/api/auth/sign-in/email",
    payload: { email, password: "not-the-password" },
    remoteAddress: ip,
  });

describe("rate limits", () => {
  it("limits failed sign-ins for one account from one address, and says how long to wait", async () => {
    for (let i = 0; i < 5; i++) expect((await signIn("pair@example.com", "127.0.4.1")).statusCode).toBe(401);
    const limited = await signIn("pair@example.com", "127.0.4.1");
    expect(limited.statusCode).toBe(429);
    const wait = Number(limited.headers["retry-after"]);
    expect(wait).toBeGreaterThan(14 * 60);
    expect(limited.json().error).toEqual({
      code: "RATE_LIMITED",
      message: messages.rateLimited("15 minutes"),
    });
    // The same account from another address, and another account from this one, go on.
    expect((await signIn("pair@example.com", "127.0.4.2")).statusCode).toBe(401);
    expect((await signIn("other@example.com", "127.0.4.1")).statusCode).toBe(401);
  });

  it("limits guessing one account from many addresses, but never on a device it signed in on", async () => {
    const owner = "owner@limits.example";
    const cookie = await signUpVerified(t, { email: owner, password: "owner's own password" });
    const devicePart = (
      await t.request({
        method: "POST",
        url: "/api/auth/sign-in/email",
        payload: { email: owner, password: "owner's own password" },
        remoteAddress: "127.0.5.250",
      })
    ).cookies.find((c) => c.name === "courtside_device");
    expect(devicePart?.httpOnly).toBe(true);
    expect(cookie).toContain("session_token");
    // An attacker spreads 20 wrong guesses over 20 addresses: new devices must now confirm by
    // email first (new-browser.test.ts)...
    for (let i = 0; i < 20; i++) expect((await signIn(owner, `127.0.5.${i + 1}`)).statusCode).toBe(401);
    expect((await signIn(owner, "127.0.5.100")).json().error.code).toBe("CONFIRM_NEW_BROWSER");
    // ...but the owner's own browser, from yet another address, signs in.
    const own = await t.request({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: owner, password: "owner's own password" },
      remoteAddress: "127.0.5.200",
      cookie: `courtside_device=${devicePart!.value}`,
    });
    expect(own.statusCode).toBe(200);
    // A device cookie made for another account does not help.
    const forged = await t.request({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: owner, password: "owner's own password" },
      remoteAddress: "127.0.5.201",
      cookie: "courtside_device=abc.def",
    });
    expect(forged.json().error.code).toBe("CONFIRM_NEW_BROWSER");
  });

  it("counts parallel guesses before they are tried, so a burst cannot overrun the limit", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => signIn("burst@example.com", "127.0.7.1")),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(15);
  });

  it("a stranger behind the owner's own address cannot lock her known browser out", async () => {
    const owner = "nat@limits.example";
    await signUpVerified(t, { email: owner, password: "owner's own password" });
    const device = (
      await t.request({
        method: "POST",
        url: "/api/auth/sign-in/email",
        payload: { email: owner, password: "owner's own password" },
        remoteAddress: "127.0.8.1",
      })
    ).cookies.find((c) => c.name === "courtside_device");
    for (let i = 0; i < 6; i++) await signIn(owner, "127.0.8.1");
    expect((await signIn(owner, "127.0.8.1")).statusCode).toBe(429);
    const own = await t.request({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: owner, password: "owner's own password" },
      remoteAddress: "127.0.8.1",
      cookie: `courtside_device=${device!.value}`,
    });
    expect(own.statusCode).toBe(200);
  });

  it("counts an IPv6 client per /64, not per address", async () => {
    for (let i = 1; i <= 5; i++)
      expect((await signIn("six@example.com", `2001:db8:1:2::${i}`)).statusCode).toBe(401);
    expect((await signIn("six@example.com", "2001:db8:1:2:ffff::9")).statusCode).toBe(429);
    expect((await signIn("six@example.com", "2001:db8:1:3::1")).statusCode).toBe(401);
  });

  it("refuses non-canonical auth paths instead of letting them pass the guards", async () => {
    // Over a real socket: the test injector would tidy the path before the app saw it.
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const post = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const body = JSON.stringify({ email: "path@example.com", password: "not-the-password" });
        const request = http.request(
          { host: "127.0.0.1", port, path, method: "POST", headers: { "content-type": "application/json" } },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        request.on("error", reject);
        request.end(body);
      });
    for (const path of [
      "/api/auth//sign-in/email",
      "/api/auth/./sign-in/email",
      "/api/auth/x/../sign-in/email",
      "/api/auth/%2e/sign-in/email",
      "/api/auth/%73ign-in/email",
      "/api/auth/sign-in/email/",
      "/api/auth/Sign-In/email",
    ])
      expect(await post(path), path).toBe(404);
    expect(await post("/api/auth/sign-in/email")).toBe(401);
  });

  it("limits failed sign-ins per address, across accounts", async () => {
    const ip = "127.0.1.1";
    for (let i = 0; i < 50; i++) await signIn(`spray-${i}@example.com`, ip);
    const limited = await signIn("spray-last@example.com", ip);
    expect(limited.statusCode).toBe(429);
    // Fifty password checks (an unknown account is hashed too, for even timing): seconds on a
    // busy machine, beyond the default 30.
  }, 120_000);

  it("limits verification mails per address", async () => {
    const send = () =>
      t.request({
        method: "POST",
        url: "/api/auth/send-verification-email",
        payload: { email: "verify-flood@example.com" },
        remoteAddress: "127.0.6.1",
      });
    for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(429);
  });

  it("limits password changes per account", async () => {
    const cookie = await signUpVerified(t, { email: "changer@limits.example" });
    const change = () =>
      t.request({
        method: "POST",
        url: "/api/auth/change-password",
        payload: { currentPassword: "wrong password", newPassword: "a new password here" },
        cookie,
        remoteAddress: "127.0.7.1",
      });
    for (let i = 0; i < 5; i++) expect((await change()).statusCode).toBe(400);
    expect((await change()).statusCode).toBe(429);
    expect(
      (await t.request({ method: "POST", url: "/api/auth/change-password", payload: {} })).statusCode,
    ).toBe(400);
  });

  it("limits password reset requests per account", async () => {
    const ask = () =>
      t.request({
        method: "POST",
        url: "/api/auth/request-password-reset",
        payload: { email: "flood@example.com", redirectTo: "/auth" },
        remoteAddress: "127.0.2.1",
      });
    for (let i = 0; i < 5; i++) expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(429);
  });

  it("limits sign-ups per address, 60 in 15 minutes unless the operator says otherwise", async () => {
    const ip = "127.0.3.1";
    const max = t.deps.config.signUpsPerAddress;
    expect(max).toBe(60);
    const signUp = (i: number) =>
      t.request({
        method: "POST",
        url: "/api/auth/sign-up/email",
        payload: { name: "Bulk Maker", email: `bulk-${i}@example.com`, password: "password1234" },
        remoteAddress: ip,
      });
    for (let i = 0; i < max; i++) expect((await signUp(i)).statusCode).toBe(200);
    expect((await signUp(max)).statusCode).toBe(429);
  }, 120_000);
});
