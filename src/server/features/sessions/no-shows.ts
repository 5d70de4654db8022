// No-shows at check-in. Once a session has started, its registered players not checked in
// lose their places to those standing by (the waitlist, first come or first drawn), each told;
// an organizer releases them at the door, or a job does at the release time the session sets.
// It runs once per session, under the session's lock, with everything it sets off (the
// waitlist moving up, a paid place settled as any cancellation after the cut-off, the notices,
// a strike for each no-show) in one transaction. A place given up after the refund cut-off
// counts half a strike (give_up_place, migration 0034); admins read them in strikes.ts.
import { and, eq, isNull, sql } from "drizzle-orm";
import { shortTime } from "../../../shared/domain/session-time.js";
import type { UseCaseDeps } from "../../app-deps.js";
import type { Tx } from "../../db/database.js";
import { noShowStrikes, sessionRegistrations, sessions } from "../../db/schema/sessions.js";
import { AppError } from "../../platform/errors/app-error.js";
import { type Effect, emailEffect, jobEffect, withEffects } from "../../platform/jobs/outbox.js";
import { actionEmail } from "../../platform/mail/templates.js";
import { people } from "../account/service.js";
import { accessRules, getOrganization } from "../clubs/service.js";
import { pushEffects, unsubscribeFor, wantEmail } from "../notifications/service.js";
import { placeEffects } from "./effects.js";
import type { MailConfig } from "./notices.js";
import { settleCancelledPlace } from "./payment-outcomes.js";
import { lockSessionReleasingHolds, promoteFromWaitlist, type SessionRow } from "./session-lock.js";

export const RELEASE_NO_SHOWS = "release-no-shows";
export type ReleaseJob = { organizationId: string; sessionId: string };

/** The release's job, at the session's release time. */
export const releaseJob = (
  session: Pick<SessionRow, "organizationId" | "id" | "startsAt" | "noShowReleaseMinutes">,
) =>
  session.noShowReleaseMinutes === null
    ? null
    : jobEffect(
        RELEASE_NO_SHOWS,
        { organizationId: session.organizationId, sessionId: session.id } satisfies ReleaseJob,
        releaseTime(session)!,
      );

const releaseTime = (session: Pick<SessionRow, "startsAt" | "noShowReleaseMinutes">) =>
  session.noShowReleaseMinutes === null
    ? null
    : new Date(session.startsAt.getTime() + session.noShowReleaseMinutes * 60_000);

/**
 * Releases the session's no-shows: by an organizer (`by: "organizer"`, any time after the
 * start) or by the job (only at or after the release time, and only for a session that is on).
 */
export async function releaseNoShows(
  deps: UseCaseDeps,
  organizationId: string,
  sessionId: string,
  by: "organizer" | "job",
) {
  const now = deps.now();
  const { result } = await withEffects(deps, async (tx, effects) => {
    const {
      session,
      promotions: freed,
      closedCheckouts: lapsed,
    } = await lockSessionReleasingHolds(tx, organizationId, sessionId, now);
    effects.push(
      ...(await placeEffects(tx, deps.config, { refunds: [], promotions: freed, closedCheckouts: lapsed })),
    );
    const refusal = whyNot(session, now, by);
    if (refusal) {
      if (by === "job") return { released: 0, promoted: 0 };
      throw refusal;
    }
    const missing = await tx
      .select()
      .from(sessionRegistrations)
      .where(
        and(
          eq(sessionRegistrations.sessionId, session.id),
          eq(sessionRegistrations.status, "registered"),
          isNull(sessionRegistrations.checkedInAt),
          // Walk-ins are checked in as they are added; a member's guest who did not come is a
          // no-show like anyone, though the strike is nobody's (the guest has no standing).
          sql`(${sessionRegistrations.userId} is not null or ${sessionRegistrations.broughtBy} is not null)`,
        ),
      );
    const struck = missing.filter((row) => row.userId !== null);
    // The club decides whether a no-show's paid place is refunded; by default it is not (the
    // release comes after the start, past any refund cut-off).
    const { refundNoShows } =
      missing.length > 0 ? await accessRules(tx, organizationId) : { refundNoShows: false };
    const refunds = [];
    const closedCheckouts = [];
    for (const row of missing) {
      await tx
        .update(sessionRegistrations)
        .set({ status: "cancelled", updatedAt: now })
        .where(eq(sessionRegistrations.id, row.id));
      const settled = await settleCancelledPlace(tx, session, row, now, refundNoShows);
      refunds.push(settled.refund);
      closedCheckouts.push(...settled.closedCheckouts);
    }
    if (struck.length > 0)
      await tx
        .insert(noShowStrikes)
        .values(
          struck.map((row) => ({
            organizationId,
            sessionId: session.id,
            userId: row.userId!,
            kind: "no_show" as const,
            weight: 1,
            createdAt: now,
          })),
        )
        .onConflictDoNothing();
    await tx
      .update(sessions)
      .set({ noShowsReleasedAt: now, updatedAt: now })
      .where(eq(sessions.id, session.id));
    const promotions = await promoteFromWaitlist(tx, session, now);
    effects.push(...(await placeEffects(tx, deps.config, { refunds, promotions, closedCheckouts })));
    // Those moved up are likely at the club, standing by: their phones hear it at once.
    effects.push(
      ...(await pushEffects(
        tx,
        promotions.flatMap((p) =>
          p.userId
            ? [
                {
                  userId: p.userId,
                  key: `place:${p.registrationId}`,
                  payload: {
                    title: p.guestName
                      ? `${p.guestName} is in: ${session.name}`
                      : `You're in: ${session.name}`,
                    body: p.guestName
                      ? "A place opened for your guest. They check in at the door and they're on the board."
                      : p.present
                        ? "A place opened and you're checked in: watch the board for your court."
                        : "A place opened. Check in at the door and you're on the board.",
                    url: `/sessions/${session.id}`,
                    tag: `place-${session.id}`,
                    organizationId,
                    actions: [],
                  },
                },
              ]
            : [],
        ),
      )),
    );
    effects.push(...(await releasedEmails(tx, deps.config, session, missing)));
    return { released: missing.length, promoted: promotions.length };
  });
  return result;
}

