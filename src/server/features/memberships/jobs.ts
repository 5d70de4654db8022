// The memberships feature's jobs: card dues read again from the provider every hour, the dues
// notices' sweep every ten minutes, and a retired plan's card subscriptions ended.
import type { AppDeps } from "../../app-deps.js";
import { SEND_DUES_NOTICES, sendDuesNotices } from "./dues-notices.js";
import { RECONCILE_DUES, reconcileDues } from "./reconcile.js";
import { END_RETIRED_PLAN, endRetiredCardDues, type RetiredPlanJob } from "./retired-plans.js";

export async function registerDuesJobs(deps: AppDeps): Promise<void> {
  await deps.jobs.handle(RECONCILE_DUES, async () => {
    await reconcileDues(deps);
  });
  await deps.jobs.every(RECONCILE_DUES, "23 * * * *");
  await deps.jobs.handle(SEND_DUES_NOTICES, async () => {
    await sendDuesNotices(deps);
  });
  await deps.jobs.every(SEND_DUES_NOTICES, "*/10 * * * *");
  await deps.jobs.handle<RetiredPlanJob>(END_RETIRED_PLAN, (job) => endRetiredCardDues(deps, job));
}
