// The signed-in person as every page asks for them (their account with their clubs), their
// profile, and deleting their account: these reach past the account feature into clubs and
// memberships, so they sit above both. Served from their shared definitions
// (shared/contracts/account-endpoints.ts).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { meEndpoints as endpoints } from "../../../shared/contracts/account-endpoints.js";
import type { AppDeps } from "../../app-deps.js";
import { type CurrentUser, currentUser } from "../../platform/auth/current-user.js";
import { serve } from "../../platform/web/serve-endpoint.js";
import { saveProfile } from "../account/service.js";
import { keptAccountWithClubs } from "../members/service.js";
import { deleteAccount } from "./delete-account.js";

export function meRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  const profileOf = async (user: CurrentUser) => {
    const own = await keptAccountWithClubs(db, user.id);
    return {
      user: {
        ...user,
        fullName: own?.name ?? user.name,
        avatarUrl: own?.avatarUrl ?? null,
        gender: own?.gender ?? null,
      },
      organizations: own?.organizations ?? [],
    };
  };
  return async (app) => {
    serve(app, endpoints.me, async (request) => profileOf(request.user));

    // A visitor is an answer (null), not a 401.
    serve(app, endpoints.session, async (request) => {
      const user = await currentUser(deps.auth, request);
      return { me: user ? await profileOf(user) : null };
    });

    serve(app, endpoints.saveProfile, async (request) => {
      const { user } = request;
      await saveProfile(db, user.id, request.body);
      return profileOf(user);
    });

    serve(app, endpoints.deleteAccount, async (request) => {
      const { user } = request;
      await deleteAccount(deps, user.id, { deleteOwnedClubs: request.body?.deleteOwnedClubs === true });
    });
  };
}
