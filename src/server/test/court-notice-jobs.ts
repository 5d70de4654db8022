// Runs the court notices' jobs now, as the job queue would a minute after each board action:
// the "up next" notices go only with them (court-notices.ts). Tests call it where a person
// would have waited that minute.
import { sql } from "drizzle-orm";
import { COURT_NOTICES, type CourtNotices, sendCourtNotices } from "../features/courts/court-notices.js";
import type { TestApp } from "./harness.js";

/** The notices jobs queued so far (of one club, when given), oldest first, with their delay. */
export async function courtNoticeJobs(
  t: TestApp,
  organizationId?: string,
): Promise<Array<{ data: CourtNotices; delaySeconds: number }>> {
  const rows = await t.db.execute(
    sql`select data, extract(epoch from start_after - created_on) as delay from pgboss.job
      where name = ${COURT_NOTICES} order by created_on`,
  );
  return rows.rows
    .map((r) => ({ data: r.data as CourtNotices, delaySeconds: Number(r.delay) }))
    .filter((job) => organizationId === undefined || job.data.organizationId === organizationId);
}

/** Sends what each queued notices job of the club would send if it ran now. */
export async function runCourtNoticeJobs(t: TestApp, organizationId: string): Promise<void> {
  for (const job of await courtNoticeJobs(t, organizationId)) await sendCourtNotices(t.deps, job.data);
}
