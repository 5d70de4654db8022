// A member's strikes at the club: a place not checked in by the release time (no-shows.ts),
// one; their own place given up after the refund cut-off, half (counted by give_up_place,
// migration 0034). Admins see them per member over a recent stretch.
import { and, eq, gt, sql } from "drizzle-orm";
import type { AttendanceRow } from "../../../shared/contracts/sessions.js";
import type { Db } from "../../db/database.js";
import { noShowStrikes } from "../../db/schema/sessions.js";
import { memberNamesOf } from "../members/service.js";

/** How many days back strikes count (the admins' view, and in_good_standing, migration 0034). */
export const STRIKE_DAYS = 60;
/** From this many strikes over STRIKE_DAYS a member waits for the general opening (migration 0034). */
export const STRIKE_LIMIT = 3;

/** Each member's strikes at the club over the last `days`, most first (admins only). */
export async function attendance(
  db: Db,
  organizationId: string,
  now: Date,
  days = STRIKE_DAYS,
): Promise<AttendanceRow[]> {
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
  return rows.map((r) => ({ ...r, name: names.get(r.userId) ?? "Former member" }));
}
