// The sessions feature's one entry (feature.ts, decision 022): sessions, registrations, the
// calendar, their jobs (payments, holds, refunds), and the sandbox checkout when payments are
// the sandbox's. A series' name in the calendar comes from the feature above that names it
// (a league's week): the app passes its column in.
import type { Feature } from "../../feature.js";
import { calendarRoutes } from "./calendar-routes.js";
import { registerSessionJobs } from "./payments.js";
import { registerRefundJobs } from "./refunds.js";
import { sessionRoutes } from "./routes.js";
import { registerSandboxCheckout } from "./sandbox-checkout.js";
import type { SeriesName } from "./schedule-reads.js";

export const sessionsFeature = (seriesName?: SeriesName): Feature => ({
  name: "sessions",
  register: async (app, deps) => {
    await app.register(sessionRoutes(deps));
    await app.register(calendarRoutes(deps, seriesName));
    await registerSessionJobs(deps);
    await registerRefundJobs(deps);
    if (deps.payments.kind === "sandbox")
      await app.register(async (scope) => registerSandboxCheckout(scope, deps));
  },
});
