// Check-in: organizers check registered players in and add walk-ins (members, or guests by
// name); a player checks in from their phone through the session's link or QR code while the
// session is active.
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { type bulkCheckInBody, sameNameKey } from "../../../shared/contracts/session-registrations.js";
import type { Db, Tx } from "../../db/database.js";
import { sessionRegistrations } from "../../db/schema/sessions.js";
import { AppError, type Issue, notFound } from "../../platform/errors/app-error.js";
import { people } from "../account/service.js";
import { isMember, membersAmong } from "../members/service.js";
import { roomAndNextSeq } from "./place-rules.js";
import { listRegistrations } from "./registration-list.js";
import { lockSession, type SessionRow } from "./session-lock.js";

export type BulkCheckIn = z.output<typeof bulkCheckInBody>;

async function activeRegistrationOf(tx: Tx, sessionId: string, userId: string) {
  const [row] = await tx
    .select()
    .from(sessionRegistrations)
    .where(
      and(
        eq(sessionRegistrations.sessionId, sessionId),
        eq(sessionRegistrations.userId, userId),
        sql`${sessionRegistrations.status} <> 'cancelled'`,
      ),
    );
  return row;
}

export async function setCheckedIn(
  db: Db,
  organizationId: string,
  sessionId: string,
  registrationId: string,
  checkedIn: boolean,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const session = await lockSession(tx, organizationId, sessionId);
    if (session.status === "completed" || session.status === "cancelled") {
      throw new AppError("SESSION_CLOSED", "This session is over.");
    }
    if (checkedIn) assertCheckInOpen(session, now);
    const [row] = await tx
      .select()
      .from(sessionRegistrations)
      .where(and(eq(sessionRegistrations.id, registrationId), eq(sessionRegistrations.sessionId, sessionId)));
    if (!row || row.status === "cancelled") throw notFound("Registration not found");
    if (checkedIn && row.status !== "registered") {
      throw new AppError("NOT_REGISTERED", "Only registered players can be checked in.");
    }
    await tx
      .update(sessionRegistrations)
      .set({ checkedInAt: checkedIn ? now : null, updatedAt: now })
      .where(eq(sessionRegistrations.id, row.id));
  });
}

/** An entry in a lottery not drawn yet holds no place to check in to (the job draws at its time). */
const drawPending = () =>
  new AppError("DRAW_PENDING", "The places are not drawn yet: check in once the draw gives you one.");

/** Players are checked in on the day: from this long before a scheduled session's start. */
export const CHECK_IN_OPENS_HOURS = 2;

/** Check-in days ahead is a slip (the wrong session picked), not someone at the door. */
function assertCheckInOpen(session: { status: string; startsAt: Date }, now: Date) {
  if (session.status !== "scheduled") return;
  if (now.getTime() < session.startsAt.getTime() - CHECK_IN_OPENS_HOURS * 3_600_000)
    throw new AppError(
      "CHECK_IN_NOT_OPEN",
      `Check-in opens ${CHECK_IN_OPENS_HOURS} hours before the session starts.`,
    );
}

export type WalkIn = { userId: string } | { guestName: string };

/** Locks the session for walk-ins: only one that has not ended, on its day, takes them. */
async function lockSessionTakingWalkIns(tx: Tx, organizationId: string, sessionId: string, now: Date) {
  const session = await lockSession(tx, organizationId, sessionId);
  if (session.status !== "scheduled" && session.status !== "active") {
    throw new AppError("SESSION_CLOSED", "This session is over.");
  }
  assertCheckInOpen(session, now);
  return session;
}

/**
 * One walk-in's rules, inside a transaction that holds the session's lock: a member already
 * on the list is checked in where they stand (waitlisted or unpaid too: the organizer takes
 * them in at the door); anyone else takes a new place, if one is free, or with `standBy` waits
 * at the door for one, after the waitlist. Answers whether they got in or stand by.
 */
