// The web client's routes. The server answers index.html for these with 200 and for any
// other path with 404, so a mistyped link is a real miss in the logs and to crawlers.
export const clientRoutes = [
  "/",
  "/features",
  "/pricing",
  "/about",
  "/privacy",
  "/terms",
  "/auth",
  "/onboarding",
  "/dashboard",
  "/board",
  "/ladder",
  "/sessions",
  "/billing",
  "/members",
  "/settings",
  "/club/:slug",
  "/invite/:token",
  "/display/:token",
  "/sessions/:sessionId",
  "/sessions/:sessionId/check-in",
  "/events/plan",
  "/players/:userId",
] as const;

export function isClientRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return clientRoutes.some((route) => {
    if (!route.includes(":")) return route === path;
    const pattern = new RegExp(`^${route.replace(/:[a-zA-Z]+/g, "[^/]+")}$`);
    return pattern.test(path);
  });
}

/**
 * The pages search engines are welcome to: the marketing pages (robots.txt and sitemap.xml),
 * besides each open club's /club/:slug. Every other client route is someone's own (the app, a
 * sign-in, a secret link) and robots.txt asks crawlers to stay out of it.
 */
export const publicPages = ["/", "/features", "/pricing", "/about", "/privacy", "/terms"] as const;
