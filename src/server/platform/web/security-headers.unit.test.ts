import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { ownOrigins } from "../../config.js";
import { addSecurityHeaders, securityHeaders } from "./security-headers.js";

async function appAt(appUrl: string, trustProxy = false) {
  const app = Fastify({ trustProxy });
  addSecurityHeaders(app, securityHeaders(ownOrigins(appUrl)));
  app.get("/ok", async () => ({ ok: true }));
  app.get("/boom", async () => {
    throw new Error("boom");
  });
  return app;
}

/** One directive of a Content-Security-Policy header, as written. */
const directive = (csp: unknown, name: string) =>
  String(csp)
    .split(";")
    .find((part) => part.trim().startsWith(`${name} `))
    ?.trim();

describe("security headers", () => {
  it("every answer, a 404 and a thrown error included, carries helmet's headers", async () => {
    const app = await appAt("http://localhost:3000");
    for (const url of ["/ok", "/missing", "/boom"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
      expect(res.headers["content-security-policy"]).not.toContain("upgrade-insecure-requests");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
      expect(res.headers["referrer-policy"]).toBe("no-referrer");
    }
    await app.close();
  });

  it("HSTS only over https: the socket's, or a trusted proxy's X-Forwarded-Proto", async () => {
    const trusting = await appAt("https://club.example", true);
    const overHttps = await trusting.inject({ url: "/ok", headers: { "x-forwarded-proto": "https" } });
    expect(overHttps.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    const overHttp = await trusting.inject({ url: "/ok" });
    expect(overHttp.headers["strict-transport-security"]).toBeUndefined();
    await trusting.close();

    // Without TRUST_PROXY the header is anyone's to write: it proves nothing.
    const direct = await appAt("https://club.example");
    const claimed = await direct.inject({ url: "/ok", headers: { "x-forwarded-proto": "https" } });
    expect(claimed.headers["strict-transport-security"]).toBeUndefined();
    await direct.close();
  });

  it("lets the page open sockets to our own origin only, by APP_URL, never any host", async () => {
    const app = await appAt("https://club.example", true);
    const secure = await app.inject({
      url: "/ok",
      headers: { "x-forwarded-proto": "https", host: "evil.example" },
    });
    expect(directive(secure.headers["content-security-policy"], "connect-src")).toBe(
      "connect-src 'self' wss://club.example",
    );
    expect(secure.headers["content-security-policy"]).not.toContain("evil.example");
    const plain = await app.inject({ url: "/ok" });
    expect(directive(plain.headers["content-security-policy"], "connect-src")).toBe(
      "connect-src 'self' ws://club.example",
    );
    await app.close();

    const local = await appAt("http://localhost:3000");
    const res = await local.inject({ url: "/ok" });
    expect(directive(res.headers["content-security-policy"], "connect-src")).toBe(
      "connect-src 'self' ws://localhost:3000",
    );
    // A local install answers at 127.0.0.1 too: its page's socket goes to that same origin.
    const numeric = await local.inject({ url: "/ok", headers: { host: "127.0.0.1:3000" } });
    expect(directive(numeric.headers["content-security-policy"], "connect-src")).toBe(
      "connect-src 'self' ws://127.0.0.1:3000",
    );
    const stranger = await local.inject({ url: "/ok", headers: { host: "evil.example" } });
    expect(directive(stranger.headers["content-security-policy"], "connect-src")).toBe(
      "connect-src 'self' ws://localhost:3000",
    );
    await local.close();
  });
});