async function checkInWalkIn(
  tx: Tx,
  session: SessionRow,
  who: WalkIn,
  now: Date,
  standBy = false,
): Promise<"in" | "standing_by"> {
  const { organizationId } = session;
  // A paid place is paid for first: nobody stands by for one.
  const standsBy = standBy && !session.paymentRequired;
  if ("userId" in who) {
    if (!(await isMember(tx, organizationId, who.userId))) throw notFound("Member not found");
    const existing = await activeRegistrationOf(tx, session.id, who.userId);
    if (existing?.status === "entered") throw drawPending();
    // Waiting, and the places are gone: with standing by asked for, they wait at the door in their
    // turn rather than being taken in over the others.
    if (existing?.status === "waitlisted" && standsBy && !(await roomAndNextSeq(tx, session.id)).room) {
      await tx
        .update(sessionRegistrations)
        .set({ checkedInAt: now, updatedAt: now })
        .where(eq(sessionRegistrations.id, existing.id));
      return "standing_by";
    }
    if (existing) {
      await tx
        .update(sessionRegistrations)
        .set(
          existing.status === "registered"
            ? { checkedInAt: now, updatedAt: now }
            : { status: "registered", checkedInAt: now, holdExpiresAt: null, placedAt: now, updatedAt: now },
        )
        .where(eq(sessionRegistrations.id, existing.id));
      return "in";
    }
  }
  const place = await roomAndNextSeq(tx, session.id);
  if (!place.room && !standsBy) throw new AppError("SESSION_FULL", "The session is full.");
  await arriveAtTheDoor(tx, session, who, place, now);
  return place.room ? "in" : "standing_by";
}

/**
 * Someone not on the list, checked in at the door: a free place if there is one, else (where
 * the caller allows it) the waitlist after everyone on it, standing by. Answers the new row's id.
 */
async function arriveAtTheDoor(
  tx: Tx,
  session: SessionRow,
  who: WalkIn,
  { room, seq }: { room: boolean; seq: number },
  now: Date,
): Promise<string> {
  const [row] = await tx
    .insert(sessionRegistrations)
    .values({
      organizationId: session.organizationId,
      sessionId: session.id,
      userId: "userId" in who ? who.userId : null,
      guestName: "guestName" in who ? who.guestName : null,
      ...(room ? { status: "registered" as const } : { status: "waitlisted" as const, walkedUp: true }),
      seq,
      checkedInAt: now,
      createdAt: now,
    })
    .returning({ id: sessionRegistrations.id });
  return row!.id;
}

/** A walk-in at the door: a member of the club, or a guest by name. Counts toward capacity. */
export async function addWalkIn(db: Db, organizationId: string, sessionId: string, who: WalkIn, now: Date) {
  return db.transaction(async (tx) => {
    const session = await lockSessionTakingWalkIns(tx, organizationId, sessionId, now);
    await checkInWalkIn(tx, session, who, now);
  });
}

const issueAt = (field: "guestNames" | "memberIds", index: number, message: string): Issue => ({
  path: ["body", field, String(index)],
  message,
});

/**
 * What stands in the way of checking these walk-ins in, read under the session's lock: a guest
 * whose name is already checked in (or is a ticked member's), a member who is not the club's
 * or is already checked in. Each problem names its place in the lists.
 */
async function bulkIssues(tx: Tx, session: SessionRow, body: BulkCheckIn): Promise<Issue[]> {
  const { organizationId } = session;
  const listed = await listRegistrations(tx, organizationId, session.id);
  // Standing by at the door is not in yet: the organizer may still take them in.
  const checkedIn = listed.filter((r) => r.checkedIn && r.status !== "waitlisted");
  const checkedInUsers = new Set(checkedIn.map((r) => r.userId));
  const memberIds = await membersAmong(tx, organizationId, body.memberIds);
  const named = await people(tx, [...memberIds]);
  const members = new Map([...memberIds].map((id) => [id, named.get(id)?.name ?? "This member"]));
  const issues: Issue[] = [];
  body.memberIds.forEach((userId, index) => {
    const name = members.get(userId);
    if (name === undefined) issues.push(issueAt("memberIds", index, "Not a member of this club"));
    else if (checkedInUsers.has(userId))
      issues.push(issueAt("memberIds", index, `${name} is already checked in`));
  });
  const checkedInNames = new Set(checkedIn.map((r) => sameNameKey(r.name)));
  const tickedNames = new Set([...members.values()].map(sameNameKey));
  // A member's guest already has a place: typed again they would take a second one.
  const broughtGuests = new Map(
    listed.filter((r) => r.guestOf !== null && !r.checkedIn).map((r) => [sameNameKey(r.name), r.guestOf!]),
  );
  body.guestNames.forEach((guestName, index) => {
    const key = sameNameKey(guestName);
    const host = broughtGuests.get(key);
    if (checkedInNames.has(key))
      issues.push(issueAt("guestNames", index, `${guestName} is already checked in`));
    else if (tickedNames.has(key))
      issues.push(issueAt("guestNames", index, `${guestName} is also ticked as a member`));
    else if (host)
      issues.push(issueAt("guestNames", index, `${guestName} is ${host}'s guest: check them in on the list`));
  });
  return issues;
}

/**
 * Many walk-ins at once, all or none: everything is checked first under the session's lock, and
 * any problem refuses the whole list with every problem named, nothing written. Each walk-in
 * then follows the single walk-in's rules; the places run out in list order, members first.
 */
