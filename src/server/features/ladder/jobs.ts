import type { AppDeps } from "../../app-deps.js";
import { RECOMPUTE_LADDER, type RecomputeJob, recomputeLadder } from "./replay-store.js";

export async function registerLadderJobs(deps: AppDeps): Promise<void> {
  await deps.jobs.handle<RecomputeJob>(RECOMPUTE_LADDER, ({ organizationId, format }) =>
    deps.database.db.transaction((tx) => recomputeLadder(tx, organizationId, format, deps.now())),
  );
}
