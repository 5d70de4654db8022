// What a feature gives the app: one entry that registers everything it serves and runs (its
// routes, its jobs, its event handlers). app.ts registers each feature the same way, so a
// newcomer finds where an endpoint is served by its feature's feature.ts.
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "./app-deps.js";
import type { SocketLimits } from "./platform/realtime/socket-limits.js";

/** What the app's builder passes on to the features beyond their dependencies. */
export type FeatureOptions = { socketLimits: SocketLimits };

export type Feature = {
  name: string;
  register: (app: FastifyInstance, deps: AppDeps, options: FeatureOptions) => Promise<void>;
};
