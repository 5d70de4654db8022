// The billing feature's one entry (feature.ts, decision 022): the club's subscription.
import type { Feature } from "../../feature.js";
import { billingRoutes } from "./routes.js";

export const billingFeature: Feature = {
  name: "billing",
  register: async (app, deps) => {
    await app.register(billingRoutes(deps));
  },
};
