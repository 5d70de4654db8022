import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { joinRequestBody, publicClubPage, slugParams } from "../../../shared/contracts/public-club.js";
import type { AppDeps } from "../../app-deps.js";
import { currentUser, requireUser } from "../../platform/auth/current-user.js";
import { addressKey, consume } from "../../platform/auth/rate-limit.js";
import { askToJoin, publicClubPage as loadPage } from "./public-page.js";

export function publicClubRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  return async (app) => {
    app.get(
      "/api/public/clubs/:slug",
      {
        schema: {
          tags: ["public"],
          security: [],
          summary: "The public club page: profile, next sessions, and the viewer's standing",
          params: slugParams,
          response: { 200: publicClubPage },
        },
      },
      async (request) => {
        const viewer = await currentUser(deps.auth, request);
        return loadPage(db, request.params.slug, viewer?.id ?? null, deps.now());
      },
    );

    app.post(
      "/api/public/clubs/:slug/join-requests",
      {
        schema: {
          errors: ["REQUEST_PENDING", "ALREADY_MEMBER", "RATE_LIMITED"],
          tags: ["public"],
          summary: "Ask to join the club",
          params: slugParams,
          body: joinRequestBody,
        },
      },
      async (request, reply) => {
        const user = await requireUser(deps.auth, request);
        // Each request mails the club's admins: a cap per person and per address.
        await consume(db, [
          { key: `join-requests:user:${user.id}`, max: 10, windowSeconds: 60 * 60 },
          { key: `join-requests:ip:${addressKey(request.ip)}`, max: 30, windowSeconds: 60 * 60 },
        ]);
        await askToJoin(db, request.params.slug, user.id, request.body.message, deps.now());
        return reply.status(201).send({ status: "pending" });
      },
    );
  };
}
