// What makes the app installable and findable, as the server answers it: the web app manifest
// and its icons (the committed PNGs of src/web/public, served as the build serves them), the
// service worker's caching, robots.txt and the sitemap of public pages.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeClub, makeUser } from "../../test/factories.js";
import { APP_URL, createTestApp, type TestApp } from "../../test/harness.js";
import { openClubSlugs } from "../clubs/service.js";

const source = path.resolve(import.meta.dirname, "../../../web");
let t: TestApp;
let webRoot: string;

beforeAll(async () => {
  // What vite build makes of src/web for the server: public/ copied to the root beside index.html.
  webRoot = mkdtempSync(path.join(tmpdir(), "courtside-installable-"));
  cpSync(path.join(source, "public"), webRoot, { recursive: true });
  writeFileSync(path.join(webRoot, "index.html"), readFileSync(path.join(source, "index.html")));
  writeFileSync(path.join(webRoot, "sw.js"), "// stands in for the built service worker\n");
  t = await createTestApp({ webRoot });
});
afterAll(async () => {
  await t?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

/** A PNG's width and height, from its IHDR chunk (always the first, right after the signature). */
function pngSize(body: Buffer) {
  expect(body.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(body.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return `${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`;
}

describe("the web app manifest", () => {
  it("is JSON of its own type, and names the app, its start page and its colours", async () => {
    const response = await t.request({ method: "GET", url: "/manifest.webmanifest" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(response.headers["cache-control"]).toBe("no-cache");
    const manifest = JSON.parse(response.body);
    expect(manifest).toMatchObject({
      name: "Courtside",
      short_name: "Courtside",
      start_url: "/dashboard",
      scope: "/",
      display: "standalone",
      theme_color: "#15803d",
    });
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    // The signed-in home is a page the server knows (not a 404 for the installed app's start).
    const start = await t.request({ method: "GET", url: manifest.start_url });
    expect(start.statusCode).toBe(200);
  });

  it("lists icons of 192 and 512 and a maskable 512, each a PNG of its stated size", async () => {
    const manifest = (await t.request({ method: "GET", url: "/manifest.webmanifest" })).json();
    const icons: Array<{ src: string; sizes: string; type: string; purpose: string }> = manifest.icons;
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    for (const icon of icons) {
      expect(icon.type).toBe("image/png");
      const response = await t.request({ method: "GET", url: icon.src });
      expect(response.statusCode, icon.src).toBe(200);
      expect(response.headers["content-type"]).toBe("image/png");
      expect(pngSize(response.rawPayload)).toBe(icon.sizes);
    }
  });

  it("is linked from the page's head with the theme colour and a 180 px apple-touch-icon", async () => {
    const html = (await t.request({ method: "GET", url: "/pricing" })).body;
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(html).toContain('<meta name="theme-color" content="#15803d" />');
    const touch = html.match(/<link rel="apple-touch-icon" href="([^"]+)" \/>/)?.[1];
    expect(touch).toBeDefined();
    const icon = await t.request({ method: "GET", url: touch! });
    expect(icon.headers["content-type"]).toBe("image/png");
    expect(pngSize(icon.rawPayload)).toBe("180x180");
  });
});

describe("the service worker's file", () => {
  it("is served from the root and asked for again each time, so an update reaches every tab", async () => {
    const response = await t.request({ method: "GET", url: "/sw.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/javascript/);
    expect(response.headers["cache-control"]).toBe("no-cache");
  });
});

describe("robots.txt", () => {
  it("lets crawlers read the public pages, keeps them out of the API and the app, and names the sitemap", async () => {
    const response = await t.request({ method: "GET", url: "/robots.txt" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const lines = response.body.split("\n");
    expect(lines).toContain("User-agent: *");
    // Everything not disallowed is allowed already; a leading "Allow: /" would be read by
    // first-match parsers (Python's urllib.robotparser) as allowing every path after it.
    expect(lines).not.toContain("Allow: /");
    const firstAllow = lines.findIndex((line) => line.startsWith("Allow:"));
    const lastDisallow = lines.findLastIndex((line) => line.startsWith("Disallow:"));
    if (firstAllow !== -1) expect(firstAllow).toBeGreaterThan(lastDisallow);
    for (const path of ["/api/", "/dev/", "/dashboard", "/board", "/sessions", "/settings", "/members"])
      expect(lines).toContain(`Disallow: ${path}`);
    for (const path of ["/billing", "/ladder", "/players"]) expect(lines).toContain(`Disallow: ${path}`);
    for (const path of ["/", "/club", "/club/", "/pricing", "/features", "/about"])
      expect(lines).not.toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
  });
});

describe("sitemap.xml", () => {
  const sitemap = async () => {
    const response = await t.request({ method: "GET", url: "/sitemap.xml" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/xml; charset=utf-8");
    return [...response.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
  };

  it("lists the marketing pages and each open club's public page, and nothing signed-in", async () => {
    const owner = await makeUser(t, "owner@sitemap.example", "Sam Sitemap");
    const club = await makeClub(t, owner, [], { name: "Sitemap Smashers" });
    const urls = await sitemap();
    for (const page of ["/", "/features", "/pricing", "/about", "/privacy", "/terms"])
      expect(urls).toContain(`${APP_URL}${page}`);
    expect(urls).toContain(`${APP_URL}/club/${club.slug}`);
    for (const url of urls)
      expect(url).toMatch(new RegExp(`^${APP_URL}/(features|pricing|about|privacy|terms|club/[a-z0-9-]+)?$`));
  });

  it("drops a club once it is deleted", async () => {
    const owner = await makeUser(t, "closer@sitemap.example", "Cleo Closer");
    const club = await makeClub(t, owner, [], { name: "Short Lived Picklers" });
    expect(await sitemap()).toContain(`${APP_URL}/club/${club.slug}`);
    const closed = await t.request({
      method: "DELETE",
      url: `/api/orgs/${club.id}`,
      cookie: owner.cookie,
      payload: { confirmName: club.name },
    });
    expect(closed.statusCode).toBeLessThan(300);
    const urls = await sitemap();
    expect(urls).not.toContain(`${APP_URL}/club/${club.slug}`);
    expect(urls.some((url) => url.includes(club.id))).toBe(false);
  });

  it("reads open clubs only up to the limit it is given", async () => {
    const owner = await makeUser(t, "many@sitemap.example", "Manny Clubs");
    await makeClub(t, owner, [], { name: "Limit One" });
    await makeClub(t, owner, [], { name: "Limit Two" });
    expect((await openClubSlugs(t.db, 100)).length).toBeGreaterThanOrEqual(3);
    expect(await openClubSlugs(t.db, 2)).toHaveLength(2);
  });
});
