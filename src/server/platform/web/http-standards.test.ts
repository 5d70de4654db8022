// The real app speaks HTTP as the standards say: 405 with Allow for a method a path lacks, the
// one error envelope for the router's own refusals (414 and 400 included) and for Node's (431),
// HSTS only over https, sockets allowed to our own origin only, and API answers no cache keeps
// unless the route says so.
import { type AddressInfo, connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
let owner: TestUser;
let orgId: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUser(t, "owner@standards.example");
  orgId = (await makeClub(t, owner)).id;
});
afterAll(() => t?.close());

const csp = (value: unknown) => String(value);

describe("methods", () => {
  it("a method the path lacks answers 405 with the path's methods in Allow", async () => {
    const health = await t.request({ method: "PUT", url: "/api/health" });
    expect(health.statusCode).toBe(405);
    expect(health.headers.allow).toBe("GET, HEAD");
    expect(health.json().error.code).toBe("METHOD_NOT_ALLOWED");

    const leave = await t.request({ method: "GET", url: `/api/orgs/${orgId}/leave`, cookie: owner.cookie });
    expect(leave.statusCode).toBe(405);
    expect(leave.headers.allow).toBe("POST");

    const me = await t.request({ method: "PUT", url: "/api/me", cookie: owner.cookie });
    expect(me.statusCode).toBe(405);
    expect(me.headers.allow).toBe("GET, HEAD, DELETE");
  });

  it("an unknown path still answers 404", async () => {
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const res = await t.request({ method, url: `/api/orgs/${orgId}/no-such-thing` });
      expect(res.statusCode, method).toBe(404);
      expect(res.headers.allow).toBeUndefined();
      expect(res.json().error.code).toBe("NOT_FOUND");
    }
  });
});

describe("the router's own refusals", () => {
  it("an over-long path parameter answers 414 in the one envelope, with every answer's headers", async () => {
    const res = await t.request({ method: "GET", url: `/api/orgs/${"a".repeat(500)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ error: { code: "URI_TOO_LONG", message: expect.any(String) } });
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cache-control"]).toBe("private, no-store");
  });

  it("an address that does not decode answers 400 in the one envelope", async () => {
    const res = await t.request({ method: "GET", url: "/api/orgs/%E0%A4%A" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: "BAD_REQUEST", message: expect.any(String) } });
  });

  it("headers over Node's limit answer 431 in the one envelope, from the listening server", async () => {
    // Node refuses these before Fastify makes a request of them, so inject cannot reach it.
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const socket = connect((t.app.server.address() as AddressInfo).port, "127.0.0.1");
    const answer = new Promise<string>((resolve, reject) => {
      let text = "";
      socket.setEncoding("utf8");
      socket.on("data", (chunk: string) => {
        text += chunk;
      });
      socket.on("close", () => resolve(text));
      socket.on("error", reject);
    });
    socket.write(`GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${"a".repeat(32 * 1024)}\r\n\r\n`);
    const [head, body] = (await answer).split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(body!)).toEqual({ error: { code: "HEADERS_TOO_LARGE", message: expect.any(String) } });
    expect(head).toMatch(/\r\ncontent-type: application\/json; charset=utf-8\r\n/i);
  });
});

describe("security headers", () => {
  it("over plain http: no HSTS, even when an untrusted header claims https", async () => {
    for (const headers of [{}, { "x-forwarded-proto": "https" }]) {
      const res = await t.request({ method: "GET", url: "/api/health", headers });
      expect(res.headers["strict-transport-security"]).toBeUndefined();
    }
  });

  it("sockets to our own origin, by APP_URL, never a bare scheme", async () => {
    const res = await t.request({ method: "GET", url: "/api/health", headers: { host: "evil.example" } });
    const policy = csp(res.headers["content-security-policy"]);
    expect(policy).toMatch(/(^|;)connect-src 'self' ws:\/\/localhost:3000(;|$)/);
    expect(policy).not.toContain("evil.example");
  });

  it("behind a trusted proxy that says https: HSTS, and secure sockets", async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: "1" } });
    try {
      const res = await proxied.request({
        method: "GET",
        url: "/api/health",
        headers: { "x-forwarded-proto": "https" },
      });
      expect(res.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
      expect(csp(res.headers["content-security-policy"])).toMatch(
        /(^|;)connect-src 'self' wss:\/\/localhost:3000(;|$)/,
      );
      const plain = await proxied.request({ method: "GET", url: "/api/health" });
      expect(plain.headers["strict-transport-security"]).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});

describe("caching", () => {
  it("a signed-in person's JSON, an anonymous one's and an error are never stored", async () => {
    for (const [url, cookie] of [
      ["/api/me", owner.cookie],
      [`/api/orgs/${orgId}`, owner.cookie],
      ["/api/session", undefined],
      ["/api/me", undefined],
      ["/api/nothing", undefined],
    ] as const) {
      const res = await t.request({ method: "GET", url, cookie });
      expect(res.headers["cache-control"], url).toBe("private, no-store");
    }
  });

  it("a route's own Cache-Control wins: the calendar feed keeps its five minutes", async () => {
    const feed = await t.request({
      method: "POST",
      url: `/api/orgs/${orgId}/calendar-feed`,
      cookie: owner.cookie,
    });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["cache-control"]).toBe("private, no-store");
    const calendar = await t.request({ method: "GET", url: new URL(feed.json().url).pathname });
    expect(calendar.statusCode).toBe(200);
    expect(calendar.headers["cache-control"]).toBe("private, max-age=300");
  });
});
