// Which methods a path answers, for the Allow header of a 405 (RFC 9110 §15.5.6): a request
// whose method the path lacks learns what it has; a path no route has stays a 404.
//
// Fastify's router says whether a method matches a URL, but not which route matched, and the
// web client's page fallback (GET /*) matches every URL. So each route is also entered, as it
// is declared, in a second router that leaves out catch-alls at the root. Asking it once per
// method the app uses is a handful of tree walks, and only on a miss.
import Fastify, { type FastifyInstance } from "fastify";

/** The Allow header's order: the usual ones first, anything else after, alphabetically. */
const usual = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const rank = (method: string) => {
  const index = usual.indexOf(method);
  return index === -1 ? usual.length : index;
};

/** Starts listening for routes (call it before any is declared); returns the lookup. */
export function trackAllowedMethods(app: FastifyInstance): (url: string) => string[] {
  const { caseSensitive, ignoreTrailingSlash, ignoreDuplicateSlashes } =
    app.initialConfig.routerOptions ?? {};
  // Only a router, never started. It matches paths as the app does, except that a parameter
  // may be any length: an over-long one still names a route the path has.
  const routes = Fastify({
    exposeHeadRoutes: false,
    routerOptions: {
      caseSensitive,
      ignoreTrailingSlash,
      ignoreDuplicateSlashes,
      maxParamLength: Number.MAX_SAFE_INTEGER,
    },
  });
  const methods = new Set<string>();
  app.addHook("onRoute", (route) => {
    // A catch-all at the root matches every path, so it cannot say that a path exists.
    if (route.url === "/*") return;
    for (const method of [route.method].flat()) {
      methods.add(method);
      // Fastify hears of a HEAD twin it declares for a GET as well; a second one is harmless.
      if (!routes.hasRoute({ method, url: route.url }))
        routes.route({ method, url: route.url, handler: async () => null });
    }
  });
  return (url) =>
    [...methods]
      .filter((method) => routes.findRoute({ method, url }) !== null)
      .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
