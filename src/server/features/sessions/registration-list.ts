// A session's list as everyone reads it: each registrant's name (the member's, or the walk-in
// or member's guest's, with who brought them), in arrival order, except that those who walked up
// to a full session wait after the waitlist (as promote_waitlist moves them up); waitlist places
// are counted in list order.
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Registration } from "../../../shared/contracts/session-registrations.js";
import type { Queryable } from "../../db/database.js";
import { isoInstant } from "../../db/json.js";
import { preparedStatement } from "../../db/prepared.js";
import { sessions } from "../../db/schema/sessions.js";
import { peopleFields, peopleSubquery } from "../account/service.js";

/** What the roster and the board call each registrant: the member's name, or the walk-in guest's. */
export function registrantName(row: {
  userId: string | null;
  personName: string | null;
  guestName: string | null;
}) {
  return (row.userId ? row.personName : null) ?? row.guestName ?? "Guest";
}

/** A registration as the session's list reads it, before names and waitlist places are given. */
type ListedRow = {
  id: string;
  userId: string | null;
  guestName: string | null;
  personName: string | null;
  status: Registration["status"];
  /** Whether the status holds one of the places (holds_place, migration 0027). */
  holdsPlace: boolean;
  checkedIn: boolean;
  holdExpiresAt: string | null;
  broughtBy: string | null;
  hostName: string | null;
};

/**
 * The list of the session in the outer query's "sessions" row, with each registrant's name, in
 * arrival order, as one JSON column: a session's page reads the session and its list in one
 * statement (decision 011), and the list read alone is the same column. The club comes first:
 * the (club, session, seq) index then finds the list in order.
 */
export function registrationsJson(): SQL<ListedRow[]> {
  const everyone = peopleSubquery();
  const person = peopleFields(everyone);
  const hosts = peopleSubquery("hosts");
  const host = peopleFields(hosts);
  return sql<ListedRow[]>`(select coalesce(json_agg(json_build_object(
      'id', r.id, 'userId', r.user_id, 'guestName', r.guest_name, 'personName', ${person.name},
      'status', r.status, 'holdsPlace', holds_place(r.status), 'checkedIn', r.checked_in_at is not null,
      'holdExpiresAt', ${isoInstant(sql`r.hold_expires_at`)}, 'broughtBy', r.brought_by,
      'hostName', ${host.name}
    ) order by (r.status = 'waitlisted' and r.walked_up), r.seq), '[]'::json)
    from session_registrations r left join ${everyone} on ${person.id} = r.user_id
      left join ${hosts} on ${host.id} = r.brought_by
    where r.organization_id = "sessions"."organization_id" and r.session_id = "sessions"."id"
      and r.status <> 'cancelled')`;
}

const registrationsOf = preparedStatement("registrations_of_session", (db) =>
  db
    .select({ list: registrationsJson() })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sql.placeholder("sessionId")),
        eq(sessions.organizationId, sql.placeholder("organizationId")),
      ),
    ),
);

/** The session's list (empty if it is not the club's), cancelled registrations left out. */
export async function listRegistrations(
  db: Queryable,
  organizationId: string,
  sessionId: string,
): Promise<Registration[]> {
  const [row] = await registrationsOf(db, { organizationId, sessionId });
  return toRegistrations(row?.list ?? []);
}

/** The list as the API shows it; waitlist positions count in list order. */
export function toRegistrations(rows: readonly ListedRow[]): Registration[] {
  let waitlistPosition = 0;
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    name: registrantName(r),
    status: r.status,
    waitlistPosition: r.status === "waitlisted" ? ++waitlistPosition : null,
    checkedIn: r.checkedIn,
    holdExpiresAt: r.holdExpiresAt,
    broughtBy: r.broughtBy,
    // A guest who since joined is named as themselves, no longer as someone's guest.
    guestOf: r.userId ? null : r.hostName,
  }));
}
