// The ladder's endpoints, served from their shared definitions (shared/contracts/ladder-endpoints.ts).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ladderEndpoints as endpoints } from "../../../shared/contracts/ladder-endpoints.js";
import { can } from "../../../shared/domain/capabilities.js";
import type { AppDeps } from "../../app-deps.js";
import { serve } from "../../platform/web/serve-endpoint.js";
import { answerMatch, decideMatch, deleteMatch, editMatch, logMatch } from "./matches.js";
import { ladderMatchesCsv } from "./matches-csv.js";
import { listMatches, matchById } from "./matches-view.js";
import { playerView } from "./player-view.js";
import { ladderView } from "./standings-view.js";

export function ladderRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  /** A match as its viewer sees it, after a change to it. */
  const viewOf = async (club: { organizationId: string; userId: string }, matchId: string) =>
    (await matchById(db, club.organizationId, matchId, club.userId, deps.now()))!;
  return async (app) => {
    serve(app, endpoints.standings, async (request) => {
      const { club } = request;
      const { format, limit, after } = request.query;
      return ladderView(db, club.organizationId, format, { limit, after }, deps.now());
    });

    serve(app, endpoints.matchesCsv, async (request, reply) => {
      const { club } = request;
      const { format } = request.query;
      reply.header("content-disposition", `attachment; filename="ladder-${format}-matches.csv"`);
      return ladderMatchesCsv(db, club.organizationId, format);
    });

    serve(app, endpoints.matches, async (request) => {
      const { club } = request;
      return listMatches(db, club.organizationId, request.query, club.userId, deps.now());
    });

    serve(app, endpoints.logMatch, async (request) => {
      const { club } = request;
      const row = await logMatch(deps, club, request.body, can(club.role, "matches.manage"), deps.now());
      return viewOf(club, row.id);
    });

    serve(app, endpoints.editMatch, async (request) => {
      const { club } = request;
      return viewOf(club, (await editMatch(deps, club, request.params.matchId, request.body, deps.now())).id);
    });

    serve(app, endpoints.deleteMatch, async (request) => {
      const { club } = request;
      await deleteMatch(db, club, request.params.matchId, deps.now());
    });

    for (const [definition, answer] of [
      [endpoints.confirmMatch, "confirm"],
      [endpoints.disputeMatch, "dispute"],
    ] as const) {
      serve(app, definition, async (request) => {
        const { club } = request;
        return viewOf(club, (await answerMatch(db, club, request.params.matchId, answer, deps.now())).id);
      });
    }

    serve(app, endpoints.decideMatch, async (request) => {
      const { club } = request;
      const { outcome } = request.body;
      return viewOf(club, (await decideMatch(db, club, request.params.matchId, outcome, deps.now())).id);
    });

    serve(app, endpoints.player, async (request) => {
      const { club } = request;
      return playerView(db, club.organizationId, request.params.userId, club.userId, deps.now());
    });
  };
}
