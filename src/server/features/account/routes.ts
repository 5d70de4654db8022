import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { me } from "../../../shared/contracts/account.js";
import type { AppDeps } from "../../app-deps.js";
import { type CurrentUser, currentUser, requireUser } from "../../platform/auth/current-user.js";
import { listMemberships } from "../clubs/service.js";
import { person } from "./service.js";

export function accountRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  const profileOf = async (user: CurrentUser) => {
    const known = await person(db, user.id);
    return {
      user: { ...user, fullName: known?.name ?? user.name },
      organizations: await listMemberships(db, user.id),
    };
  };
  return async (app) => {
    app.get(
      "/api/me",
      { schema: { tags: ["account"], summary: "The signed-in user and their clubs", response: { 200: me } } },
      async (request) => profileOf(await requireUser(deps.auth, request)),
    );
    // The client's first question on every page: a visitor is an answer, not an error (a 401
    // would be logged in every visitor's console).
    app.get(
      "/api/session",
      {
        schema: {
          tags: ["account"],
          summary: "Who is signed in, if anyone: the same as /api/me, or null for a visitor",
          response: { 200: z.object({ me: me.nullable() }) },
        },
      },
      async (request) => {
        const user = await currentUser(deps.auth, request);
        return { me: user ? await profileOf(user) : null };
      },
    );
  };
}
