// What each entrant hears when a session's lottery is drawn: a place (and, in a paid session,
// how long it is held unpaid, at their member price), or their number on the waitlist; by email,
// unless they turned waitlist notices off (a child's, to their household's payer). Built in the
// drawing transaction and queued by it (outbox.ts).
import { formatCents } from "../../../shared/domain/money.js";
import type { Queryable } from "../../db/database.js";
import { type Effect, emailEffect } from "../../platform/jobs/outbox.js";
import { actionEmail } from "../../platform/mail/templates.js";
import { people } from "../account/service.js";
import { getOrganization } from "../clubs/service.js";
import { childrensPayers } from "../memberships/service.js";
import { unsubscribeFor, wantEmail } from "../notifications/service.js";
import type { DrawOutcome } from "./lottery.js";
import { type MailConfig, when } from "./notices.js";
import { placePrice } from "./place-price.js";
import type { SessionRow } from "./session-lock.js";

export async function lotteryEmails(
  db: Queryable,
  config: MailConfig,
  session: SessionRow,
  outcomes: DrawOutcome[],
): Promise<Effect[]> {
  if (outcomes.length === 0) return [];
  // A child's draw is told to their household's payer, who pays for the place.
  const payers = await childrensPayers(
    db,
    session.organizationId,
    outcomes.map((o) => o.id),
  );
  const hearer = (id: string) => payers.get(id) ?? id;
  const wanting = await wantEmail(
    db,
    outcomes.map((o) => hearer(o.id)),
    "waitlistNotifications",
  );
  // A place held unpaid is lost if nobody pays: its winner is told whatever their choices.
  const mustHear = outcomes.filter((o) => o.holdExpiresAt).map((o) => hearer(o.id));
  const byId = await people(db, [...wanting, ...mustHear, ...payers.keys()]);
  const club = await getOrganization(db, session.organizationId);
  const starts = when(session.startsAt, club.timeZone);
  const url = `${config.appUrl}/sessions/${session.id}`;
  const now = new Date();
  const effects: Effect[] = [];
  for (const outcome of outcomes) {
    const reader = byId.get(hearer(outcome.id));
    if (!reader || !(wanting.has(reader.id) || mustHear.includes(reader.id))) continue;
    const child = payers.has(outcome.id) ? (byId.get(outcome.id)?.name ?? "Your child") : null;
    const who = child ?? "you";
    // The price the winner pays: their member price when they have one.
    const price = outcome.holdExpiresAt
      ? formatCents(await placePrice(db, session, { userId: outcome.id, guest: false }, now))
      : null;
    const lines = outcome.won
      ? [
          `Hi ${reader.name},`,
          `The places in ${session.name} at ${club.name} on ${starts} were drawn, and ${who} got one.`,
          outcome.holdExpiresAt
            ? `Pay ${price} by ${when(outcome.holdExpiresAt, club.timeZone)} to keep it.`
            : child
              ? `${child} is registered: they check in at the door like anyone.`
              : "You're registered: see you on court!",
        ]
      : [
          `Hi ${reader.name},`,
          `The places in ${session.name} at ${club.name} on ${starts} were drawn, and this time ${child ?? "you"} did not get one.`,
          `${child ? `${child} is` : "You're"} number ${outcome.waitlistPosition} on the waitlist: if a place opens you'll hear at once. The next draw at ${club.name} counts this one in ${child ? "their" : "your"} favour.`,
        ];
    effects.push(
      emailEffect(
        actionEmail(
          reader.email,
          outcome.won
            ? `${child ? `${child} got` : "You got"} a place: ${session.name}`
            : `Waitlist number ${outcome.waitlistPosition}: ${session.name}`,
          outcome.won ? (child ? `${child} is in` : "You're in") : "The draw is done",
          lines,
          {
            label: outcome.won && outcome.holdExpiresAt ? "Pay and confirm" : "See the draw",
            url,
          },
          { ...unsubscribeFor({ config }, reader.id, "waitlistNotifications"), club },
        ),
      ),
    );
  }
  return effects;
}
