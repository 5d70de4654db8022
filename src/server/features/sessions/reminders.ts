// Session reminders: REMINDER_HOURS before a session (24 h and 2 h by default) its
// registered players who want reminders get an email. A sweep runs every minute; each
// reminder is claimed in the notification log in the transaction that queues it, so it goes
// once however often the sweep runs, on however many instances. A session only gets the
// reminder of the window it is in: one created an hour before it starts gets the 2-hour one,
// not both.
import { and, eq, gt, lte } from "drizzle-orm";
import { longDate, timeRange } from "../../../shared/domain/session-time.js";
import type { UseCaseDeps } from "../../app-deps.js";
import { sessionRegistrations, sessions } from "../../db/schema/sessions.js";
import { emailEffect, withEffects } from "../../platform/jobs/outbox.js";
import { actionEmail } from "../../platform/mail/templates.js";
import { people } from "../account/service.js";
import { getOrganization } from "../clubs/service.js";
import { claimNotification, unsubscribeFor, wantEmail } from "../notifications/service.js";

export const SEND_REMINDERS = "send-session-reminders";
const HOUR = 3_600_000;

const inWords = (hours: number) =>
  hours % 24 === 0
    ? `${hours / 24 === 1 ? "tomorrow" : `in ${hours / 24} days`}`
    : hours === 1
      ? "in an hour"
      : `in ${hours} hours`;

/** Queues every reminder now due; returns how many it queued. */
export async function sendDueReminders(deps: UseCaseDeps): Promise<number> {
  const now = deps.now();
  const windows = deps.config.reminderHours.map((hours, i, all) => ({
    hours,
    from: new Date(now.getTime() + (all[i + 1] ?? 0) * HOUR),
    to: new Date(now.getTime() + hours * HOUR),
  }));
  const { result } = await withEffects(deps, async (tx, effects) => {
    let queued = 0;
    for (const window of windows) {
      const rows = await tx
        .select({ session: sessions, userId: sessionRegistrations.userId })
        .from(sessions)
        .innerJoin(sessionRegistrations, eq(sessionRegistrations.sessionId, sessions.id))
        .where(
          and(
            eq(sessions.status, "scheduled"),
            gt(sessions.startsAt, window.from),
            lte(sessions.startsAt, window.to),
            eq(sessionRegistrations.status, "registered"),
          ),
        );
      const userIds = rows.flatMap((r) => (r.userId ? [r.userId] : []));
      const wanting = await wantEmail(tx, userIds, "sessionReminders");
      const byId = await people(tx, [...wanting]);
      for (const { session, userId } of rows) {
        const player = userId ? byId.get(userId) : undefined;
        if (!player) continue;
        if (!(await claimNotification(tx, `reminder:${session.id}:${window.hours}h:${player.id}`, player.id)))
          continue;
        const club = await getOrganization(tx, session.organizationId);
        const starts = session.startsAt.toISOString();
        const when = `${longDate(starts, club.timeZone)}, ${timeRange(starts, session.endsAt.toISOString(), club.timeZone)}`;
        effects.push(
          emailEffect(
            actionEmail(
              player.email,
              `Reminder: ${session.name} ${inWords(window.hours)}`,
              `${session.name} is ${inWords(window.hours)}`,
              [
                `Hi ${player.name},`,
                `You're registered for ${session.name} at ${club.name}: ${when}.`,
                "Can't make it? Cancel your place so someone on the waitlist can have it.",
              ],
              { label: "See the session", url: `${deps.config.appUrl}/sessions/${session.id}` },
              { ...unsubscribeFor(deps, player.id, "sessionReminders"), club },
            ),
          ),
        );
        queued++;
      }
    }
    return queued;
  });
  return result;
}
