// The account feature's one entry (feature.ts, decision 022): its routes.
import type { Feature } from "../../feature.js";
import { accountRoutes } from "./routes.js";

export const accountFeature: Feature = {
  name: "account",
  register: async (app, deps) => {
    await app.register(accountRoutes(deps));
  },
};
