import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  court,
  createOrganizationBody,
  createOrganizationResponse,
  membership,
} from "../../../shared/contracts/clubs.js";
import { orgParams } from "../../../shared/contracts/common.js";
import type { AppDeps } from "../../app-deps.js";
import { requireUser } from "../../platform/auth/current-user.js";
import { requireMember } from "../members/policy.js";
import { createOrganization, getOrganization, listCourts, toOrganization } from "./service.js";

export function clubRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  return async (app) => {
    app.post(
      "/api/orgs",
      {
        schema: {
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
      { schema: { tags: ["clubs"], params: orgParams, response: { 200: membership } } },
      async (request) => {
        const user = await requireUser(deps.auth, request);
        const access = await requireMember(db, request.params.orgId, user.id);
        const row = await getOrganization(db, access.organizationId);
        return { ...toOrganization(row), role: access.role };
      },
    );

    app.get(
      "/api/orgs/:orgId/courts",
      {
        schema: {
          tags: ["clubs"],
          params: orgParams,
          response: { 200: z.object({ courts: z.array(court) }) },
        },
      },
      async (request) => {
        const user = await requireUser(deps.auth, request);
        const access = await requireMember(db, request.params.orgId, user.id);
        return { courts: await listCourts(db, access.organizationId) };
      },
    );
  };
}
