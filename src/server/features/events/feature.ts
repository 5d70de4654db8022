// The events feature's one entry (feature.ts, decision 022): round robins and leagues.
import type { Feature } from "../../feature.js";
import { eventRoutes } from "./routes.js";

export const eventsFeature: Feature = {
  name: "events",
  register: async (app, deps) => {
    await app.register(eventRoutes(deps));
  },
};
