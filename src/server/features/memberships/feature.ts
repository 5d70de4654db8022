// The memberships feature's one entry (feature.ts, decision 022): plans and dues, and the
// hourly reconciliation of card dues with the provider.
import type { Feature } from "../../feature.js";
import { registerDuesJobs } from "./reconcile.js";
import { membershipsRoutes } from "./routes.js";

export const membershipsFeature: Feature = {
  name: "memberships",
  register: async (app, deps) => {
    await app.register(membershipsRoutes(deps));
    await registerDuesJobs(deps);
  },
};
