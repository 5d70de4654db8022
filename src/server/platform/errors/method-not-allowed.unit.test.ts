// A method a path lacks answers 405 with the path's methods in Allow; a path no route has
// answers 404. The web client's page fallback (GET /*) makes no path exist, and the API paths
// it is asked for get the same answers as any other method.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerWebClient } from "../web/web-client.js";
import { registerErrorHandler } from "./error-handler.js";

async function appWith(routes: (app: FastifyInstance) => void | Promise<void>) {
  const app = Fastify();
  registerErrorHandler(app);
  await routes(app);
  await app.ready();
  return app;
}

const declareRoutes = async (app: FastifyInstance) => {
  app.get("/api/health", async () => ({ ok: true }));
  await app.register(
    async (scope) => {
      scope.get("/courts/:courtId", async () => ({}));
      scope.patch("/courts/:courtId", async () => ({}));
      scope.delete("/courts/:courtId", async () => ({}));
      scope.post("/leave", async () => ({}));
      scope.options("/leave", async () => ({}));
    },
    { prefix: "/api/orgs/:orgId" },
  );
  app.route({ method: ["GET", "POST"], url: "/api/auth/*", handler: async () => ({}) });
};

describe("without the web client", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith(declareRoutes);
  });
  afterAll(() => app.close());

  it("answers 405 with Allow, HEAD beside GET, in the one error envelope", async () => {
    const res = await app.inject({ method: "PUT", url: "/api/health?x=1" });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe("GET, HEAD");
    expect(res.json()).toEqual({
      error: { code: "METHOD_NOT_ALLOWED", message: expect.stringContaining("GET, HEAD") },
    });
  });

  it("matches paths with parameters, under a prefix, and names OPTIONS where a route answers it", async () => {
    const court = await app.inject({ method: "POST", url: "/api/orgs/o1/courts/c1" });
    expect(court.statusCode).toBe(405);
    expect(court.headers.allow).toBe("GET, HEAD, PATCH, DELETE");
    const leave = await app.inject({ method: "GET", url: "/api/orgs/o1/leave" });
    expect(leave.statusCode).toBe(405);
    expect(leave.headers.allow).toBe("POST, OPTIONS");
    const auth = await app.inject({ method: "DELETE", url: "/api/auth/sign-out" });
    expect(auth.headers.allow).toBe("GET, HEAD, POST");
  });

  it("answers 405 to an over-long parameter's other methods, and 404 to unknown paths", async () => {
    const long = await app.inject({ method: "PUT", url: `/api/orgs/o1/courts/${"c".repeat(300)}` });
    expect(long.statusCode).toBe(405);
    for (const [method, url] of [
      ["GET", "/api/nothing"],
      ["POST", "/api/health/more"],
      ["DELETE", "/api/orgs/o1"],
      ["PROPFIND", "/elsewhere"],
    ] as const) {
      const res = await app.inject({ method: method as "GET", url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers.allow).toBeUndefined();
      expect(res.json().error.code).toBe("NOT_FOUND");
    }
  });
});

describe("with the web client's page fallback", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const root = mkdtempSync(path.join(tmpdir(), "courtside-405-"));
    writeFileSync(path.join(root, "index.html"), "<!doctype html><title>Courtside</title>");
    app = await appWith(async (scope) => {
      await declareRoutes(scope);
      await registerWebClient(scope, root, { appUrl: "http://localhost:3000" });
    });
  });
  afterAll(() => app.close());

  it("still serves the app's pages", async () => {
    const page = await app.inject({ method: "GET", url: "/dashboard" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect((await app.inject({ method: "HEAD", url: "/dashboard" })).statusCode).toBe(200);
  });

  it("does not count itself: other methods on pages and unknown paths answer 404", async () => {
    for (const url of ["/dashboard", "/api/nothing", "/"]) {
      const res = await app.inject({ method: "POST", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe("NOT_FOUND");
    }
  });

  it("sends API paths it is asked for to the app's answers: 405 where the path has other methods", async () => {
    const leave = await app.inject({ method: "GET", url: "/api/orgs/o1/leave" });
    expect(leave.statusCode).toBe(405);
    expect(leave.headers.allow).toBe("POST, OPTIONS");
    const unknown = await app.inject({ method: "GET", url: "/api/nothing" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: { code: "NOT_FOUND", message: "No route for GET /api/nothing" },
    });
  });
});
