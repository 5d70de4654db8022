// Serves the built web client: hashed assets with long caching, and index.html for client
// routes (404 for anything else, with the miss logged).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { isClientRoute } from "../../../shared/routes.js";

export async function registerWebClient(app: FastifyInstance, webRoot: string): Promise<void> {
  const indexFile = path.join(webRoot, "index.html");
  if (!existsSync(indexFile))
    throw new Error(`The web client is not built: ${indexFile} is missing. Run npm run build.`);
  const indexHtml = readFileSync(indexFile, "utf8");
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
    return reply
      .status(known ? 200 : 404)
      .type("text/html")
      .header("cache-control", "no-cache")
      .send(indexHtml);
  });
}
