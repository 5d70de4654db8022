// The dashboard feature's one entry (feature.ts, decision 022): the club today, and the weekly
// summary's job.
import type { Feature } from "../../feature.js";
import { dashboardRoutes } from "./routes.js";
import { registerWeeklySummaries } from "./weekly-summary.js";

export const dashboardFeature: Feature = {
  name: "dashboard",
  register: async (app, deps) => {
    await app.register(dashboardRoutes(deps));
    await registerWeeklySummaries(deps);
  },
};
