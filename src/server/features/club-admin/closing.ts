// Deleting a club (the owner's "Delete club", or deleting an owner's account with their clubs).
// It happens in two steps, because money may still be owed:
//   1. closing, in one transaction under the club's lock: every open session is cancelled as an
//      organizer's cancel does (each payment decided for refund, players told), every member
//      hears the club has closed, the ways in by link stop working, the club's address is freed,
//      and closing_at is set: from then on every read and action answers 404 (members/policy.ts);
//   2. removing, by a job the closing queued: once no payment of the club is refund_pending it
//      deletes the club's row, and ON DELETE CASCADE the rest. Until then it looks again later,
//      so a refund job never finds its payment gone.
import { messages } from "../../../shared/domain/messages.js";
import type { AppDeps, UseCaseDeps } from "../../app-deps.js";
import type { Tx } from "../../db/database.js";
import { AppError } from "../../platform/errors/app-error.js";
import { type Effect, emailEffect, jobEffect, withEffects } from "../../platform/jobs/outbox.js";
import { clubClosedEmail } from "../../platform/mail/templates.js";
import { deleteClub, lockClosingClub, lockClub, markClubClosing } from "../clubs/service.js";
import { announceBoardClosed, revokeDisplayLinks } from "../courts/service.js";
import { forgetClubAccess, readMembers, revokeOpenInvitations } from "../members/service.js";
import { cancelOpenSessions, dropCalendarFeed, lockClubPayments } from "../sessions/service.js";

export const REMOVE_CLOSED_CLUB = "remove-closed-club";
type RemoveJob = { organizationId: string; attempt?: number };
/**
 * How long the removal waits before looking again while a refund is still owed: 5 s, doubling
 * to at most 5 minutes. The refund job usually finishes within seconds of the closing (the two
 * start together, in either order), so the first looks come soon.
 */
export const RECHECK_REFUNDS_MS = { first: 5_000, max: 5 * 60_000 };
const recheckAfter = (attempt: number) =>
  Math.min(RECHECK_REFUNDS_MS.max, RECHECK_REFUNDS_MS.first * 2 ** Math.min(attempt, 10));

/** What closing left to do after its commit: the live boards of the sessions it cancelled. */
export type Closed = { organizationId: string; cancelledSessionIds: string[] };

/**
 * Closes the club inside the caller's transaction (see the top of this file); `closerId` is the
 * owner who asked, who needs no email about it. The effects are the caller's to queue.
 */
export async function closeClubIn(
  tx: Tx,
  deps: Pick<UseCaseDeps, "config" | "now">,
  organizationId: string,
  closerId: string,
  effects: Effect[],
): Promise<Closed> {
  // The lock first: a member joining or a court added now waits, then finds no club.
  const club = await lockClub(tx, organizationId);
  const now = deps.now();
  const cancelled = await cancelOpenSessions(tx, deps, organizationId);
  effects.push(...cancelled.effects);
  for (const member of await readMembers(tx, organizationId)) {
    if (member.userId === closerId) continue;
    effects.push(emailEffect(clubClosedEmail(member.email, member.name, club.name, deps.config.appUrl)));
  }
  await revokeOpenInvitations(tx, organizationId, now);
  await revokeDisplayLinks(tx, organizationId, now);
  await dropCalendarFeed(tx, organizationId);
  await markClubClosing(tx, organizationId, now);
  effects.push(jobEffect(REMOVE_CLOSED_CLUB, { organizationId } satisfies RemoveJob));
  return { organizationId, cancelledSessionIds: cancelled.sessionIds };
}

/** After the commit: this instance forgets who was in the club, and live boards are told. */
export async function afterClosing(deps: AppDeps, closed: Closed): Promise<void> {
  forgetClubAccess(deps.database.db, closed.organizationId);
  for (const sessionId of closed.cancelledSessionIds)
    await announceBoardClosed(deps, closed.organizationId, sessionId);
}

/** The owner's "Delete club": the club's name typed exactly, or nothing happens. */
export async function closeClub(
  deps: AppDeps,
  access: { organizationId: string; userId: string },
  confirmName: string,
): Promise<void> {
  const { result } = await withEffects(deps, async (tx, effects) => {
    const { name } = await lockClub(tx, access.organizationId);
    if (confirmName.trim() !== name.trim()) {
      const message = messages.clubs.confirmNameMismatch;
      throw new AppError("VALIDATION_ERROR", message, { issues: [{ path: ["confirmName"], message }] });
    }
    return closeClubIn(tx, deps, access.organizationId, access.userId, effects);
  });
  await afterClosing(deps, result);
}

/** Deletes the closed club's rows once no refund of it is owed; until then, looks again later. */
export async function removeClosedClub(
  deps: UseCaseDeps,
  organizationId: string,
  attempt = 0,
): Promise<void> {
  const owed = await deps.database.db.transaction(async (tx) => {
    if (!(await lockClosingClub(tx, organizationId))) return 0;
    const { refundsPending } = await lockClubPayments(tx, organizationId);
    if (refundsPending === 0) await deleteClub(tx, organizationId);
    return refundsPending;
  });
  if (owed > 0) {
    // The queue's own clock, not the app's: the wait is real time for the refunds to be made.
    const later = new Date(Date.now() + recheckAfter(attempt));
    await deps.jobs.schedule<RemoveJob>(REMOVE_CLOSED_CLUB, { organizationId, attempt: attempt + 1 }, later);
  }
}

export async function registerClubRemoval(deps: AppDeps): Promise<void> {
  await deps.jobs.handle<RemoveJob>(REMOVE_CLOSED_CLUB, ({ organizationId, attempt }) =>
    removeClosedClub(deps, organizationId, attempt ?? 0),
  );
}
