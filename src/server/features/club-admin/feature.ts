// The club-admin feature's one entry (feature.ts, decision 022): the club's routes, and closing
// a club for good.
import type { Feature } from "../../feature.js";
import { clubRoutes } from "./routes.js";
import { registerClubRemoval } from "./service.js";

export const clubAdminFeature: Feature = {
  name: "club-admin",
  register: async (app, deps) => {
    await app.register(clubRoutes(deps));
    await registerClubRemoval(deps);
  },
};
