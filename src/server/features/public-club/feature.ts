// The public-club feature's one entry (feature.ts, decision 022): a club's public page and
// asking to join.
import type { Feature } from "../../feature.js";
import { publicClubRoutes } from "./routes.js";

export const publicClubFeature: Feature = {
  name: "public-club",
  register: async (app, deps) => {
    await app.register(publicClubRoutes(deps));
  },
};
