// A member's strikes at the club: a place not checked in by the release time (no-shows.ts),
// one; their own place given up after the refund cut-off, half (counted by give_up_place,
// migration 0034). Admins see them per member over the club's strike rule's days; the rule
// itself (so many strikes over so many days keeps a member out of early windows) is the club's
// (clubs' access rules), applied by in_good_standing (migration 0036).
import { and, eq, gt, sql } from "drizzle-orm";
import type { AttendanceRow } from "../../../shared/contracts/session-registrations.js";
import type { Db } from "../../db/database.js";
import { noShowStrikes } from "../../db/schema/sessions.js";
import { accessRules } from "../clubs/service.js";
import { memberNamesOf } from "../members/service.js";

/** Who the early window is for, by the club's rule: "members with fewer than 3 missed places in 60 days". */
export function goodStanding({ limit, days }: { limit: number; days: number }): string {
  return `members with ${limit === 1 ? "no" : `fewer than ${limit}`} missed places in ${days} days`;
}

/** Each member's strikes at the club over the strike rule's days, most first (admins only). */
export async function attendance(
  db: Db,
  organizationId: string,
  now: Date,
): Promise<{ days: number; members: AttendanceRow[] }> {
  const { days } = (await accessRules(db, organizationId)).strikes;
  const since = new Date(now.getTime() - days * 86_400_000);
  const rows = await db
    .select({
      userId: noShowStrikes.userId,
      noShows: sql<number>`count(*) filter (where ${noShowStrikes.kind} = 'no_show')::int`,
      lateDrops: sql<number>`count(*) filter (where ${noShowStrikes.kind} = 'late_drop')::int`,
      strikes: sql<number>`sum(${noShowStrikes.weight})::float8`,
    })
    .from(noShowStrikes)
    .where(and(eq(noShowStrikes.organizationId, organizationId), gt(noShowStrikes.createdAt, since)))
    .groupBy(noShowStrikes.userId)
    .orderBy(sql`sum(${noShowStrikes.weight}) desc`, noShowStrikes.userId);
  const names = await memberNamesOf(
    db,
    organizationId,
    rows.map((r) => r.userId),
  );
  return { days, members: rows.map((r) => ({ ...r, name: names.get(r.userId) ?? "Former member" })) };
}
