// The me feature's one entry (feature.ts, decision 022): /api/me, the profile, leaving for good.
import type { Feature } from "../../feature.js";
import { meRoutes } from "./routes.js";

export const meFeature: Feature = {
  name: "me",
  register: async (app, deps) => {
    await app.register(meRoutes(deps));
  },
};
