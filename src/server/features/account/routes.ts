import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  factorList,
  friendlyNameBody,
  passwordConfirmBody,
  phoneFactorConfirmBody,
  phoneFactorStartBody,
} from "../../../shared/contracts/auth.js";
import type { AppDeps } from "../../app-deps.js";
import { requireUser } from "../../platform/auth/current-user.js";
import { addressKey } from "../../platform/auth/rate-limit.js";
import { listFactors, removePasskey, renameFactor } from "./factors.js";
import { confirmPhoneFactor, removePhoneFactor, startPhoneFactor } from "./phone-factor.js";

export function accountRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  const factorDeps = { db, auth: deps.auth, sms: deps.sms };
  return async (app) => {
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
  };
}
