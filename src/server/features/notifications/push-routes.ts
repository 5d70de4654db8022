// The signed-in person's devices for Web Push: the key a browser subscribes with, and the
// devices they opted in from, listed and removable in Settings. Served from their shared
// definitions (shared/contracts/account-endpoints.ts).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { pushEndpoints as endpoints } from "../../../shared/contracts/account-endpoints.js";
import type { AppDeps } from "../../app-deps.js";
import { notFound } from "../../platform/errors/app-error.js";
import { serve } from "../../platform/web/serve-endpoint.js";
import { listDevices, removeDevice, subscribeDevice } from "./push.js";

export function pushRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  return async (app) => {
    serve(app, endpoints.publicKey, async () => ({ publicKey: deps.config.push.publicKey }));

    serve(app, endpoints.devices, async (request) => {
      const { user } = request;
      return { devices: await listDevices(db, user.id) };
    });

    serve(app, endpoints.addDevice, async (request) => {
      const { user } = request;
      return subscribeDevice(deps, user.id, request.body);
    });

    serve(app, endpoints.removeDevice, async (request) => {
      const { user } = request;
      if (!(await removeDevice(db, user.id, request.params.id))) throw notFound("Device not found");
    });
  };
}
