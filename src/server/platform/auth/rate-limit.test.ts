import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../shared/domain/messages.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

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
  it("limits sign-in attempts per account, from any address", async () => {
    for (let i = 0; i < 10; i++) {
      expect((await signIn("target@example.com", `127.0.0.${i + 1}`)).statusCode).toBe(401);
    }
    const limited = await signIn("target@example.com", "127.0.0.99");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({ code: "RATE_LIMITED", message: messages.rateLimited });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    // Another account is not affected.
    expect((await signIn("other@example.com", "127.0.0.99")).statusCode).toBe(401);
  });

  it("limits sign-in attempts per address, across accounts", async () => {
    const ip = "127.0.1.1";
    for (let i = 0; i < 50; i++) await signIn(`spray-${i}@example.com`, ip);
    const limited = await signIn("spray-last@example.com", ip);
    expect(limited.statusCode).toBe(429);
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

  it("limits sign-ups per address", async () => {
    const ip = "127.0.3.1";
    const signUp = (i: number) =>
      t.request({
        method: "POST",
        url: "/api/auth/sign-up/email",
        payload: { name: "Bulk Maker", email: `bulk-${i}@example.com`, password: "password1234" },
        remoteAddress: ip,
      });
    for (let i = 0; i < 20; i++) expect((await signUp(i)).statusCode).toBe(200);
    expect((await signUp(21)).statusCode).toBe(429);
  });
});
