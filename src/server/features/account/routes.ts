import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { deleteAccountBody, me, profileBody } from "../../../shared/contracts/account.js";
import {
  factorList,
  friendlyNameBody,
  passwordConfirmBody,
  phoneFactorConfirmBody,
  phoneFactorStartBody,
} from "../../../shared/contracts/auth.js";
import type { AppDeps } from "../../app-deps.js";
import {
  type CurrentUser,
  currentUser,
  requireUser,
  sessionCache,
} from "../../platform/auth/current-user.js";
import { addressKey } from "../../platform/auth/rate-limit.js";
import { keptAccountWithClubs } from "../clubs/service.js";
import { deleteAccount } from "./delete-account.js";
import { listFactors, removePasskey, renameFactor } from "./factors.js";
import { confirmPhoneFactor, removePhoneFactor, startPhoneFactor } from "./phone-factor.js";
import { saveProfile } from "./service.js";

export function accountRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  const factorDeps = { db, auth: deps.auth, sms: deps.sms };
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
          security: [],
          summary: "Who is signed in, if anyone: the same as /api/me, or null for a visitor",
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

    app.get(
      "/api/me/factors",
      {
        schema: {
          tags: ["account"],
          summary: "Your second factors: type, name, status; enrol and remove under /api/auth/two-factor",
          response: { 200: factorList },
        },
      },
      async (request) => {
        const user = await requireUser(deps.auth, request);
        return listFactors(factorDeps, user.id);
      },
    );

    app.put(
      "/api/me/factors/:factorId",
      {
        schema: {
          tags: ["account"],
          summary: "Name one of your second factors",
          params: z.object({ factorId: z.string().min(1).max(100) }),
          body: friendlyNameBody,
          response: { 200: factorList },
        },
      },
      async (request) => {
        const user = await requireUser(deps.auth, request);
        await renameFactor(db, user.id, request.params.factorId, request.body.friendlyName);
        return listFactors(factorDeps, user.id);
      },
    );

    app.post(
      "/api/me/factors/phone",
      {
        schema: {
          errors: ["RATE_LIMITED"],
          answersEmpty: 202,
          tags: ["account"],
          summary: "Add a phone for sign-in codes: texts it a code to confirm",
          body: phoneFactorStartBody,
        },
      },
      async (request, reply) => {
        const user = await requireUser(deps.auth, request);
        await startPhoneFactor(factorDeps, { userId: user.id, ip: addressKey(request.ip) }, request.body);
        return reply.status(202).send();
      },
    );

    app.post(
      "/api/me/factors/phone/verify",
      {
        schema: {
          errors: ["RATE_LIMITED"],
          tags: ["account"],
          summary: "Confirm the phone with the texted code and your password; two-step sign-in is then on",
          body: phoneFactorConfirmBody,
          response: { 200: factorList },
        },
      },
      async (request) => {
        const user = await requireUser(deps.auth, request);
        await confirmPhoneFactor(factorDeps, user.id, request.body);
        return listFactors(factorDeps, user.id);
      },
    );

    app.post(
      "/api/me/factors/phone/remove",
      {
        schema: {
          errors: ["RATE_LIMITED"],
          tags: ["account"],
          summary: "Remove your phone factor (asks for your password)",
          body: passwordConfirmBody,
          response: { 200: factorList },
        },
      },
      async (request) => {
        const user = await requireUser(deps.auth, request);
        await removePhoneFactor(factorDeps, user.id, request.body.password);
        return listFactors(factorDeps, user.id);
      },
    );

    app.delete(
      "/api/me/passkeys/:factorId",
      {
        schema: {
          tags: ["account"],
          summary: "Remove one of your passkeys",
          params: z.object({ factorId: z.string().min(1).max(100) }),
          response: { 200: factorList },
        },
      },
      async (request) => {
        const user = await requireUser(deps.auth, request);
        await removePasskey(db, user.id, request.params.factorId);
        return listFactors(factorDeps, user.id);
      },
    );

    app.delete(
      "/api/me",
      {
        schema: {
          errors: ["OWNER_MUST_TRANSFER"],
          tags: ["account"],
          summary:
            "Delete your account: you leave every club; what others rely on stays, anonymised. With deleteOwnedClubs, the clubs you own are deleted too",
          body: deleteAccountBody,
        },
      },
      async (request, reply) => {
        const user = await requireUser(deps.auth, request);
        await deleteAccount(deps, user.id, { deleteOwnedClubs: request.body?.deleteOwnedClubs === true });
        await sessionCache(deps.auth).forgetUser(user.id);
        return reply.status(204).send();
      },
    );
  };
}
