// The clubs' endpoints, served from their shared definitions (shared/contracts/clubs-endpoints.ts).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { clubsEndpoints as endpoints } from "../../../shared/contracts/clubs-endpoints.js";
import type { AppDeps } from "../../app-deps.js";
import { requireUser } from "../../platform/auth/current-user.js";
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
import { clubAccess, createOrganization } from "../members/service.js";
import { closeClub } from "./closing.js";

export function clubRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  const access = clubAccess(deps);
  return async (app) => {
    serve(app, endpoints.createClub, async (request) => {
      const user = await requireUser(deps.auth, request);
      await consume(db, [clubsStartedBy(user.id, deps.config.clubsPerAccountPerDay)]);
      return createOrganization(db, user, request.body, deps.now());
    });

    serve(app, endpoints.club, async (request) => {
      const club = await access(request, request.params.orgId, "club.view");
      const row = await getOrganization(db, club.organizationId);
      return { ...toOrganization(row), role: club.role };
    });

    serve(app, endpoints.updateClub, async (request) => {
      const club = await access(request, request.params.orgId, "club.edit");
      return updateProfile(db, club.organizationId, request.body, deps.now());
    });

    serve(app, endpoints.deleteClub, async (request) => {
      const club = await access(request, request.params.orgId, "club.delete");
      await closeClub(deps, club, request.body.confirmName);
    });

    serve(app, endpoints.courts, async (request) => {
      const club = await access(request, request.params.orgId, "club.view");
      return { courts: await listCourts(db, club.organizationId) };
    });

    serve(app, endpoints.addCourt, async (request) => {
      const club = await access(request, request.params.orgId, "courts.manage");
      return addCourt(db, club.organizationId, request.body.name, deps.now());
    });

    serve(app, endpoints.updateCourt, async (request) => {
      const club = await access(request, request.params.orgId, "courts.manage");
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
