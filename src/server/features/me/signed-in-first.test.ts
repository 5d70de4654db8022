// Who is asking is settled before what they sent: a signed-out caller of a route that needs a
// session hears 401, whatever its body, query or path holds, and only a signed-in caller learns
// what was wrong with the input (400). Otherwise a visitor reads the input rules of routes they
// may not call, and a signed-out page shows "invalid" where it should send the person to sign in.
import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Endpoint } from "../../../shared/contracts/endpoint.js";
import { makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
let ann: TestUser;
const needSession: Endpoint[] = [];

beforeAll(async () => {
  t = await createTestApp({
    onRoute: (route: RouteOptions) => {
      const endpoint = route.config?.endpoint;
      if (endpoint && endpoint.access !== "public" && route.method !== "HEAD") needSession.push(endpoint);
    },
  });
  ann = await makeUser(t, "ann@signed-in-first.example", "Ann");
});
afterAll(async () => {
  await t?.close();
});

// Each body breaks its route's rules.
const badBodies: Array<{ method: "POST" | "PUT" | "DELETE"; url: string; payload: object }> = [
  { method: "PUT", url: "/api/me/profile", payload: { fullName: 42 } },
  { method: "DELETE", url: "/api/me", payload: { deleteOwnedClubs: "yes" } },
  { method: "POST", url: "/api/me/push-devices", payload: { endpoint: "not a url", keys: {} } },
  { method: "PUT", url: "/api/me/notification-preferences", payload: { session_reminders: "often" } },
  { method: "PUT", url: "/api/me/factors/some-factor", payload: { friendlyName: ["a", "list"] } },
  { method: "POST", url: "/api/me/factors/phone/verify", payload: { code: false } },
];

describe("a route that needs a session", () => {
  for (const { method, url, payload } of badBodies) {
    it(`${method} ${url} with a bad body: 401 signed out, 400 signed in`, async () => {
      const signedOut = await t.request({ method, url, payload });
      expect(signedOut.statusCode, signedOut.body).toBe(401);
      expect(signedOut.json().error.code).toBe("UNAUTHORIZED");
      const signedIn = await t.request({ method, url, payload, cookie: ann.cookie });
      expect(signedIn.statusCode, signedIn.body).toBe(400);
    });
  }

  it("answers a signed-out caller 401 on every such route, whatever the path, query and body", async () => {
    expect(needSession.length).toBeGreaterThan(50);
    const answered: string[] = [];
    for (const endpoint of needSession) {
      const response = await t.request({
        method: endpoint.method,
        // Nothing in the path is an id, nothing in the query a number, nothing in the body expected.
        url: `${endpoint.path.replace(/:[A-Za-z]+/g, "not-an-id")}?limit=-1&page=none`,
        ...(endpoint.method === "GET" ? {} : { payload: { unexpected: [{ deeply: "wrong" }] } }),
      });
      if (response.statusCode !== 401)
        answered.push(`${endpoint.method} ${endpoint.path} -> ${response.statusCode}`);
    }
    expect(answered).toEqual([]);
  });
});
