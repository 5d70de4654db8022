// The signed-in person's second factors, served from their shared definitions
// (shared/contracts/account-endpoints.ts).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { accountEndpoints as endpoints } from "../../../shared/contracts/account-endpoints.js";
import type { AppDeps } from "../../app-deps.js";
import { addressKey } from "../../platform/auth/rate-limit.js";
import { serve } from "../../platform/web/serve-endpoint.js";
import { listFactors, removePasskey, renameFactor } from "./factors.js";
import { confirmPhoneFactor, removePhoneFactor, startPhoneFactor } from "./phone-factor.js";

export function accountRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  const factorDeps = { db, auth: deps.auth, sms: deps.sms };
  return async (app) => {
    serve(app, endpoints.factors, async (request) => {
      const { user } = request;
      return listFactors(factorDeps, user.id);
    });

    serve(app, endpoints.renameFactor, async (request) => {
      const { user } = request;
      await renameFactor(db, user.id, request.params.factorId, request.body.friendlyName);
      return listFactors(factorDeps, user.id);
    });

    serve(app, endpoints.startPhone, async (request) => {
      const { user } = request;
      await startPhoneFactor(factorDeps, { userId: user.id, ip: addressKey(request.ip) }, request.body);
    });

    serve(app, endpoints.confirmPhone, async (request) => {
      const { user } = request;
      await confirmPhoneFactor(factorDeps, user.id, request.body);
      return listFactors(factorDeps, user.id);
    });

    serve(app, endpoints.removePhone, async (request) => {
      const { user } = request;
      await removePhoneFactor(factorDeps, user.id, request.body.password);
      return listFactors(factorDeps, user.id);
    });

    serve(app, endpoints.removePasskey, async (request) => {
      const { user } = request;
      await removePasskey(db, user.id, request.params.factorId);
      return listFactors(factorDeps, user.id);
    });
  };
}
