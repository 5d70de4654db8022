import { describe, expect, it } from "vitest";
import { disallowedPages, sitemapXml } from "./crawler-routes.js";

describe("what crawlers are told", () => {
  it("escapes every address for XML", () => {
    const xml = sitemapXml([`https://courtside.example/club/a&b<c>"d'`]);
    expect(xml).toContain("<loc>https://courtside.example/club/a&amp;b&lt;c&gt;&quot;d&apos;</loc>");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
  });

  it("keeps every client route that is not a public or club page from crawlers, once each", () => {
    expect(disallowedPages).toEqual(
      expect.arrayContaining(["/dashboard", "/board", "/sessions", "/settings", "/members", "/billing"]),
    );
    expect(disallowedPages).toEqual(expect.arrayContaining(["/ladder", "/players", "/invite", "/display"]));
    expect(disallowedPages).not.toContain("/");
    expect(disallowedPages).not.toContain("/club");
    expect(disallowedPages).not.toContain("/pricing");
    expect(new Set(disallowedPages).size).toBe(disallowedPages.length);
  });
});
