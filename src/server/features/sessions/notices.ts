// Emails about sessions, built inside the changing transaction and queued by it (outbox.ts): a
// place opened from the waitlist, a cancelled session, a refund decision.

import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import { dateTimeFormat } from "../../../shared/domain/formatters.js";
import { formatCents } from "../../../shared/domain/money.js";
import { hoursPhrase } from "../../../shared/domain/session-time.js";
import type { Config } from "../../config.js";
import type { Queryable } from "../../db/database.js";
import { sessionRegistrations, sessions } from "../../db/schema/sessions.js";
import { type Effect, emailEffect } from "../../platform/jobs/outbox.js";
import { actionEmail } from "../../platform/mail/templates.js";
import { people, person } from "../account/service.js";
import { getOrganization } from "../clubs/service.js";
import { childrensPayers } from "../memberships/service.js";
import { unsubscribeFor, wantEmail } from "../notifications/service.js";
import type { RefundDecision } from "./payment-outcomes.js";
import { placePrice } from "./place-price.js";
import type { Promotion } from "./session-lock.js";

/** A session's start (or any instant) as an email says it, in the club's time. */
export function when(startsAt: Date, timeZone: string): string {
  return dateTimeFormat({ dateStyle: "full", timeStyle: "short" }, timeZone).format(startsAt);
}

async function sessionAndClub(db: Queryable, sessionId: string) {
  const [session] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
  const club = await getOrganization(db, session!.organizationId);
  return { session: session!, club, clubName: club.name, timeZone: club.timeZone };
}

/** What an email needs of the configuration: links back to the app, and signed unsubscribe links. */
export type MailConfig = Pick<Config, "appUrl" | "sessionSecret">;

/**
 * Tells promoted players their place, unless they turned waitlist notifications off; a child's
 * is told to their household's payer, by the payer's own choice.
 */
export async function promotionEmails(
  db: Queryable,
  config: MailConfig,
  promotions: Promotion[],
): Promise<Effect[]> {
  const organizationId = promotions[0]?.organizationId;
  if (!organizationId) return [];
  const players = promotions.flatMap((p) => (p.userId ? [p.userId] : []));
  const payers = await childrensPayers(db, organizationId, players);
  const hearer = (userId: string) => payers.get(userId) ?? userId;
  const wanting = await wantEmail(db, players.map(hearer), "waitlistNotifications");
  const byId = await people(db, [...wanting, ...payers.keys()]);
  const effects: Effect[] = [];
  for (const promotion of promotions) {
    const told = promotion.userId && wanting.has(hearer(promotion.userId)) ? promotion.userId : null;
    const reader = told ? byId.get(hearer(told)) : undefined;
    if (!told || !reader) continue;
    const { session, club, clubName, timeZone } = await sessionAndClub(db, promotion.sessionId);
    const url = `${config.appUrl}/sessions/${session.id}`;
    const guest = promotion.guestName;
    // Someone else's place, told to the one who pays for it: a guest's, or a child's.
    const other = guest ?? (payers.has(told) ? (byId.get(told)?.name ?? null) : null);
    const price = formatCents(
      await placePrice(db, session, { userId: told, guest: guest !== null }, new Date()),
    );
    const lines = [
      `Hi ${reader.name},`,
      `A place opened in ${session.name} at ${clubName} on ${when(session.startsAt, timeZone)}, and it's ${guest ? `your guest ${guest}'s` : other ? `${other}'s` : "yours"}.`,
      promotion.needsPayment
        ? `Pay ${price} within 12 hours to keep it.`
        : other
          ? `${other} is registered: they check in at the door like anyone.`
          : "You're registered: see you on court!",
    ];
    effects.push(
      emailEffect(
        actionEmail(
          reader.email,
          other ? `${other} is in: ${session.name}` : `You're in: ${session.name}`,
          guest
            ? "A place opened for your guest"
            : other
              ? `A place opened for ${other}`
              : "A place opened for you",
          lines,
          { label: promotion.needsPayment ? "Pay and confirm" : "See the session", url },
          { ...unsubscribeFor({ config }, reader.id, "waitlistNotifications"), club },
        ),
      ),
    );
  }
  return effects;
}

