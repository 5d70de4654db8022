// The signed-in person as every page asks for them (their account with their clubs), their
// profile, and deleting their account: these reach past the account feature into clubs and
// memberships, so they sit above both.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { deleteAccountBody, me, profileBody } from "../../../shared/contracts/account.js";
import type { AppDeps } from "../../app-deps.js";
import { type CurrentUser, currentUser, requireUser } from "../../platform/auth/current-user.js";
import { saveProfile } from "../account/service.js";
import { keptAccountWithClubs } from "../members/service.js";
import { deleteAccount } from "./delete-account.js";

export function meRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  const profileOf = async (user: CurrentUser) => {
    const own = await keptAccountWithClubs(db, user.id);
    return {
      user: { ...user, fullName: own?.name ?? user.name, avatarUrl: own?.avatarUrl ?? null },
      organizations: own?.organizations ?? [],
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
          security: [],
          response: { 200: z.object({ me: me.nullable() }) },
        },
      },
      async (request) => {
        const user = await currentUser(deps.auth, request);
        return { me: user ? await profileOf(user) : null };
      },
    );

    app.put(
      "/api/me/profile",
      {
        schema: {
          tags: ["account"],
          summary: "Change your full name and avatar",
          body: profileBody,
          response: { 200: me },
        },
      },
      async (request) => {
        const user = await requireUser(deps.auth, request);
        await saveProfile(db, user.id, request.body);
        return profileOf(user);
      },
    );

    app.delete(
      "/api/me",
      {
        schema: {
          tags: ["account"],
          summary:
            "Delete your account: you leave every club; what others rely on stays, anonymised. With deleteOwnedClubs, the clubs you own are deleted too",
          errors: ["OWNER_MUST_TRANSFER"],
          body: deleteAccountBody,
        },
      },
      async (request, reply) => {
        const user = await requireUser(deps.auth, request);
        await deleteAccount(deps, user.id, { deleteOwnedClubs: request.body?.deleteOwnedClubs === true });
        return reply.status(204).send();
      },
    );
  };
}