export async function addWalkIns(
  db: Db,
  organizationId: string,
  sessionId: string,
  body: BulkCheckIn,
  now: Date,
): Promise<{ checkedIn: number; standingBy: number }> {
  return db.transaction(async (tx) => {
    const session = await lockSessionTakingWalkIns(tx, organizationId, sessionId, now);
    const issues = await bulkIssues(tx, session, body);
    if (issues.length > 0) {
      throw new AppError("CHECK_IN_REFUSED", `${refusedLines(issues)}: nobody was checked in.`, {
        issues,
      });
    }
    const walkIns: Array<[WalkIn, Issue]> = [
      ...body.memberIds.map((userId, i) => [{ userId }, issueAt("memberIds", i, "")] as [WalkIn, Issue]),
      ...body.guestNames.map(
        (guestName, i) => [{ guestName }, issueAt("guestNames", i, "")] as [WalkIn, Issue],
      ),
    ];
    let standingBy = 0;
    for (const [who, place] of walkIns) {
      try {
        if ((await checkInWalkIn(tx, session, who, now, body.standBy)) === "standing_by") standingBy += 1;
      } catch (error) {
        if (!(error instanceof AppError && error.code === "SESSION_FULL")) throw error;
        // The whole list rolls back; say from where on it did not fit.
        throw new AppError(
          "SESSION_FULL",
          `The session is full: ${session.capacity} places. Nobody was checked in.`,
          { issues: [{ ...place, message: "No place left from here on" }] },
        );
      }
    }
    return { checkedIn: walkIns.length - standingBy, standingBy };
  });
}

function refusedLines(issues: Issue[]): string {
  const count = (field: string) =>
    new Set(issues.filter((i) => i.path[1] === field).map((i) => i.path[2])).size;
  const parts = [
    [count("guestNames"), "name"],
    [count("memberIds"), "member"],
  ]
    .filter(([n]) => n)
    .map(([n, what]) => `${n} ${what}${n === 1 ? "" : "s"}`);
  return `${parts.join(" and ")} cannot be checked in`;
}

const checkedIn = { standingBy: false, waitlistPosition: null };

/**
 * The player's own check-in from the session's link or QR code, while the session is active. On
 * the waitlist, or not registered when no place is left, they stand by at the door: the next
 * places go to the waitlist in order, then to those who walked up (promote_waitlist).
 */
export async function selfCheckIn(
  db: Db,
  organizationId: string,
  sessionId: string,
  userId: string,
  token: string,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const session = await lockSession(tx, organizationId, sessionId);
    if (session.checkInToken !== token)
      throw new AppError("BAD_CHECK_IN_LINK", "This check-in link is not valid.");
    if (session.status !== "active") {
      throw new AppError("NOT_ACTIVE", "Check-in opens when the organizer starts the session.");
    }
    const existing = await activeRegistrationOf(tx, sessionId, userId);
    if (existing?.status === "registered") {
      await tx
        .update(sessionRegistrations)
        .set({ checkedInAt: now, updatedAt: now })
        .where(eq(sessionRegistrations.id, existing.id));
      return checkedIn;
    }
    if (existing?.status === "pending_payment")
      throw new AppError("PAYMENT_PENDING", "Complete your payment to check in.");
    if (existing?.status === "entered") throw drawPending();
    if (existing?.status === "waitlisted" && session.paymentRequired) {
      throw new AppError(
        "WAITLISTED",
        "You're on the waitlist: an organizer can check you in if a place opens.",
      );
    }
    // On the waitlist and at the door: standing by, in their turn for the next place.
    if (existing?.status === "waitlisted") {
      await tx
        .update(sessionRegistrations)
        .set({ checkedInAt: now, updatedAt: now })
        .where(eq(sessionRegistrations.id, existing.id));
      return standingBy(tx, organizationId, sessionId, existing.id);
    }
    if (session.paymentRequired)
      throw new AppError("NOT_REGISTERED", "Register and pay for this session first.");
    // Not registered: a free place, or with none left, standing by after the waitlist.
    const place = await roomAndNextSeq(tx, sessionId);
    const id = await arriveAtTheDoor(tx, session, { userId }, place, now);
    return place.room ? checkedIn : standingBy(tx, organizationId, sessionId, id);
  });
}

/** Standing by at the door, with their turn among those waiting (the list counts it). */
async function standingBy(tx: Tx, organizationId: string, sessionId: string, registrationId: string) {
  const listed = await listRegistrations(tx, organizationId, sessionId);
  const waitlistPosition = listed.find((r) => r.id === registrationId)?.waitlistPosition ?? null;
  return { standingBy: true, waitlistPosition };
}
