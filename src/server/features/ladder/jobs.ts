import type { AppDeps } from "../../app-deps.js";
import { APPLY_BOARD_RESULT, applyBoardResult, type BoardResult } from "./board-results.js";
import { RECOMPUTE_LADDER, type RecomputeJob, recomputeLadder, staleLadders } from "./replay-store.js";
import { drainMatchResults, SEND_MATCH_RESULTS } from "./result-emails.js";

export async function registerLadderJobs(deps: AppDeps): Promise<void> {
  await deps.jobs.handle<RecomputeJob>(RECOMPUTE_LADDER, ({ organizationId, format }) =>
    deps.database.db.transaction((tx) => recomputeLadder(tx, organizationId, format, deps.now())),
  );
  // The board's results, for an instance that died before it applied them itself.
  await deps.jobs.handle<BoardResult>(APPLY_BOARD_RESULT, (result) =>
    applyBoardResult(deps.database.db, result, deps.now()),
  );
  await deps.jobs.handle(SEND_MATCH_RESULTS, () => drainMatchResults(deps));
  await deps.jobs.every(SEND_MATCH_RESULTS, "* * * * *");
  // Ladders last replayed before a rating change was kept in parts are replayed once, in the
  // background. Every instance may queue them at start: a replay is the same however often.
  for (const ladder of await staleLadders(deps.database.db))
    await deps.jobs.schedule<RecomputeJob>(RECOMPUTE_LADDER, ladder, deps.now());
}
