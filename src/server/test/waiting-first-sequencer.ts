import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Integration files that spend most of their time waiting, not working: on child servers
 * starting and being killed, on a job's claim to expire, on a database to come back. Started
 * first, their waits overlap the other files' work. Vitest orders a run by the durations it
 * kept from the last one, but a clean clone (CI) has none and orders by file size, which
 * left the kill loop (a small file, 20 server starts) to run alone at the end. Slowest first.
 */
const MOSTLY_WAITING = [
  "src/server/test/kill-loop.test.ts",
  "src/server/platform/jobs/mail-jobs.test.ts",
  "src/server/db/failover.test.ts",
  "src/server/features/notifications/push-crash.test.ts",
  "src/server/graceful-stop.test.ts",
  "src/server/db/outage.test.ts",
  "src/server/platform/auth/rate-limit.test.ts",
];

const rank = (spec: TestSpecification) => {
  const index = MOSTLY_WAITING.findIndex((file) => spec.moduleId.endsWith(file));
  return index === -1 ? MOSTLY_WAITING.length : index;
};

export class WaitingFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Array sort is stable: every other file keeps the order Vitest chose.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
