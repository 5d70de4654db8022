// What travels compressed: the client's files as the copies made at build time (brotli or
// gzip, whichever the browser accepts), with a year's immutable caching for hashed names; API
// answers above 1 KB compressed on the fly; small answers and clients that accept nothing as
// they are.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { registerWebClient } from "./web-client.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the client's files", () => {
  it("are sent as the precompressed copy the browser accepts, cached for a year", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "courtside-web-"));
    mkdirSync(path.join(root, "assets"));
    writeFileSync(path.join(root, "index.html"), "<!doctype html><title>Courtside</title>");
    const script = `console.log(${JSON.stringify("courtside ".repeat(500))});`;
    const file = path.join(root, "assets", "app-abc123.js");
    writeFileSync(file, script);
    writeFileSync(`${file}.br`, brotliCompressSync(script));
    writeFileSync(`${file}.gz`, gzipSync(script));
    const app = Fastify();
    await registerWebClient(app, root, { appUrl: "http://localhost:3000" });

    const br = await app.inject({ url: "/assets/app-abc123.js", headers: { "accept-encoding": "br, gzip" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await app.inject({ url: "/assets/app-abc123.js", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await app.inject({ url: "/assets/app-abc123.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
    await app.close();
  });
});

describe("API answers", () => {
  it("above 1 KB are compressed for a browser that accepts it; small ones are not", async () => {
    const big = await t.request({
      method: "GET",
      url: "/api/docs/json",
      headers: { "accept-encoding": "gzip" },
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers["content-encoding"]).toBe("gzip");
    const spec = JSON.parse(gunzipSync(big.rawPayload).toString());
    expect(spec.info.title).toBe("Courtside API");
    expect(big.rawPayload.length).toBeLessThan(JSON.stringify(spec).length / 3);

    const small = await t.request({
      method: "GET",
      url: "/api/health",
      headers: { "accept-encoding": "gzip, br" },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers["content-encoding"]).toBeUndefined();

    const none = await t.request({ method: "GET", url: "/api/docs/json" });
    expect(none.headers["content-encoding"]).toBeUndefined();
    expect(none.json().info.title).toBe("Courtside API");
  });
});
