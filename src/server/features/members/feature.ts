// The members feature's one entry (feature.ts, decision 022): members, roles, invitations and
// join requests.
import type { Feature } from "../../feature.js";
import { memberRoutes } from "./routes.js";

export const membersFeature: Feature = {
  name: "members",
  register: async (app, deps) => {
    await app.register(memberRoutes(deps));
  },
};
