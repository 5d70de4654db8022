// The signed-in person's devices for Web Push: the key a browser subscribes with, and the
// devices they opted in from, listed and removable in Settings.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { pushDevice, pushSubscriptionBody } from "../../../shared/contracts/notifications.js";
import type { AppDeps } from "../../app-deps.js";
import { requireUser } from "../../platform/auth/current-user.js";
import { notFound } from "../../platform/errors/app-error.js";
import { listDevices, removeDevice, subscribeDevice } from "./push.js";

export function pushRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  const tags = ["notifications"];
  return async (app) => {
    app.get(
      "/api/push/public-key",
      {
        schema: {
          tags,
          summary: "The server's VAPID public key, for PushManager.subscribe",
          response: { 200: z.object({ publicKey: z.string() }) },
        },
      },
      async (request) => {
        await requireUser(deps.auth, request);
        return { publicKey: deps.config.push.publicKey };
      },
    );

    app.get(
      "/api/me/push-devices",
      {
        schema: {
          tags,
          summary: "The devices calls are pushed to",
          response: { 200: z.object({ devices: z.array(pushDevice) }) },
        },
      },
      async (request) => {
        const user = await requireUser(deps.auth, request);
        return { devices: await listDevices(db, user.id) };
      },
    );

    app.post(
      "/api/me/push-devices",
      {
        schema: {
          errors: ["TOO_MANY_DEVICES"],
          tags,
          summary: "Opt this device in: its push subscription (PushSubscription.toJSON()) and a name",
          body: pushSubscriptionBody,
          response: { 201: pushDevice },
        },
      },
      async (request, reply) => {
        const user = await requireUser(deps.auth, request);
        return reply.status(201).send(await subscribeDevice(deps, user.id, request.body));
      },
    );

    app.delete(
      "/api/me/push-devices/:id",
      {
        schema: { tags, summary: "Stop pushing to one of your devices", params: z.object({ id: z.uuid() }) },
      },
      async (request, reply) => {
        const user = await requireUser(deps.auth, request);
        if (!(await removeDevice(db, user.id, request.params.id))) throw notFound("Device not found");
        return reply.status(204).send();
      },
    );
  };
}