/** Tells everyone still registered or waiting that the session will not happen, and about their money. */
export async function cancellationEmails(
  db: Queryable,
  appUrl: string,
  sessionId: string,
  refunds: RefundDecision[],
): Promise<Effect[]> {
  const { session, clubName, timeZone } = await sessionAndClub(db, sessionId);
  // Everyone on the list (a place, a held place, or the waitlist), and each member who brought a
  // guest: they pay for the guest and are told for them.
  const told = sql<
    string | null
  >`coalesce(${sessionRegistrations.userId}, ${sessionRegistrations.broughtBy})`;
  const players = await db
    .selectDistinct({ userId: told })
    .from(sessionRegistrations)
    .where(
      and(
        eq(sessionRegistrations.sessionId, sessionId),
        isNotNull(told),
        ne(sessionRegistrations.status, "cancelled"),
      ),
    );
  const byId = await people(
    db,
    players.flatMap((p) => (p.userId ? [p.userId] : [])),
  );
  return [...byId.values()].map((player) => {
    // Their own place and their guests' are one refund to them, summed.
    const theirs = refunds.filter((r) => r.userId === player.id);
    const refund = theirs.length > 0 ? { amount: theirs.reduce((sum, r) => sum + r.amount, 0) } : null;
    return emailEffect(
      actionEmail(
        player.email,
        `Cancelled: ${session.name}`,
        "Session cancelled",
        [
          `Hi ${player.name},`,
          `${clubName} cancelled ${session.name} on ${when(session.startsAt, timeZone)}.`,
          refund
            ? `Your payment of ${formatCents(refund.amount)} is being refunded in full to the card you paid with. Refunds usually reach your account within 5 to 10 business days.`
            : "Sorry for the change of plans.",
        ],
        { label: "See other sessions", url: `${appUrl}/sessions` },
      ),
    );
  });
}

/** What a person hears when they cancel a paid place: refunded, or past the cut-off. */
export function refundMessage(
  decision: Pick<RefundDecision, "amount" | "refunded" | "cutoffHours" | "reason">,
): string {
  const amount = formatCents(decision.amount);
  if (decision.reason === "unused") {
    return `There was no place this payment could pay for (it was paid twice, or the session had closed), so your ${amount} is being refunded in full.`;
  }
  if (decision.refunded) return `Your ${amount} is being refunded to the card you paid with.`;
  return `Places cancelled less than ${hoursPhrase(decision.cutoffHours)} before the start are not refunded, so your ${amount} stays with the club.`;
}

/** Emails the person whose paid place was cancelled, or whose charge went unused, what happens to their money. */
export async function refundDecisionEmails(
  db: Queryable,
  appUrl: string,
  decision: RefundDecision | null,
): Promise<Effect[]> {
  if (!decision?.userId) return [];
  const payer = await person(db, decision.userId);
  if (!payer) return [];
  const { session, clubName, timeZone } = await sessionAndClub(db, decision.sessionId);
  const mail = actionEmail(
    payer.email,
    decision.refunded ? `Refund on its way: ${session.name}` : `Cancelled: ${session.name}`,
    decision.reason === "unused"
      ? "We're refunding your payment"
      : decision.refunded
        ? "Your place is cancelled and refunded"
        : "Your place is cancelled",
    [
      `Hi ${payer.name},`,
      decision.reason === "unused"
        ? `We received a payment for ${session.name} at ${clubName} on ${when(session.startsAt, timeZone)}.`
        : `Your place in ${session.name} at ${clubName} on ${when(session.startsAt, timeZone)} is cancelled.`,
      refundMessage(decision),
    ],
    { label: "See other sessions", url: `${appUrl}/sessions` },
  );
  return [emailEffect(mail)];
}
