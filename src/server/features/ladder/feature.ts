// The ladder feature's one entry (feature.ts, decision 022): standings, matches, a player's
// page, and the jobs that count matches.
import type { Feature } from "../../feature.js";
import { registerLadderJobs } from "./jobs.js";
import { ladderRoutes } from "./routes.js";

export const ladderFeature: Feature = {
  name: "ladder",
  register: async (app, deps) => {
    await app.register(ladderRoutes(deps));
    await registerLadderJobs(deps);
  },
};
