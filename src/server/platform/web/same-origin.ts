// Cross-site request forgery is refused at the door. A browser names the page behind every
// state-changing request (Origin, or Sec-Fetch-Site on the few requests without it), so a
// request from another site's page is refused before it reaches a route, and a JSON content
// type is required of any body: another site's page cannot send one without a CORS preflight,
// which we never grant. A request that names no origin at all comes from a program, not a
// browser, and carries no cookie a browser would attach for someone else.
// See docs/decisions/006-hardening.md.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { messages } from "../../../shared/domain/messages.js";
import type { Config } from "../../config.js";
import { AppError } from "../errors/app-error.js";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route takes plain HTML form posts (application/x-www-form-urlencoded) from our own pages. */
    acceptsForms?: boolean;
    /** The route also takes multipart/form-data (RFC 8058's one-click unsubscribe; multipart-form.ts). */
    acceptsMultipart?: boolean;
  }
}

export function isSameOrigin(request: FastifyRequest, config: Pick<Config, "ownOrigins">): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== "null") return config.ownOrigins.includes(origin);
  // "null": the page's referrer policy (ours is no-referrer) hides the origin of a form post;
  // the browser's own Sec-Fetch-Site still tells.
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined) return site === "same-origin";
  return origin === undefined;
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers["content-length"];
  return request.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

export function refuseCrossSiteWrites(app: FastifyInstance, config: Pick<Config, "ownOrigins">): void {
  app.addHook("onRequest", async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (!isSameOrigin(request, config)) throw new AppError("CROSS_SITE", messages.crossSite);
    if (!hasBody(request)) return;
    const type = (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    const allowed =
      type === "application/json" ||
      (type === "application/x-www-form-urlencoded" && request.routeOptions.config?.acceptsForms === true) ||
      (type === "multipart/form-data" && request.routeOptions.config?.acceptsMultipart === true);
    if (!allowed) throw new AppError("UNSUPPORTED_MEDIA_TYPE", messages.jsonOnly);
  });
}
