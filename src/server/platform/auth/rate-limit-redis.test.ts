// Rate limits counted in Redis (REDIS_URL set): the same limits as in PostgreSQL, shared by
// instances, nothing written to the database for them, and a 503 (not a 500, not a wait)
// while Redis is away.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits } from "../../db/schema/auth.js";
import { createTestApp, request, type TestApp } from "../../test/harness.js";
import { runRedisTests, testRedisUrl } from "../../test/redis-available.js";
import { AppError } from "../errors/app-error.js";
import { redisRateLimits } from "./redis-rate-limits.js";

const run = await runRedisTests();

describe.runIf(run)("rate limits in Redis", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { REDIS_URL: testRedisUrl } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const signIn = (app: TestApp["app"], email: string, ip: string) =>
    request(app, {
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email, password: "not-the-password" },
      remoteAddress: ip,
    });

  it("limits failed sign-ins across instances, and keeps no count in PostgreSQL", async () => {
    const other = await t.secondInstance();
    try {
      // Five failures, spread over both instances, use up the account's allowance here...
      for (let i = 0; i < 5; i++)
        expect(
          (await signIn(i % 2 ? other.app : t.app, "redis@limits.example", "127.0.9.1")).statusCode,
        ).toBe(401);
      const limited = await signIn(other.app, "redis@limits.example", "127.0.9.1");
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(14 * 60);
      // ...not for another address.
      expect((await signIn(t.app, "redis@limits.example", "127.0.9.2")).statusCode).toBe(401);
      expect(await t.db.select().from(rateLimits)).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it("a fresh app on the same Redis starts with fresh counts (keys are named after its database)", async () => {
    const fresh = await createTestApp({ env: { REDIS_URL: testRedisUrl } });
    try {
      expect((await signIn(fresh.app, "redis@limits.example", "127.0.9.1")).statusCode).toBe(401);
    } finally {
      await fresh.close();
    }
  });
});

describe("rate limits with Redis away", () => {
  it("answer 503 with Retry-After at once, never hang", async () => {
    const store = redisRateLimits("redis://127.0.0.1:1", "nowhere", { warn: () => {} });
    try {
      const started = Date.now();
      const failure = await store
        .count({ key: "sign-in:ip:127.0.0.1", max: 5, windowSeconds: 60 })
        .catch((e) => e);
      expect(failure).toBeInstanceOf(AppError);
      expect((failure as AppError).statusCode).toBe(503);
      expect((failure as AppError).headers["retry-after"]).toBe("5");
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await store.close();
    }
  });
});
