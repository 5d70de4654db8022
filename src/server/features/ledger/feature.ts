// The ledger feature's one entry (feature.ts, decision 022): each person's account at a club.
import type { Feature } from "../../feature.js";
import { ledgerRoutes } from "./routes.js";

export const ledgerFeature: Feature = {
  name: "ledger",
  register: async (app, deps) => {
    await app.register(ledgerRoutes(deps));
  },
};
