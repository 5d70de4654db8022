// The demo club, served from its shared definitions (shared/contracts/account-endpoints.ts).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { demoEndpoints as endpoints } from "../../../shared/contracts/account-endpoints.js";
import type { AppDeps } from "../../app-deps.js";
import { AppError } from "../../platform/errors/app-error.js";
import { serve } from "../../platform/web/serve-endpoint.js";
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
    serve(app, endpoints.availability, async () => ({ available: deps.config.demo }));

    serve(app, endpoints.start, async (request) => {
      assertDemoAllowed(deps);
      const { user } = request;
      const { organizationId } = await startDemo(deps, user);
      return { organizationId };
    });
  };
}
