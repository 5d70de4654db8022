// The weekly summary: Monday at 8:00 in each club's own time zone, every member who
// wants it gets their week: games counted, how their rating moved, and the club's next
// sessions. A sweep every 15 minutes sends the clubs whose local time is Monday 8 o'clock
// (daylight saving moves that hour in UTC, not in the club); each member's summary is claimed
// in the notification log under the club's local date, so it goes once a week.
import { formatCents } from "../../../shared/domain/money.js";
import { longDate, timeRange } from "../../../shared/domain/session-time.js";
import { teamsListed } from "../../../shared/domain/team-rules.js";
import { wallTimeAt, weekdayAt } from "../../../shared/domain/time-zones.js";
import type { UseCaseDeps } from "../../app-deps.js";
import type { Tx } from "../../db/database.js";
import { type Effect, emailEffect, withEffects } from "../../platform/jobs/outbox.js";
import { actionEmail } from "../../platform/mail/templates.js";
import { allClubs, type Club } from "../clubs/service.js";
import { weekOfPlay } from "../ladder/service.js";
import { readMembers } from "../members/service.js";
import { claimNotification, unsubscribeFor, wantEmail } from "../notifications/service.js";
import { nextScheduledSessions } from "../sessions/service.js";

export const SEND_WEEKLY_SUMMARIES = "send-weekly-summaries";
const MONDAY = 1;
const SEND_HOUR = 8;
const WEEK = 7 * 24 * 3_600_000;

const signed = (n: number) => (n >= 0 ? `+${n}` : `${n}`);

/** Queues the summaries of every club where it is now Monday 8:xx; returns how many. */
export async function sendWeeklySummaries(deps: UseCaseDeps): Promise<number> {
  const now = deps.now();
  const due = (await allClubs(deps.database.db)).filter(
    (club) => weekdayAt(now, club.timeZone) === MONDAY && wallTimeAt(now, club.timeZone).hour === SEND_HOUR,
  );
  let queued = 0;
  for (const club of due) {
    const { result } = await withEffects(deps, (tx, effects) => clubSummaries(deps, tx, club, now, effects));
    queued += result;
  }
  return queued;
}

async function clubSummaries(
  deps: UseCaseDeps,
  tx: Tx,
  club: Club,
  now: Date,
  effects: Effect[],
): Promise<number> {
  const local = wallTimeAt(now, club.timeZone);
  const week = `${local.year}-${local.month}-${local.day}`;
  const members = await readMembers(tx, club.id);
  const wanting = await wantEmail(
    tx,
    members.map((m) => m.userId),
    "weeklySummary",
  );
  const play = await weekOfPlay(tx, club.id, [...wanting], new Date(now.getTime() - WEEK));
  const upcoming = await nextScheduledSessions(tx, club.id, now, 3);
  const sessionLines = upcoming.map((s) => {
    const price = s.paymentRequired && s.paymentAmount ? ` (${formatCents(s.paymentAmount)})` : "";
    const teams = teamsListed(s.teams);
    return `${s.name}${price}: ${longDate(s.startsAt, club.timeZone)}, ${timeRange(s.startsAt, s.endsAt, club.timeZone)}${teams ? ` · ${teams}` : ""}`;
  });
  let queued = 0;
  for (const member of members) {
    if (!wanting.has(member.userId)) continue;
    if (!(await claimNotification(tx, `weekly:${club.id}:${week}:${member.userId}`, member.userId))) continue;
    const mine = play.get(member.userId);
    effects.push(
      emailEffect(
        actionEmail(
          member.email,
          `Your week at ${club.name}`,
          "Your week on court",
          [
            `Hi ${member.name},`,
            mine
              ? `You played ${mine.games} ladder ${mine.games === 1 ? "match" : "matches"} this week, and your rating moved ${signed(mine.ratingChange)}.`
              : "No ladder matches for you this week.",
            sessionLines.length ? `Coming up: ${sessionLines.join("; ")}.` : "No sessions are scheduled yet.",
          ],
          { label: "See the sessions", url: `${deps.config.appUrl}/sessions` },
          { ...unsubscribeFor(deps, member.userId, "weeklySummary"), club },
        ),
      ),
    );
    queued++;
  }
  return queued;
}

export async function registerWeeklySummaries(deps: UseCaseDeps): Promise<void> {
  await deps.jobs.handle(SEND_WEEKLY_SUMMARIES, async () => {
    await sendWeeklySummaries(deps);
  });
  await deps.jobs.every(SEND_WEEKLY_SUMMARIES, "*/15 * * * *");
}
