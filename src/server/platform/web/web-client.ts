// Serves the built web client: hashed assets with long caching (cacheControlOf), and index.html for client
// routes (404 for anything else, with the miss logged). Its page fallback (GET /*) serves no
// /api address: those go to the app's not-found answer.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { clubPageMeta, type PageMeta, pageMeta } from "../../../shared/page-meta.js";
import { isClientRoute } from "../../../shared/routes.js";
import { sessionCookieOf } from "../auth/current-user.js";
import { withStandInNotice } from "./stand-in-notice.js";
import type { ClubPreview, VisitorPages } from "./visitor-pages.js";

export async function registerWebClient(
  app: FastifyInstance,
  webRoot: string,
  options: {
    appUrl: string;
    /** The club a /club/:slug link names, for its title and preview tags (the composition root asks clubs). */
    clubPreview?: (slug: string) => Promise<ClubPreview | null>;
    /** The landing and club pages a visitor is sent without the app (visitor-pages.ts). */
    visitorPages?: VisitorPages | null;
    /** Said at the top of every page: the stand-ins a production server runs on (stand-in-notice.ts). */
    standInNotice?: string;
  },
): Promise<void> {
  const indexFile = path.join(webRoot, "index.html");
  if (!existsSync(indexFile))
    throw new Error(`The web client is not built: ${indexFile} is missing. Run npm run build.`);
  const indexHtml = withStandInNotice(readFileSync(indexFile, "utf8"), options.standInNotice);
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
    // scripts/compress-assets.mjs wrote .br and .gz copies at build time.
    preCompressed: true,
    setHeaders: (res, filePath) => {
      const cacheControl = cacheControlOf(path.relative(webRoot, filePath));
      if (cacheControl) res.header("cache-control", cacheControl);
    },
  });
  // Browsers ask for /favicon.ico wherever a page names no icon (our server-rendered pages,
  // a bookmarked API address): the one icon we have answers it.
  app.get("/favicon.ico", { schema: { hide: true } }, async (_request, reply) =>
    reply.header("cache-control", "public, max-age=86400").sendFile("favicon.svg"),
  );
  app.get("/*", { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    // An API address is never a page: the app's own not-found answer says whether the path
    // is unknown (404) or answers other methods (405).
    if (pathname.startsWith("/api/")) {
      reply.callNotFound();
      return reply;
    }
    const known = isClientRoute(pathname);
    if (!known) request.log.warn({ path: pathname }, "page not found");
    const club = pathname.match(/^\/club\/([^/]+)\/?$/);
    const slug = club ? safeDecode(club[1]!)?.toLowerCase() : undefined;
    // A visitor's landing or club page is HTML without the app; someone with a session cookie
    // gets the app (which takes them on to their dashboard, or lets them ask to join).
    const visitorPages = sessionCookieOf(request) ? null : (options.visitorPages ?? null);
    if (pathname === "/" || club) reply.header("vary", "cookie");
    // The page and its preview are niceties: without the database (or with a garbled address)
    // the app still loads, and says what is wrong itself.
    const unavailable = (what: string) => (error: unknown) => {
      request.log.warn({ err: error }, `${what} unavailable`);
      return null;
    };
    const visitorClub =
      slug && visitorPages ? await visitorPages.club(slug).catch(unavailable("club page")) : null;
    const preview =
      visitorClub?.preview ??
      (slug && options.clubPreview
        ? await options.clubPreview(slug).catch(unavailable("club preview"))
        : null);
    const landing =
      pathname === "/" && visitorPages
        ? await visitorPages.landing().catch(unavailable("landing page"))
        : null;
    const markup = visitorClub?.markup ?? landing ?? undefined;
    const html =
      markup !== undefined && visitorPages
        ? withStandInNotice(visitorPages.page(markup), options.standInNotice)
        : indexHtml;
    const meta = preview ? clubPageMeta(preview) : pageMeta(pathname);
    return reply
      .status(known ? 200 : 404)
      .type("text/html")
      .header("cache-control", "no-cache")
      .send(withMeta(html, meta, `${options.appUrl}${pathname}`, preview?.logoUrl ?? null));
  });
}

/**
 * How long a browser may keep one of the client's files (its path under the web root, maybe as
 * its .br or .gz copy): hashed assets forever; the files whose address never changes but whose
 * content does (the service worker, the manifest, the shell) only after asking again, since a
 * kept service worker would keep every tab on the old version; icons for a day.
 */
export function cacheControlOf(file: string): string | null {
  const name = file
    .split(path.sep)
    .join("/")
    .replace(/\.(br|gz)$/, "");
  if (name.startsWith("assets/")) return "public, max-age=31536000, immutable";
  if (name === "sw.js" || name === "manifest.webmanifest" || name.endsWith(".html")) return "no-cache";
  if (name.startsWith("icons/")) return "public, max-age=86400";
  return null;
}

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/** The page's title, description and Open Graph tags, written into the HTML the server sends. */
function withMeta(html: string, meta: PageMeta, url: string, image: string | null): string {
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  const tags = [
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Courtside" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    ...(image && /^https:\/\//.test(image)
      ? [`<meta property="og:image" content="${escapeHtml(image)}" />`]
      : []),
    `<meta name="twitter:card" content="summary" />`,
  ].join("\n    ");
  // Replacer functions, not strings: a "$'" or "$&" in a club's text must stay as it is.
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replace(
      /<meta name="description" content="[^"]*" \/>/,
      () => `<meta name="description" content="${description}" />`,
    )
    .replace("</head>", () => `    ${tags}\n  </head>`);
}
