// The ladder's endpoints: standings per format, matches (log, answer, decide, edit, delete)
// and a player's page. Anyone in the club reads; logging needs to have played (or to manage).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { orgParams } from "../../../shared/contracts/common.js";
import {
  decideBody,
  ladderQuery,
  ladderView as ladderViewSchema,
  matchBody,
  matchesQuery,
  matchParams,
  matchView,
  playerParams,
  playerView as playerViewSchema,
} from "../../../shared/contracts/ladder.js";
import { can } from "../../../shared/domain/capabilities.js";
import type { AppDeps } from "../../app-deps.js";
import { clubAccess } from "../members/service.js";
import { answerMatch, decideMatch, deleteMatch, editMatch, logMatch } from "./matches.js";
import { ladderView, listMatches, matchById, playerView } from "./views.js";

export function ladderRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  const access = clubAccess(deps);
  const tags = ["ladder"];
  const viewOf = (organizationId: string, matchId: string, viewerId: string) =>
    matchById(db, organizationId, matchId, viewerId, deps.now());
  return async (app) => {
    app.get(
      "/api/orgs/:orgId/ladder",
      {
        schema: {
          summary: "The club's ladder",
          tags,
          params: orgParams,
          querystring: ladderQuery,
          response: { 200: ladderViewSchema },
        },
      },
      async (request) => {
        const club = await access(request, request.params.orgId, "club.view");
        return ladderView(db, club.organizationId, request.query.format);
      },
    );

    app.get(
      "/api/orgs/:orgId/matches",
      {
        schema: {
          summary: "Logged matches",
          tags,
          params: orgParams,
          querystring: matchesQuery,
          response: { 200: z.object({ matches: z.array(matchView) }) },
        },
      },
      async (request) => {
        const club = await access(request, request.params.orgId, "club.view");
        return {
          matches: await listMatches(db, club.organizationId, request.query, club.userId, deps.now()),
        };
      },
    );

    app.post(
      "/api/orgs/:orgId/matches",
      {
        schema: {
          errors: ["TOO_MANY_PENDING_MATCHES"],
          tags,
          summary: "Log a match you played (organizers: any match, counted at once unless they played in it)",
          params: orgParams,
          body: matchBody,
          response: { 201: matchView },
        },
      },
      async (request, reply) => {
        const club = await access(request, request.params.orgId, "club.view");
        const now = deps.now();
        const row = await logMatch(deps, club, request.body, can(club.role, "matches.manage"), now);
        return reply.status(201).send((await viewOf(club.organizationId, row.id, club.userId))!);
      },
    );

    app.put(
      "/api/orgs/:orgId/matches/:matchId",
      {
        schema: {
          tags,
          summary: "Edit a match",
          params: matchParams,
          body: matchBody,
          response: { 200: matchView },
        },
      },
      async (request) => {
        const club = await access(request, request.params.orgId, "matches.manage");
        const row = await editMatch(deps, club, request.params.matchId, request.body, deps.now());
        return await viewOf(club.organizationId, row.id, club.userId);
      },
    );

    app.delete(
      "/api/orgs/:orgId/matches/:matchId",
      { schema: { tags, summary: "Delete a match", params: matchParams } },
      async (request, reply) => {
        const club = await access(request, request.params.orgId, "matches.manage");
        await deleteMatch(db, club, request.params.matchId, deps.now());
        return reply.status(204).send();
      },
    );

    for (const answer of ["confirm", "dispute"] as const) {
      app.post(
        `/api/orgs/:orgId/matches/:matchId/${answer}`,
        {
          schema: {
            errors: ["MATCH_ANSWERED"],
            tags,
            summary: `${answer} a match logged by the other side`,
            params: matchParams,
            response: { 200: matchView },
          },
        },
        async (request) => {
          const club = await access(request, request.params.orgId, "club.view");
          const row = await answerMatch(db, club, request.params.matchId, answer, deps.now());
          return await viewOf(club.organizationId, row.id, club.userId);
        },
      );
    }

    app.post(
      "/api/orgs/:orgId/matches/:matchId/decide",
      {
        schema: {
          errors: ["MATCH_NOT_DISPUTED"],
          tags,
          summary: "Decide a disputed match",
          params: matchParams,
          body: decideBody,
          response: { 200: matchView },
        },
      },
      async (request) => {
        const club = await access(request, request.params.orgId, "matches.manage");
        const row = await decideMatch(db, club, request.params.matchId, request.body.outcome, deps.now());
        return await viewOf(club.organizationId, row.id, club.userId);
      },
    );

    app.get(
      "/api/orgs/:orgId/players/:userId",
      {
        schema: {
          summary: "A player's ladder page",
          tags,
          params: playerParams,
          response: { 200: playerViewSchema },
        },
      },
      async (request) => {
        const club = await access(request, request.params.orgId, "club.view");
        return playerView(db, club.organizationId, request.params.userId, club.userId, deps.now());
      },
    );
  };
}
