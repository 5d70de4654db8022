// The public club page and the request to join sent from it, served from their shared
// definitions (shared/contracts/clubs-endpoints.ts).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { publicClubEndpoints as endpoints } from "../../../shared/contracts/clubs-endpoints.js";
import type { AppDeps } from "../../app-deps.js";
import { currentUser } from "../../platform/auth/current-user.js";
import { addressKey, consume } from "../../platform/auth/rate-limit.js";
import { serve } from "../../platform/web/serve-endpoint.js";
import { askToJoin, publicClubPage as loadPage } from "./public-page.js";

export function publicClubRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  return async (app) => {
    serve(app, endpoints.page, async (request) => {
      const viewer = await currentUser(deps.auth, request);
      return loadPage(db, request.params.slug, viewer?.id ?? null, deps.now());
    });

    serve(app, endpoints.requestToJoin, async (request) => {
      const { user } = request;
      // A new request mails the club's owner and admins (one already pending mails nobody
      // again): a cap per person and per address on asking.
      await consume(db, [
        { key: `join-requests:user:${user.id}`, max: 10, windowSeconds: 60 * 60 },
        { key: `join-requests:ip:${addressKey(request.ip)}`, max: 30, windowSeconds: 60 * 60 },
      ]);
      await askToJoin(deps, request.params.slug, user.id, request.body.message);
      return { status: "pending" as const };
    });
  };
}
