// The demo feature's one entry (feature.ts, decision 022): trying the demo club.
import type { Feature } from "../../feature.js";
import { demoRoutes } from "./routes.js";

export const demoFeature: Feature = {
  name: "demo",
  register: async (app, deps) => {
    await app.register(demoRoutes(deps));
  },
};
