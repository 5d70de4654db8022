// Check-in: organizers check registered players in and add walk-ins (members, or guests by
// name); a player checks in from their phone through the session's link or QR code while the
// session is active.
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/database.js";
import { sessionRegistrations } from "../../db/schema/sessions.js";
import { AppError, notFound } from "../../platform/errors/app-error.js";
import { isMember } from "../members/service.js";
import { lockSession, nextSeq, placesTaken } from "./registrations.js";

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
      throw new AppError(409, "SESSION_CLOSED", "This session is over.");
    }
    const [row] = await tx
      .select()
      .from(sessionRegistrations)
      .where(and(eq(sessionRegistrations.id, registrationId), eq(sessionRegistrations.sessionId, sessionId)));
    if (!row || row.status === "cancelled") throw notFound("Registration not found");
    if (checkedIn && row.status !== "registered") {
      throw new AppError(409, "NOT_REGISTERED", "Only registered players can be checked in.");
    }
    await tx
      .update(sessionRegistrations)
      .set({ checkedInAt: checkedIn ? now : null, updatedAt: now })
      .where(eq(sessionRegistrations.id, row.id));
  });
}

/** A walk-in at the door: a member of the club, or a guest by name. Counts toward capacity. */
export async function addWalkIn(
  db: Db,
  organizationId: string,
  sessionId: string,
  who: { userId: string } | { guestName: string },
  now: Date,
) {
  return db.transaction(async (tx) => {
    const session = await lockSession(tx, organizationId, sessionId);
    if (session.status !== "scheduled" && session.status !== "active") {
      throw new AppError(409, "SESSION_CLOSED", "This session is over.");
    }
    if ("userId" in who) {
      if (!(await isMember(tx, organizationId, who.userId))) throw notFound("Member not found");
      const existing = await activeRegistrationOf(tx, sessionId, who.userId);
      if (existing?.status === "registered") {
        await tx
          .update(sessionRegistrations)
          .set({ checkedInAt: now, updatedAt: now })
          .where(eq(sessionRegistrations.id, existing.id));
        return;
      }
      if (existing) {
        // Waitlisted or unpaid: the organizer takes them in at the door.
        await tx
          .update(sessionRegistrations)
          .set({ status: "registered", checkedInAt: now, holdExpiresAt: null, updatedAt: now })
          .where(eq(sessionRegistrations.id, existing.id));
        return;
      }
    }
    if (session.capacity !== null && (await placesTaken(tx, sessionId)) >= session.capacity) {
      throw new AppError(409, "SESSION_FULL", "The session is full.");
    }
    await tx.insert(sessionRegistrations).values({
      organizationId,
      sessionId,
      userId: "userId" in who ? who.userId : null,
      guestName: "guestName" in who ? who.guestName : null,
      status: "registered",
      seq: await nextSeq(tx, sessionId),
      checkedInAt: now,
      createdAt: now,
    });
  });
}

/** The player's own check-in from the session's link or QR code, while the session is active. */
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
      throw new AppError(403, "BAD_CHECK_IN_LINK", "This check-in link is not valid.");
    if (session.status !== "active") {
      throw new AppError(409, "NOT_ACTIVE", "Check-in opens when the organizer starts the session.");
    }
    const existing = await activeRegistrationOf(tx, sessionId, userId);
    if (existing?.status === "registered") {
      await tx
        .update(sessionRegistrations)
        .set({ checkedInAt: now, updatedAt: now })
        .where(eq(sessionRegistrations.id, existing.id));
      return;
    }
    if (existing?.status === "pending_payment")
      throw new AppError(409, "PAYMENT_PENDING", "Complete your payment to check in.");
    if (existing?.status === "waitlisted") {
      throw new AppError(
        409,
        "WAITLISTED",
        "You're on the waitlist: an organizer can check you in if a place opens.",
      );
    }
    if (session.paymentRequired)
      throw new AppError(409, "NOT_REGISTERED", "Register and pay for this session first.");
    if (session.capacity !== null && (await placesTaken(tx, sessionId)) >= session.capacity) {
      throw new AppError(409, "SESSION_FULL", "The session is full.");
    }
    await tx.insert(sessionRegistrations).values({
      organizationId,
      sessionId,
      userId,
      status: "registered",
      seq: await nextSeq(tx, sessionId),
      checkedInAt: now,
      createdAt: now,
    });
  });
}
