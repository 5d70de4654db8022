import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { PublicClubPage } from "../../../shared/contracts/public-club.js";
import { loadVisitorPages } from "./visitor-pages.js";

type Counted = typeof globalThis & { rendererLoads?: number };
const counted = globalThis as Counted;

/** A built web root beside a dist/ssr holding the shell and a renderer that counts its loads. */
function builtRoot(renderer: string): string {
  const dist = mkdtempSync(path.join(tmpdir(), "visitor-pages-"));
  mkdirSync(path.join(dist, "ssr"));
  mkdirSync(path.join(dist, "web"));
  writeFileSync(path.join(dist, "ssr", "shell.html"), '<html><div id="root"></div></html>');
  writeFileSync(path.join(dist, "ssr", "visitor-pages.js"), renderer);
  return path.join(dist, "web");
}

const renderer = `
globalThis.rendererLoads = (globalThis.rendererLoads ?? 0) + 1;
export const renderLanding = () => "<h1>Courtside</h1>";
export const renderClubPage = (page) => "<h1>" + page.club.name + "</h1>";
`;

const page = {
  club: { name: "Riverside", location: null, description: null, logoUrl: null },
} as unknown as PublicClubPage;

afterEach(() => {
  counted.rendererLoads = undefined;
});

describe("visitor pages", () => {
  it("load the renderer on the first visitor page, once, and not at start", async () => {
    const pages = await loadVisitorPages(builtRoot(renderer), async (slug) =>
      slug === "riverside" ? page : null,
    );
    expect(counted.rendererLoads).toBeUndefined();
    expect(await pages!.landing()).toBe("<h1>Courtside</h1>");
    expect(await pages!.landing()).toBe("<h1>Courtside</h1>");
    expect((await pages!.club("riverside"))?.markup).toBe("<h1>Riverside</h1>");
    expect(await pages!.club("nowhere")).toBeNull();
    expect(counted.rendererLoads).toBe(1);
    expect(pages!.page("<p>x</p>")).toBe('<html><div id="root"><p>x</p></div></html>');
  });

  it("fail the page, not the start, when the renderer cannot load (the app is sent instead)", async () => {
    const pages = await loadVisitorPages(builtRoot("throw new Error('half written');"), async () => page);
    await expect(pages!.landing()).rejects.toThrow("half written");
    await expect(pages!.club("riverside")).rejects.toThrow("half written");
  });

  it("are none without the build", async () => {
    const bare = mkdtempSync(path.join(tmpdir(), "visitor-pages-"));
    expect(await loadVisitorPages(path.join(bare, "web"), async () => page)).toBeNull();
  });
});
