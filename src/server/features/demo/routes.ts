import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.js";
import { requireUser } from "../../platform/auth/current-user.js";
import { AppError } from "../../platform/errors/app-error.js";
import { listMemberships } from "../members/service.js";
import { assertDemoAllowed, seedDemoClub } from "./seed.js";

/** A first look for someone in no club yet: a demo club of their own, at its own address. */
async function startDemo(deps: AppDeps, user: { id: string; name: string }) {
  if ((await listMemberships(deps.database.db, user.id)).length > 0) {
    throw new AppError(
      "ALREADY_IN_A_CLUB",
      "The demo club is for a first look: you already belong to a club.",
    );
  }
  return seedDemoClub(deps, user, `riverside-demo-${user.id.slice(0, 8).toLowerCase()}`);
}

export function demoRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/demo",
      {
        schema: {
          tags: ["demo"],
          security: [],
          summary: "Whether a demo club can be loaded here",
          response: { 200: z.object({ available: z.boolean() }) },
        },
      },
      async () => ({ available: deps.config.demo }),
    );
    app.post(
      "/api/demo",
      {
        schema: {
          errors: ["ALREADY_IN_A_CLUB"],
          tags: ["demo"],
          summary: "Load a demo club owned by the signed-in person (local installs only)",
          response: { 201: z.object({ organizationId: z.uuid() }) },
        },
      },
      async (request, reply) => {
        assertDemoAllowed(deps);
        const user = await requireUser(deps.auth, request);
        const { organizationId } = await startDemo(deps, user);
        return reply.status(201).send({ organizationId });
      },
    );
  };
}
