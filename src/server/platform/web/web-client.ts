// Serves the built web client: hashed assets with long caching, and index.html for client
// routes (404 for anything else, with the miss logged).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { clubPageMeta, type PageMeta, pageMeta } from "../../../shared/page-meta.js";
import { isClientRoute } from "../../../shared/routes.js";
import { sessionCookieOf } from "../auth/current-user.js";

type ClubPreview = {
  name: string;
  location: string | null;
  description: string | null;
  logoUrl: string | null;
};

export async function registerWebClient(
  app: FastifyInstance,
  webRoot: string,
  options: {
    appUrl: string;
    /** The club a /club/:slug link names, for its title and preview tags (the composition root asks clubs). */
    clubPreview?: (slug: string) => Promise<ClubPreview | null>;
  },
): Promise<void> {
  const indexFile = path.join(webRoot, "index.html");
  if (!existsSync(indexFile))
    throw new Error(`The web client is not built: ${indexFile} is missing. Run npm run build.`);
  const indexHtml = readFileSync(indexFile, "utf8");
  // The landing page as plain HTML, for visitors (scripts/prerender-landing.mjs): someone with
  // a session cookie gets the app, which takes them to their dashboard.
  const landingFile = path.join(webRoot, "landing.html");
  const landingHtml = existsSync(landingFile) ? readFileSync(landingFile, "utf8") : null;
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
    // scripts/compress-assets.mjs wrote .br and .gz copies at build time.
    preCompressed: true,
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header("cache-control", "public, max-age=31536000, immutable");
      }
    },
  });
  // Browsers ask for /favicon.ico wherever a page names no icon (our server-rendered pages,
  // a bookmarked API address): the one icon we have answers it.
  app.get("/favicon.ico", { schema: { hide: true } }, async (_request, reply) =>
    reply.header("cache-control", "public, max-age=86400").sendFile("favicon.svg"),
  );
  app.get("/*", { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    if (pathname.startsWith("/api/")) {
      return reply
        .status(404)
        .send({ error: { code: "NOT_FOUND", message: `No route for GET ${pathname}` } });
    }
    const known = isClientRoute(pathname);
    if (!known) request.log.warn({ path: pathname }, "page not found");
    const club = pathname.match(/^\/club\/([^/]+)\/?$/);
    // The preview is a nicety: without the database (or with a garbled address) the page still
    // loads, and says what is wrong itself.
    const preview =
      club && options.clubPreview
        ? await Promise.resolve()
            .then(() => options.clubPreview?.(decodeURIComponent(club[1]!).toLowerCase()) ?? null)
            .catch((error: unknown) => {
              request.log.warn({ err: error }, "club preview unavailable");
              return null;
            })
        : null;
    const meta = preview ? clubPageMeta(preview) : pageMeta(pathname);
    const visitorAtHome = pathname === "/" && landingHtml !== null && !sessionCookieOf(request);
    if (pathname === "/") reply.header("vary", "cookie");
    return reply
      .status(known ? 200 : 404)
      .type("text/html")
      .header("cache-control", "no-cache")
      .send(
        withMeta(
          visitorAtHome ? landingHtml : indexHtml,
          meta,
          `${options.appUrl}${pathname}`,
          preview?.logoUrl ?? null,
        ),
      );
  });
}

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
