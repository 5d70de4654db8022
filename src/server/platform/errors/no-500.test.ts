// "No input makes the server answer 500": every route, called by a club's owner with the club's
// real id and with arbitrary bodies and path values, answers something other than 5xx.
import fc from "fast-check";
import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
let owner: TestUser;
let orgId: string;
const routes: Array<{ method: string; url: string }> = [];

beforeAll(async () => {
  t = await createTestApp({
    onRoute: (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        // Skip the static client, HEAD twins, sockets, and better-auth's own catch-all.
        if (
          method === "HEAD" ||
          !route.url.startsWith("/api/") ||
          route.url.endsWith("/ws") ||
          route.url.startsWith("/api/auth/*")
        )
          continue;
        if (route.url.startsWith("/api/docs")) continue;
        routes.push({ method, url: route.url });
      }
    },
  });
  owner = await makeUser(t, "owner@fuzz.example");
  orgId = (await makeClub(t, owner)).id;
});
afterAll(async () => {
  await t?.close();
});

const pathValue = fc.oneof(
  fc.constant("not-a-uuid"),
  fc.uuid(),
  fc.string({ maxLength: 300 }).map(encodeURIComponent),
  fc.constant("%00"),
);
const payload = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom("name", "email", "role", "startsAt", "scoreA", "token", "mode", "userId"),
    fc.jsonValue({ maxDepth: 1 }),
  ),
);

describe("no input answers 5xx", () => {
  it("over every route, with arbitrary path values and bodies", async () => {
    expect(routes.length).toBeGreaterThan(40);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), pathValue, payload, async (route, value, body) => {
        const url = route.url.replace(":orgId", orgId).replace(/:[a-zA-Z]+/g, value || "x");
        const response = await t.request({
          method: route.method as "GET",
          url,
          cookie: owner.cookie,
          ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: body as object }),
        });
        expect(response.statusCode, `${route.method} ${url} -> ${response.body}`).toBeLessThan(500);
      }),
      { numRuns: 400 },
    );
  }, 120_000);
});
