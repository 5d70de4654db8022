// Registrations with their people's names, read in one statement: who is checked in (the
// board asks on every action, under its lock), who signed up for a week, and an event's
// entrants. Apart from the session reads because the board and events read players, not sessions.
import { and, asc, eq, inArray, isNotNull, ne, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../../db/database.js";
import { qualified } from "../../db/qualified.js";
import { sessionRegistrations } from "../../db/schema/sessions.js";
import { peopleSubquery } from "../account/service.js";
import { registrantName } from "./registration-list.js";

/** A registration with its person's name (a guest's own), as the board and events show it. */
export type NamedRegistration = { id: string; userId: string | null; name: string };

/** The session's registrations `where` says, each with its name (and status) read in one statement. */
async function namedRegistrationRows(db: Queryable, where: SQL | undefined, order: SQL[] = []) {
  const everyone = peopleSubquery();
  const rows = await db
    .select({
      id: sessionRegistrations.id,
      userId: sessionRegistrations.userId,
      guestName: sessionRegistrations.guestName,
      status: sessionRegistrations.status,
      // The SQL rule's answer (schema/rules/place-rules.sql), not a second list of statuses here.
      holdsPlace: sql<boolean>`holds_place(${sessionRegistrations.status})`,
      personName: everyone.personName,
    })
    .from(sessionRegistrations)
    .leftJoin(everyone, eq(everyone.personId, sessionRegistrations.userId))
    .where(where)
    .orderBy(...order);
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    name: registrantName(r),
    status: r.status,
    holdsPlace: r.holdsPlace,
  }));
}

async function namedRegistrations(db: Queryable, where: SQL | undefined, order: SQL[] = []) {
  const rows = await namedRegistrationRows(db, where, order);
  return rows.map(({ id, userId, name }): NamedRegistration => ({ id, userId, name }));
}

/** The session's registrations checked in and still registered. */
const checkedIn = (sessionId: string) =>
  and(
    eq(sessionRegistrations.sessionId, sessionId),
    eq(sessionRegistrations.status, "registered"),
    isNotNull(sessionRegistrations.checkedInAt),
  );

/** Who is checked in and still registered, in check-in order, with the names the board shows. */
export function checkedInPlayers(db: Queryable, sessionId: string): Promise<NamedRegistration[]> {
  // With each member's name in the same statement: the board asks on every action, under its lock.
  return namedRegistrations(db, checkedIn(sessionId), [
    asc(sessionRegistrations.checkedInAt),
    asc(sessionRegistrations.seq),
  ]);
}

/**
 * The ids of those checkedInPlayers answers, as a subquery: the board compares its queue with
 * check-in in the statement that brings it in line.
 */
export const checkedInIds = (sessionId: string): SQL =>
  sql`select ${qualified(sessionRegistrations.id)} from ${sessionRegistrations} where ${checkedIn(sessionId)}`;

/** When each of those checked in did so (ms, by registration): where their first wait starts. */
export async function checkInTimes(db: Queryable, sessionId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: sessionRegistrations.id, at: sessionRegistrations.checkedInAt })
    .from(sessionRegistrations)
    .where(checkedIn(sessionId));
  return new Map(rows.map((r) => [r.id, r.at!.getTime()]));
}

/**
 * Everyone signed up for the session and not cancelled, with where they stand: a place, a place
 * waiting for payment, an entry in a lottery not drawn yet, or the waitlist; in arrival order.
 */
export async function signUpsOf(
  db: Queryable,
  sessionId: string,
): Promise<
  Array<
    NamedRegistration & {
      status: "registered" | "pending_payment" | "entered" | "waitlisted";
      holdsPlace: boolean;
    }
  >
> {
  const rows = await namedRegistrationRows(
    db,
    and(eq(sessionRegistrations.sessionId, sessionId), ne(sessionRegistrations.status, "cancelled")),
    [asc(sessionRegistrations.seq)],
  );
  return rows.flatMap((r) => (r.status === "cancelled" ? [] : [{ ...r, status: r.status }]));
}

/**
 * Named registrations of a session, whatever their status now: an event's entrants keep their
 * names in its record when one of them leaves early.
 */
export async function registrantsByIds(
  db: Queryable,
  sessionId: string,
  ids: readonly string[],
): Promise<NamedRegistration[]> {
  if (ids.length === 0) return [];
  return namedRegistrations(
    db,
    and(eq(sessionRegistrations.sessionId, sessionId), inArray(sessionRegistrations.id, [...ids])),
  );
}
