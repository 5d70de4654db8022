// The marketing feature's one entry (feature.ts, decision 022): robots.txt and the sitemap.
import type { Feature } from "../../feature.js";
import { crawlerRoutes } from "./crawler-routes.js";

export const marketingFeature: Feature = {
  name: "marketing",
  register: async (app, deps) => {
    await app.register(crawlerRoutes(deps));
  },
};