function whyNot(session: SessionRow, now: Date, by: "organizer" | "job"): AppError | null {
  if (session.status !== "scheduled" && session.status !== "active")
    return new AppError("SESSION_CLOSED", "This session is over.");
  if (session.noShowsReleasedAt) {
    return new AppError("NO_SHOWS_RELEASED", "The places not checked in were released already.");
  }
  if (now < session.startsAt)
    return new AppError("NOT_STARTED", "Places not checked in can be released once the session has started.");
  const due = releaseTime(session);
  // The job's time may have been moved later since it was queued: then it waits for its own.
  if (by === "job" && (due === null || now < due)) return new AppError("NOT_STARTED", "Not yet.");
  return null;
}

/** Tells each released player where their place went, unless they turned waitlist notices off. */
async function releasedEmails(
  tx: Tx,
  config: MailConfig,
  session: SessionRow,
  released: Array<{ userId: string | null; broughtBy: string | null; guestName: string | null }>,
): Promise<Effect[]> {
  // Each player is told; for a member's guest, the member who brought them.
  const told = released.flatMap(
    (r): Array<{ userId: string; guest: string | null }> =>
      r.userId
        ? [{ userId: r.userId, guest: null }]
        : r.broughtBy
          ? [{ userId: r.broughtBy, guest: r.guestName ?? "Your guest" }]
          : [],
  );
  if (told.length === 0) return [];
  const wanting = await wantEmail(
    tx,
    told.map((t) => t.userId),
    "waitlistNotifications",
  );
  const byId = await people(tx, [...wanting]);
  const club = await getOrganization(tx, session.organizationId);
  const when = shortTime(session.startsAt.toISOString(), club.timeZone);
  return told.flatMap(({ userId, guest }) => {
    const player = byId.get(userId);
    if (!player) return [];
    const lines = guest
      ? [
          `${session.name} at ${club.name} started at ${when} and your guest ${guest} wasn't checked in, so their place went to someone standing by.`,
          "If they're on their way, tell an organizer at the door: they can check them in if there's room.",
        ]
      : [
          `${session.name} at ${club.name} started at ${when} and you weren't checked in, so your place went to someone standing by.`,
          "If you're on your way, tell an organizer at the door: they can check you in if there's room.",
        ];
    return [
      emailEffect(
        actionEmail(
          player.email,
          guest
            ? `${guest}'s place was released: ${session.name}`
            : `Your place was released: ${session.name}`,
          guest ? "Your guest wasn't checked in" : "We missed you tonight",
          [`Hi ${player.name},`, ...lines],
          { label: "See the session", url: `${config.appUrl}/sessions/${session.id}` },
          { ...unsubscribeFor({ config }, player.id, "waitlistNotifications"), club },
        ),
      ),
    ];
  });
}
