// The clubs' endpoints, served from their shared definitions (shared/contracts/clubs-endpoints.ts).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { clubsEndpoints as endpoints } from "../../../shared/contracts/clubs-endpoints.js";
import type { AppDeps } from "../../app-deps.js";
import { consume } from "../../platform/auth/rate-limit.js";
import { clubsStartedBy } from "../../platform/mail/sending-caps.js";
import { serve } from "../../platform/web/serve-endpoint.js";
import {
  addCourt,
  getOrganization,
  listCourts,
  toOrganization,
  updateCourt,
  updateProfile,
} from "../clubs/service.js";
import { courtLeavingPlay } from "../courts/service.js";
import { createOrganization } from "../members/service.js";
import { closeClub } from "./closing.js";

export function clubRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  return async (app) => {
    serve(app, endpoints.createClub, async (request) => {
      const { user } = request;
      await consume(db, [clubsStartedBy(user.id, deps.config.clubsPerAccountPerDay)]);
      return createOrganization(db, user, request.body, deps.now());
    });

    serve(app, endpoints.club, async (request) => {
      const { club } = request;
      const row = await getOrganization(db, club.organizationId);
      return { ...toOrganization(row), role: club.role };
    });

    serve(app, endpoints.updateClub, async (request) => {
      const { club } = request;
      return updateProfile(db, club.organizationId, request.body, deps.now());
    });

    serve(app, endpoints.deleteClub, async (request) => {
      const { club } = request;
      await closeClub(deps, club, request.body.confirmName);
    });

    serve(app, endpoints.courts, async (request) => {
      const { club } = request;
      return { courts: await listCourts(db, club.organizationId) };
    });

    serve(app, endpoints.addCourt, async (request) => {
      const { club } = request;
      return addCourt(db, club.organizationId, request.body.name, deps.now());
    });

    serve(app, endpoints.updateCourt, async (request) => {
      const { club } = request;
      const { endRunningGame = false, ...change } = request.body;
      const { courtId } = request.params;
      // Leaving play, a court's game on the live board ends first (when the organizer says so).
      const leaving =
        change.isActive === false
          ? courtLeavingPlay(deps, club.organizationId, courtId, endRunningGame)
          : undefined;
      return updateCourt(db, club.organizationId, courtId, change, deps.now(), leaving);
    });
  };
}
