// A club's courts: listed by name, added, renamed, taken out of play and back, within the
// plan's limit of active courts.
import { and, count, eq } from "drizzle-orm";
import type { Db, Queryable, Tx } from "../../db/database.js";
import { courts } from "../../db/schema/clubs.js";
import { AppError, notFound } from "../../platform/errors/app-error.js";
import { lockPlanLimits } from "./plan.js";

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, "en", { numeric: true });
const columns = { id: courts.id, name: courts.name, isActive: courts.isActive };

export async function listCourts(db: Db, organizationId: string) {
  const rows = await db.select(columns).from(courts).where(eq(courts.organizationId, organizationId));
  return rows.sort(byName);
}

function isDuplicateName(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause ?? error;
  return (cause as { code?: string }).code === "23505";
}

const duplicateName = (name: string) =>
  new AppError("COURT_NAME_TAKEN", `There is already a court named ${name}.`);

export async function activeCourtCount(db: Queryable, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(courts)
    .where(and(eq(courts.organizationId, organizationId), eq(courts.isActive, true)));
  return row?.n ?? 0;
}

export async function addCourt(db: Db, organizationId: string, name: string, now: Date) {
  try {
    return await db.transaction(async (tx) => {
      (await lockPlanLimits(tx, organizationId, now)).assertRoomForActiveCourt(
        await activeCourtCount(tx, organizationId),
      );
      const [row] = await tx
        .insert(courts)
        .values({ organizationId, name, isActive: true })
        .returning(columns);
      return row!;
    });
  } catch (error) {
    if (isDuplicateName(error)) throw duplicateName(name);
    throw error;
  }
}

type InTransaction = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

/**
 * Renames a court, or takes it out of play or back. `inTransaction` runs the change: a court
 * leaving play runs it under the live board's lock, after the game on it (routes.ts).
 */
export async function updateCourt(
  db: Db,
  organizationId: string,
  courtId: string,
  change: { name?: string | undefined; isActive?: boolean | undefined },
  now: Date,
  inTransaction: InTransaction = (work) => db.transaction(work),
) {
  try {
    return await inTransaction(async (tx) => {
      const where = and(eq(courts.id, courtId), eq(courts.organizationId, organizationId));
      const [current] = await tx.select(columns).from(courts).where(where);
      if (!current) throw notFound("Court not found");
      if (change.isActive && !current.isActive) {
        (await lockPlanLimits(tx, organizationId, now)).assertRoomForActiveCourt(
          await activeCourtCount(tx, organizationId),
        );
      }
      const [row] = await tx.update(courts).set(change).where(where).returning(columns);
      return row!;
    });
  } catch (error) {
    if (change.name && isDuplicateName(error)) throw duplicateName(change.name);
    throw error;
  }
}
