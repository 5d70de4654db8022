// What search engines read: /robots.txt (the public pages are theirs, the app and the API are
// not) and /sitemap.xml (the marketing pages and every open club's public page, nothing that
// needs a sign-in). Both are built from the client's own route list (shared/routes.ts), so a
// new signed-in page is kept from crawlers without anyone remembering to.
import type { FastifyPluginAsync } from "fastify";
import { clientRoutes, publicPages } from "../../../shared/routes.js";
import type { AppDeps } from "../../app-deps.js";
import { openClubSlugs } from "../clubs/service.js";

/** The most addresses one sitemap file may list (sitemaps.org). */
export const SITEMAP_LIMIT = 50_000;
/** Crawlers may keep these an hour: a new club waits that long to be listed, a closed one to go. */
const CRAWLER_CACHE = "public, max-age=3600";
/** Our own addresses that are not client routes and no crawler's business. */
const SERVER_ONLY = ["/api/", "/dev/", "/sandbox/", "/unsubscribe/"];

const publicSet = new Set<string>(publicPages);
/** The first segment of every client route that is neither a public page nor a club's page. */
export const disallowedPages = [
  ...new Set(
    clientRoutes
      .filter((route) => !publicSet.has(route) && !route.startsWith("/club/"))
      .map((route) => `/${route.split("/")[1]}`),
  ),
];

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!,
  );

/** A sitemap of these absolute addresses, each escaped for XML. */
export function sitemapXml(urls: string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((url) => `  <url><loc>${escapeXml(url)}</loc></url>`),
    "</urlset>",
    "",
  ].join("\n");
}

export function crawlerRoutes(deps: AppDeps): FastifyPluginAsync {
  const { appUrl } = deps.config;
  // No "Allow: /": what is not disallowed is allowed, and parsers that take the first matching
  // line (Python's urllib.robotparser) would read a leading one as allowing every path below.
  const robots = [
    "User-agent: *",
    ...[...SERVER_ONLY, ...disallowedPages].map((prefix) => `Disallow: ${prefix}`),
    "",
    `Sitemap: ${appUrl}/sitemap.xml`,
    "",
  ].join("\n");

  return async (app) => {
    app.get("/robots.txt", { schema: { hide: true } }, async (_request, reply) =>
      reply.type("text/plain; charset=utf-8").header("cache-control", CRAWLER_CACHE).send(robots),
    );

    app.get("/sitemap.xml", { schema: { hide: true } }, async (_request, reply) => {
      const slugs = await openClubSlugs(deps.database.db, SITEMAP_LIMIT - publicPages.length);
      const urls = [
        ...publicPages.map((page) => `${appUrl}${page}`),
        ...slugs.map((slug) => `${appUrl}/club/${encodeURIComponent(slug)}`),
      ];
      return reply
        .type("application/xml; charset=utf-8")
        .header("cache-control", CRAWLER_CACHE)
        .send(sitemapXml(urls));
    });
  };
}
