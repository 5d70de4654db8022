// A session's lock, the first step of everything that changes who holds a place: taken with
// the holds that have run out released and their places given to the waitlist, in the order
// the place rules say (promote_waitlist, db/schema/rules/place-rules.sql).
import { and, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/database.js";
import { qualified } from "../../db/qualified.js";
import { payments, sessionRegistrations, sessions } from "../../db/schema/sessions.js";
import { notFound } from "../../platform/errors/app-error.js";
import { promoteWaitlist } from "./place-rules.js";

/** How long an unpaid place is held for someone at the checkout. */
export const PAYMENT_HOLD_MINUTES = 15;
/** A waitlisted player promoted into a paid session gets longer to come and pay. */
export const PROMOTED_HOLD_HOURS = 12;

export type RegistrationRow = typeof sessionRegistrations.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/** What happened, for the notices sent after the commit. */
export type Promotion = {
  registrationId: string;
  /** Who is told: the player, or the member who brought the guest. */
  userId: string | null;
  /** A member's guest: their name (the member is told, and pays); null for anyone else. */
  guestName: string | null;
  /** Standing by at the door: checked in already, so in and on the board at once. */
  present: boolean;
  organizationId: string;
  sessionId: string;
  needsPayment: boolean;
  /** When the promoted player's unpaid place is released again. */
  holdExpiresAt: Date | null;
};

export async function lockSession(tx: Tx, organizationId: string, sessionId: string): Promise<SessionRow> {
  const [row] = await tx
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.organizationId, organizationId)))
    .for("update");
  if (!row) throw notFound("Session not found");
  return row;
}

/**
 * Locks the session as lockSession does and releases its run-out holds, filling the freed
 * places from the waitlist. Whether any hold has run out by `now` comes with the lock, in the
 * same statement: almost always none has, and the release then costs nothing. The answer comes
 * from the statement's snapshot, taken before any wait for the lock: a place changed meanwhile
 * by the lock's holder was either released by it already (the release then finds nothing) or
 * held afresh (not run out).
 */
export async function lockSessionReleasingHolds(
  tx: Tx,
  organizationId: string,
  sessionId: string,
  now: Date,
) {
  const [row] = await tx
    .select({
      ...getTableColumns(sessions),
      holdsRunOut: sql<boolean>`exists (select 1 from ${sessionRegistrations} held
        where held.session_id = ${qualified(sessions.id)}
          and hold_run_out(held.status, held.hold_expires_at, ${now}))`,
    })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.organizationId, organizationId)))
    .for("update", { of: sessions });
  if (!row) throw notFound("Session not found");
  const { holdsRunOut, ...session } = row;
  const released = holdsRunOut
    ? await expireHolds(tx, session, now)
    : { promotions: [], closedCheckouts: [] };
  return { session, ...released };
}

/**
 * Releases places whose payment hold ran out, then fills freed places from the waitlist.
 * Answers the promotions and the payments whose checkout is to close at the provider: one left
 * open could still be paid for a place that is no longer held.
 */
async function expireHolds(
  tx: Tx,
  session: SessionRow,
  now: Date,
): Promise<{ promotions: Promotion[]; closedCheckouts: string[] }> {
  const expired = await tx
    .update(sessionRegistrations)
    .set({ status: "cancelled", checkedInAt: null, updatedAt: now })
    .where(
      and(
        eq(sessionRegistrations.sessionId, session.id),
        sql`hold_run_out(${sessionRegistrations.status}, ${sessionRegistrations.holdExpiresAt}, ${now})`,
      ),
    )
    .returning({ id: sessionRegistrations.id });
  if (expired.length === 0) return { promotions: [], closedCheckouts: [] };
  const lapsed = await tx
    .update(payments)
    .set({ status: "expired", updatedAt: now })
    .where(
      and(
        inArray(
          payments.registrationId,
          expired.map((e) => e.id),
        ),
        eq(payments.status, "pending"),
      ),
    )
    .returning({ id: payments.id, providerRef: payments.providerRef });
  return {
    promotions: await promoteFromWaitlist(tx, session, now),
    closedCheckouts: lapsed.filter((p) => p.providerRef !== null).map((p) => p.id),
  };
}

/** How long a place given by the waitlist or a draw is held unpaid in a paid session. */
export const promotedHoldUntil = (now: Date) => new Date(now.getTime() + PROMOTED_HOLD_HOURS * 3_600_000);

/** Moves waitlisted players in order, then those who walked up, into every free place (promote_waitlist). */
export async function promoteFromWaitlist(tx: Tx, session: SessionRow, now: Date): Promise<Promotion[]> {
  const holdUntil = promotedHoldUntil(now);
  const moved = await promoteWaitlist(tx, { sessionId: session.id, at: now, holdUntil });
  return moved.map((m) => ({
    ...m,
    organizationId: session.organizationId,
    sessionId: session.id,
  }));
}
