import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { me } from "../../../shared/contracts/account.js";
import type { AppDeps } from "../../app-deps.js";
import { profiles } from "../../db/schema.js";
import { requireUser } from "../../platform/auth/current-user.js";
import { listMemberships } from "../clubs/service.js";

export function accountRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  return async (app) => {
    app.get(
      "/api/me",
      { schema: { tags: ["account"], summary: "The signed-in user and their clubs", response: { 200: me } } },
      async (request) => {
        const user = await requireUser(deps.auth, request);
        const [profile] = await db
          .select({ fullName: profiles.fullName })
          .from(profiles)
          .where(eq(profiles.id, user.id))
          .limit(1);
        return {
          user: { ...user, fullName: profile?.fullName ?? user.name },
          organizations: await listMemberships(db, user.id),
        };
      },
    );
  };
}
