// Emails about sessions, sent through the job queue after the change commits.
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { formatCents } from "../../../shared/domain/money.js";
import type { Db } from "../../db/database.js";
import {
  notificationPreferences,
  organizations,
  sessionRegistrations,
  sessions,
  users,
} from "../../db/schema.js";
import type { Jobs } from "../../platform/jobs/jobs.js";
import { actionEmail } from "../../platform/mail/templates.js";
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

/** Tells everyone still registered or waiting that the session will not happen. */
export async function notifyCancellation(db: Db, jobs: Jobs, appUrl: string, sessionId: string) {
  const { session, clubName, timeZone } = await sessionAndClub(db, sessionId);
  const people = await db
    .selectDistinct({ email: users.email, name: users.name })
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
    await jobs.sendEmail(
      actionEmail(
        person.email,
        `Cancelled: ${session.name}`,
        "Session cancelled",
        [
          `Hi ${person.name},`,
          `${clubName} cancelled ${session.name} on ${when(session.startsAt, timeZone)}.`,
          session.paymentRequired
            ? "If you paid, the club will refund you."
            : "Sorry for the change of plans.",
        ],
        { label: "See other sessions", url: `${appUrl}/sessions` },
      ),
    );
  }
}
