import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  court,
  courtParams,
  createCourtBody,
  createOrganizationBody,
  createOrganizationResponse,
  deleteClubBody,
  membership,
  organization,
  updateCourtBody,
  updateOrganizationBody,
} from "../../../shared/contracts/clubs.js";
import { orgParams } from "../../../shared/contracts/common.js";
import type { AppDeps } from "../../app-deps.js";
import { requireUser } from "../../platform/auth/current-user.js";
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
    app.post(
      "/api/orgs",
      {
        schema: {
          errors: ["SLUG_TAKEN", "PLAN_LIMIT_REACHED"],
          tags: ["clubs"],
          summary: "Create a club; the creator becomes its owner",
          body: createOrganizationBody,
          response: { 201: createOrganizationResponse },
        },
      },
      async (request, reply) => {
        const user = await requireUser(deps.auth, request);
        const created = await createOrganization(db, user, request.body, deps.now());
        return reply.status(201).send(created);
      },
    );

    app.get(
      "/api/orgs/:orgId",
      {
        schema: {
          summary: "The club's profile",
          tags: ["clubs"],
          params: orgParams,
          response: { 200: membership },
        },
      },
      async (request) => {
        const club = await access(request, request.params.orgId, "club.view");
        const row = await getOrganization(db, club.organizationId);
        return { ...toOrganization(row), role: club.role };
      },
    );

    app.put(
      "/api/orgs/:orgId",
      {
        schema: {
          tags: ["clubs"],
          summary: "Edit the club's profile",
          params: orgParams,
          body: updateOrganizationBody,
          response: { 200: organization },
        },
      },
      async (request) => {
        const club = await access(request, request.params.orgId, "club.edit");
        return updateProfile(db, club.organizationId, request.body, deps.now());
      },
    );

    app.delete(
      "/api/orgs/:orgId",
      {
        schema: {
          errors: ["INVALID_TRANSITION"],
          tags: ["clubs"],
          summary:
            "Delete the club: its sessions are cancelled and paid places refunded, its members told; it answers 404 at once and its data is removed once the refunds are made",
          params: orgParams,
          body: deleteClubBody,
        },
      },
      async (request, reply) => {
        const club = await access(request, request.params.orgId, "club.delete");
        await closeClub(deps, club, request.body.confirmName);
        return reply.status(204).send();
      },
    );

    app.get(
      "/api/orgs/:orgId/courts",
      {
        schema: {
          summary: "The club's courts",
          tags: ["clubs"],
          params: orgParams,
          response: { 200: z.object({ courts: z.array(court) }) },
        },
      },
      async (request) => {
        const club = await access(request, request.params.orgId, "club.view");
        return { courts: await listCourts(db, club.organizationId) };
      },
    );

    app.post(
      "/api/orgs/:orgId/courts",
      {
        schema: {
          summary: "Add a court",
          errors: ["COURT_NAME_TAKEN", "PLAN_LIMIT_REACHED"],
          tags: ["clubs"],
          params: orgParams,
          body: createCourtBody,
          response: { 201: court },
        },
      },
      async (request, reply) => {
        const club = await access(request, request.params.orgId, "courts.manage");
        return reply.status(201).send(await addCourt(db, club.organizationId, request.body.name, deps.now()));
      },
    );

    app.patch(
      "/api/orgs/:orgId/courts/:courtId",
      {
        schema: {
          errors: ["COURT_IN_USE", "COURT_NAME_TAKEN", "PLAN_LIMIT_REACHED"],
          tags: ["clubs"],
          summary: "Rename a court, or take it out of play (ending its game when told to) and back",
          params: courtParams,
          body: updateCourtBody,
          response: { 200: court },
        },
      },
      async (request) => {
        const club = await access(request, request.params.orgId, "courts.manage");
        const { endRunningGame = false, ...change } = request.body;
        const { courtId } = request.params;
        // Leaving play, a court's game on the live board ends first (when the organizer says so).
        const leaving =
          change.isActive === false
            ? courtLeavingPlay(deps, club.organizationId, courtId, endRunningGame)
            : undefined;
        return updateCourt(db, club.organizationId, courtId, change, deps.now(), leaving);
      },
    );
  };
}
