// What each entrant hears when a session's lottery is drawn: a place (and, in a paid session,
// how long it is held unpaid), or their number on the waitlist; by email, unless they turned
// waitlist notices off. Built in the drawing transaction and queued by it (outbox.ts).
import { formatCents } from "../../../shared/domain/money.js";
import type { Queryable } from "../../db/database.js";
import { type Effect, emailEffect } from "../../platform/jobs/outbox.js";
import { actionEmail } from "../../platform/mail/templates.js";
import { people } from "../account/service.js";
import { getOrganization } from "../clubs/service.js";
import { unsubscribeFor, wantEmail } from "../notifications/service.js";
import type { DrawOutcome } from "./lottery.js";
import { type MailConfig, when } from "./notices.js";
import type { SessionRow } from "./session-lock.js";

export async function lotteryEmails(
  db: Queryable,
  config: MailConfig,
  session: SessionRow,
  outcomes: DrawOutcome[],
): Promise<Effect[]> {
  if (outcomes.length === 0) return [];
  const wanting = await wantEmail(
    db,
    outcomes.map((o) => o.id),
    "waitlistNotifications",
  );
  // A place held unpaid is lost if nobody pays: its winner is told whatever their choices.
  const mustHear = outcomes.filter((o) => o.holdExpiresAt).map((o) => o.id);
  const byId = await people(db, [...wanting, ...mustHear]);
  const club = await getOrganization(db, session.organizationId);
  const starts = when(session.startsAt, club.timeZone);
  const url = `${config.appUrl}/sessions/${session.id}`;
  const effects: Effect[] = [];
  for (const outcome of outcomes) {
    const player = byId.get(outcome.id);
    if (!player) continue;
    const lines = outcome.won
      ? [
          `Hi ${player.name},`,
          `The places in ${session.name} at ${club.name} on ${starts} were drawn, and you got one.`,
          outcome.holdExpiresAt
            ? `Pay ${formatCents(session.paymentAmount ?? 0)} by ${when(outcome.holdExpiresAt, club.timeZone)} to keep it.`
            : "You're registered: see you on court!",
        ]
      : [
          `Hi ${player.name},`,
          `The places in ${session.name} at ${club.name} on ${starts} were drawn, and this time you did not get one.`,
          `You're number ${outcome.waitlistPosition} on the waitlist: if a place opens you'll hear at once. Your next draw at ${club.name} counts this one in your favour.`,
        ];
    effects.push(
      emailEffect(
        actionEmail(
          player.email,
          outcome.won
            ? `You got a place: ${session.name}`
            : `Waitlist number ${outcome.waitlistPosition}: ${session.name}`,
          outcome.won ? "You're in" : "The draw is done",
          lines,
          {
            label: outcome.won && outcome.holdExpiresAt ? "Pay and confirm" : "See the draw",
            url,
          },
          { ...unsubscribeFor({ config }, player.id, "waitlistNotifications"), club },
        ),
      ),
    );
  }
  return effects;
}
