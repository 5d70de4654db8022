// The memberships feature's one entry (feature.ts, decision 022): plans and dues.
import type { Feature } from "../../feature.js";
import { membershipsRoutes } from "./routes.js";

export const membershipsFeature: Feature = {
  name: "memberships",
  register: async (app, deps) => {
    await app.register(membershipsRoutes(deps));
  },
};
