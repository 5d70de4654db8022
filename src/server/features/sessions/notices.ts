// Emails about sessions, sent through the job queue after the change commits.
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { formatCents } from "../../../shared/domain/money.js";
import { hoursPhrase } from "../../../shared/domain/session-time.js";
import type { Db } from "../../db/database.js";
import { users } from "../../db/schema/auth.js";
import { organizations } from "../../db/schema/clubs.js";
import { notificationPreferences } from "../../db/schema/notifications.js";
import { sessionRegistrations, sessions } from "../../db/schema/sessions.js";
import type { Jobs } from "../../platform/jobs/jobs.js";
import { actionEmail } from "../../platform/mail/templates.js";
import type { RefundDecision } from "./payment-outcomes.js";
import type { Promotion } from "./registrations.js";

function when(startsAt: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeStyle: "short", timeZone }).format(
    startsAt,
  );
}

async function sessionAndClub(db: Db, sessionId: string) {
  const [row] = await db
    .select({ session: sessions, clubName: organizations.name, timeZone: organizations.timeZone })
    .from(sessions)
    .innerJoin(organizations, eq(organizations.id, sessions.organizationId))
    .where(eq(sessions.id, sessionId));
  return row!;
}

/** Tells promoted players their place, unless they turned waitlist notifications off. */
export async function notifyPromotions(db: Db, jobs: Jobs, appUrl: string, promotions: Promotion[]) {
  for (const promotion of promotions) {
    if (!promotion.userId) continue;
    const [person] = await db
      .select({ email: users.email, name: users.name, wants: notificationPreferences.waitlistNotifications })
      .from(users)
      .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
      .where(eq(users.id, promotion.userId));
    if (!person || person.wants === false) continue;
    const { session, clubName, timeZone } = await sessionAndClub(db, promotion.sessionId);
    const url = `${appUrl}/sessions/${session.id}`;
    const lines = [
      `Hi ${person.name},`,
      `A place opened in ${session.name} at ${clubName} on ${when(session.startsAt, timeZone)}, and it's yours.`,
      promotion.needsPayment
        ? `Pay ${formatCents(session.paymentAmount ?? 0)} within 12 hours to keep it.`
        : "You're registered: see you on court!",
    ];
    await jobs.sendEmail(
      actionEmail(person.email, `You're in: ${session.name}`, "A place opened for you", lines, {
        label: promotion.needsPayment ? "Pay and confirm" : "See the session",
        url,
      }),
    );
  }
}

/** Tells everyone still registered or waiting that the session will not happen, and about their money. */
export async function notifyCancellation(
  db: Db,
  jobs: Jobs,
  appUrl: string,
  sessionId: string,
  refunds: RefundDecision[],
) {
  const { session, clubName, timeZone } = await sessionAndClub(db, sessionId);
  const people = await db
    .selectDistinct({ id: users.id, email: users.email, name: users.name })
    .from(sessionRegistrations)
    .innerJoin(users, eq(users.id, sessionRegistrations.userId))
    .where(
      and(
        eq(sessionRegistrations.sessionId, sessionId),
        isNotNull(sessionRegistrations.userId),
        inArray(sessionRegistrations.status, ["registered", "waitlisted", "pending_payment"]),
      ),
    );
  for (const person of people) {
    const refund = refunds.find((r) => r.userId === person.id);
    await jobs.sendEmail(
      actionEmail(
        person.email,
        `Cancelled: ${session.name}`,
        "Session cancelled",
        [
          `Hi ${person.name},`,
          `${clubName} cancelled ${session.name} on ${when(session.startsAt, timeZone)}.`,
          refund
            ? `Your payment of ${formatCents(refund.amount)} is being refunded in full to the card you paid with. Refunds usually reach your account within 5 to 10 business days.`
            : "Sorry for the change of plans.",
        ],
        { label: "See other sessions", url: `${appUrl}/sessions` },
      ),
    );
  }
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
export async function notifyRefundDecision(
  db: Db,
  jobs: Jobs,
  appUrl: string,
  decision: RefundDecision | null,
) {
  if (!decision?.userId) return;
  const [person] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, decision.userId));
  if (!person) return;
  const { session, clubName, timeZone } = await sessionAndClub(db, decision.sessionId);
  await jobs.sendEmail(
    actionEmail(
      person.email,
      decision.refunded ? `Refund on its way: ${session.name}` : `Cancelled: ${session.name}`,
      decision.reason === "unused"
        ? "We're refunding your payment"
        : decision.refunded
          ? "Your place is cancelled and refunded"
          : "Your place is cancelled",
      [
        `Hi ${person.name},`,
        decision.reason === "unused"
          ? `We received a payment for ${session.name} at ${clubName} on ${when(session.startsAt, timeZone)}.`
          : `Your place in ${session.name} at ${clubName} on ${when(session.startsAt, timeZone)} is cancelled.`,
        refundMessage(decision),
      ],
      { label: "See other sessions", url: `${appUrl}/sessions` },
    ),
  );
}
