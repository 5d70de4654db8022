// The memberships feature's one entry (feature.ts, decision 022): plans and dues, and the
// jobs that read card dues again and tell members about their dues.
import type { Feature } from "../../feature.js";
import { registerDuesJobs } from "./jobs.js";
import { membershipsRoutes } from "./routes.js";

export const membershipsFeature: Feature = {
  name: "memberships",
  register: async (app, deps) => {
    await app.register(membershipsRoutes(deps));
    await registerDuesJobs(deps);
  },
};
