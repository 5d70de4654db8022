// The rules of a place in a session live in PostgreSQL, once (migration 0027; the window, the
// lottery and strikes in 0034): which statuses hold a place, when a hold has run out, when a
// session is open, whether it has room, the next arrival number, taking a place, giving one up
// and moving the waitlist up. This file is how the app asks them; it never restates one. Each
// runs as one statement, prepared once, on the pool or inside the caller's transaction (where
// the session's lock is already held).
import { sql } from "drizzle-orm";
import type { Registration } from "../../../shared/contracts/session-registrations.js";
import type { Queryable } from "../../db/database.js";
import { isoInstant } from "../../db/json.js";
import { preparedStatement } from "../../db/prepared.js";
import { peopleFields, peopleSubquery } from "../account/service.js";

/** An instant from a function's result, read as ISO text (isoInstant): null stays null. */
const instantOrNull = (iso: string | null): Date | null => (iso === null ? null : new Date(iso));

type SessionStatus = "scheduled" | "active" | "completed" | "cancelled";

export type TakeVerdict =
  | "placed"
  | "listed"
  | "paid"
  | "holds_run_out"
  | "draw_due"
  | "not_open"
  | "members_only"
  | "closed"
  | "not_found";

/**
 * take_place with the person's name: `freeOnly` leaves a paid session to the caller's transaction.
 * Values: organizationId, sessionId, userId, at, holdUntil, freeOnly.
 */
export const takePlace = preparedStatement("take_place", (db) => {
  const everyone = peopleSubquery();
  const person = peopleFields(everyone);
  const userId = sql.placeholder("userId");
  return db
    .select({
      verdict: sql<TakeVerdict>`place.verdict`,
      id: sql<string | null>`place.place_id`,
      status: sql<Registration["status"] | null>`place.place_status`,
      waitlistPosition: sql<number | null>`place.waitlist_position`,
      holdExpiresAt: isoInstant(sql`place.held_until`).mapWith(instantOrNull),
      personName: sql<string | null>`(select ${person.name} from ${everyone} where ${person.id} = ${userId})`,
    })
    .from(
      sql`take_place(${sql.placeholder("organizationId")}, ${sql.placeholder("sessionId")}, ${userId},
        ${sql.placeholder("at")}, ${sql.placeholder("holdUntil")}, ${sql.placeholder("freeOnly")}) place`,
    );
});

export type GuestVerdict = Exclude<TakeVerdict, "paid"> | "not_allowed" | "lottery_open" | "limit";

/**
 * bring_guest (migration 0036): a member's guest takes a place as anyone does, within the club's
 * guest rules. Values: organizationId, sessionId, host, guest, guestEmail, at, holdUntil.
 */
export const bringGuest = preparedStatement("bring_guest", (db) =>
  db
    .select({
      verdict: sql<GuestVerdict>`place.verdict`,
      id: sql<string | null>`place.place_id`,
      status: sql<Registration["status"] | null>`place.place_status`,
      waitlistPosition: sql<number | null>`place.waitlist_position`,
      holdExpiresAt: isoInstant(sql`place.held_until`).mapWith(instantOrNull),
    })
    .from(
      sql`bring_guest(${sql.placeholder("organizationId")}, ${sql.placeholder("sessionId")},
        ${sql.placeholder("host")}, ${sql.placeholder("guest")}, ${sql.placeholder("guestEmail")},
        ${sql.placeholder("at")}, ${sql.placeholder("holdUntil")}) place`,
    ),
);

export type GiveUpVerdict = "cancelled" | "follows" | "not_found";

/**
 * give_up_place: `plainOnly` gives the place up only when nothing follows (no money, no waitlist
 * to move). Values: organizationId, sessionId, registrationId, userId, mayManage, at, plainOnly.
 */
export const giveUpPlace = preparedStatement("give_up_place", (db) =>
  db
    .select({
      verdict: sql<GiveUpVerdict>`given.verdict`,
      sessionStatus: sql<SessionStatus | null>`given.session_now`,
      statusBefore: sql<Registration["status"] | null>`given.status_before`,
    })
    .from(
      sql`give_up_place(${sql.placeholder("organizationId")}, ${sql.placeholder("sessionId")},
        ${sql.placeholder("registrationId")}, ${sql.placeholder("userId")}, ${sql.placeholder("mayManage")},
        ${sql.placeholder("at")}, ${sql.placeholder("plainOnly")}) given`,
    ),
);

/**
 * promote_waitlist: who moved up (the waitlist, then those who walked up), whether they are
 * standing by at the door (present: checked in, on the board at once), and who is told: the
 * player, or for a member's guest the member who brought them (guestName then names the guest).
 * Values: sessionId, at, holdUntil.
 */
export const promoteWaitlist = preparedStatement("promote_waitlist", (db) =>
  db
    .select({
      registrationId: sql<string>`moved.promoted_id`,
      userId: sql<string | null>`moved.promoted_user`,
      guestName: sql<string | null>`moved.promoted_guest`,
      present: sql<boolean>`moved.promoted_present`,
      needsPayment: sql<boolean>`moved.needs_payment`,
      holdExpiresAt: isoInstant(sql`moved.held_until`).mapWith(instantOrNull),
    })
    .from(
      sql`promote_waitlist(${sql.placeholder("sessionId")}, ${sql.placeholder("at")},
        ${sql.placeholder("holdUntil")}) moved`,
    ),
);

const roomAndSeq = preparedStatement("room_and_seq", (db) =>
  db
    .select({
      room: sql<boolean>`session_has_room(${sql.placeholder("sessionId")})`,
      seq: sql<number>`next_registration_seq(${sql.placeholder("sessionId")})`,
    })
    .from(sql`(values (1)) as one (x)`),
);

/** Whether the session has a free place, and the next arrival number, under the caller's lock. */
export async function roomAndNextSeq(
  db: Queryable,
  sessionId: string,
): Promise<{ room: boolean; seq: number }> {
  const [row] = await roomAndSeq(db, { sessionId });
  return row!;
}
