// The notifications feature's one entry (feature.ts, decision 022): preferences, push devices,
// one-click unsubscribe, and the push jobs.
import type { Feature } from "../../feature.js";
import { registerPushJobs } from "./push.js";
import { pushRoutes } from "./push-routes.js";
import { notificationRoutes } from "./routes.js";
import { registerUnsubscribeRoutes } from "./unsubscribe.js";

export const notificationsFeature: Feature = {
  name: "notifications",
  register: async (app, deps) => {
    await app.register(notificationRoutes(deps));
    await app.register(pushRoutes(deps));
    await app.register(async (scope) => registerUnsubscribeRoutes(scope, deps));
    await registerPushJobs(deps);
  },
};
