import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { addSecurityHeaders } from "./security-headers.js";

describe("security headers", () => {
  it("every answer, a 404 and a thrown error included, carries helmet's headers", async () => {
    const app = Fastify();
    addSecurityHeaders(app);
    app.get("/ok", async () => ({ ok: true }));
    app.get("/boom", async () => {
      throw new Error("boom");
    });
    for (const url of ["/ok", "/missing", "/boom"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
      expect(res.headers["content-security-policy"]).toContain("connect-src 'self' ws: wss:");
      expect(res.headers["content-security-policy"]).not.toContain("upgrade-insecure-requests");
      expect(res.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
      expect(res.headers["referrer-policy"]).toBe("no-referrer");
    }
    await app.close();
  });
});
