// A local install is ours at localhost and at 127.0.0.1 alike: a newcomer who opens either
// can sign up and sign in; another site still cannot write.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const signUp = (origin: string, email: string) =>
  t.request({
    method: "POST",
    url: "/api/auth/sign-up/email",
    headers: { origin },
    payload: { email, name: "Local Newcomer", password: "correct horse battery", callbackURL: "/onboarding" },
  });

describe("a local install's own origins", () => {
  it("takes sign-ups from localhost and from 127.0.0.1 at the configured port", async () => {
    expect((await signUp("http://localhost:3000", "a@local.example")).statusCode).toBe(200);
    const numeric = await signUp("http://127.0.0.1:3000", "b@local.example");
    expect(numeric.statusCode, numeric.body).toBe(200);
  });

  it("still refuses another port, another host, and another site", async () => {
    for (const origin of [
      "http://127.0.0.1:4000",
      "http://localhost.evil.example:3000",
      "https://evil.example",
    ]) {
      const answer = await signUp(origin, `c${origin.length}@local.example`);
      expect(answer.statusCode, origin).toBe(403);
      expect(answer.json().error.code).toBe("CROSS_SITE");
    }
  });
});
