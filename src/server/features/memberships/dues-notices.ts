// What a member is told about their dues (decision 039), by email, each at most once:
// - before a renewal: two weeks ahead for a yearly plan or a season, three days for a month;
// - when a payment failed: until when they are still a member, and where to pay;
// - when the membership lapsed (within the last week: nobody hears of a lapse from long ago).
// A sweep every ten minutes finds them from the memberships' standing as of now, so a lapse
// with no event is told too. Each is claimed in the notification log in the transaction that
// queues it, so it goes once however often the sweep runs, on however many instances. Each has
// the membership dues switch in Settings and a one-click unsubscribe, and goes to the phones of
// those who have push on, under the same switch.
import { and, eq, gt, lte, not, sql } from "drizzle-orm";
import { formatCents } from "../../../shared/domain/money.js";
import type { UseCaseDeps } from "../../app-deps.js";
import type { Tx } from "../../db/database.js";
import { membershipPlans, planMemberships } from "../../db/schema/memberships.js";
import { type Effect, emailEffect, withEffects } from "../../platform/jobs/outbox.js";
import { actionEmail } from "../../platform/mail/templates.js";
import { people } from "../account/service.js";
import { getOrganization } from "../clubs/service.js";
import {
  claimedAlready,
  claimNotification,
  pushEffects,
  unsubscribeFor,
  wantEmail,
} from "../notifications/service.js";
import { standingAt } from "./dues-events.js";

export const SEND_DUES_NOTICES = "send-dues-notices";
const DAY = 86_400_000;
/** A lapse older than this is not news. */
const LAPSE_NEWS_DAYS = 7;
/** Each notice's sweep takes at most this many at a time; the next sweep takes the rest. */
const BATCH = 500;

type Due = {
  membership: typeof planMemberships.$inferSelect;
  plan: typeof membershipPlans.$inferSelect;
};
type Notice = "renewal" | "failed" | "lapsed";

/** Queues every dues notice now due; answers how many it queued. */
export async function sendDuesNotices(deps: UseCaseDeps): Promise<number> {
  const now = deps.now();
  const at = now.toISOString();
  const standing = standingAt(now);
  const { result } = await withEffects(deps, async (tx, effects) => {
    // Those already told are left out here, not after: past a batch's worth, each sweep takes the
    // next ones instead of the same.
    const read = (notice: Notice, where: ReturnType<typeof and>) =>
      tx
        .select({ membership: planMemberships, plan: membershipPlans })
        .from(planMemberships)
        .innerJoin(membershipPlans, eq(membershipPlans.id, planMemberships.planId))
        .where(and(where, not(claimedAlready(noticeKey(notice)))))
        .limit(BATCH);
    const renewing = await read(
      "renewal",
      and(
        sql`${standing} = 'active'`,
        eq(planMemberships.cancelAtPeriodEnd, false),
        gt(planMemberships.currentPeriodEnd, now),
        lte(
          planMemberships.currentPeriodEnd,
          sql`${at}::timestamptz + (case when ${membershipPlans.interval} = 'month' then 3 else 14 end) * interval '1 day'`,
        ),
      ),
    );
    const failed = await read("failed", and(sql`${standing} = 'past_due'`));
    const lapsed = await read(
      "lapsed",
      and(
        sql`${standing} = 'lapsed'`,
        gt(
          sql`coalesce(${planMemberships.graceEndsAt}, ${planMemberships.currentPeriodEnd} + ${membershipPlans.graceDays} * interval '1 day')`,
          new Date(now.getTime() - LAPSE_NEWS_DAYS * DAY),
        ),
      ),
    );
    let queued = 0;
    for (const [notice, dues] of [
      ["renewal", renewing],
      ["failed", failed],
      ["lapsed", lapsed],
    ] as const) {
      const { emails, pushes } = await tell(tx, deps, notice, dues);
      effects.push(...emails, ...pushes);
      queued += emails.length;
    }
    return queued;
  });
  return result;
}

/**
 * A notice's key in the notification log, in SQL, as tell() writes it in TypeScript: the event
 * it is about is the period it ends, or the grace a failure started (ISO text, in UTC).
 */
const noticeKey = (notice: Notice) => {
  const moment = notice === "failed" ? planMemberships.graceEndsAt : planMemberships.currentPeriodEnd;
  return sql`${`dues-${notice}:`} || ${planMemberships.id}::text || ':' || to_char(${moment} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
};

/** Each notice by email, and on the phones of those who have push, under the same switch. */
async function tell(tx: Tx, deps: UseCaseDeps, notice: Notice, dues: Due[]) {
  const wanting = await wantEmail(
    tx,
    dues.map((d) => d.membership.userId),
    "membershipDues",
  );
  const byId = await people(tx, [...wanting]);
  const effects: Effect[] = [];
  const calls: Parameters<typeof pushEffects>[1] = [];
  for (const due of dues) {
    const member = byId.get(due.membership.userId);
    if (!member) continue;
    const moment = notice === "failed" ? due.membership.graceEndsAt : due.membership.currentPeriodEnd;
    const key = `dues-${notice}:${due.membership.id}:${moment?.toISOString()}`;
    if (!(await claimNotification(tx, key, member.id))) continue;
    const club = await getOrganization(tx, due.membership.organizationId);
    const day = (instant: Date) =>
      instant.toLocaleDateString("en-US", {
        month: "long",
        day: "numeric",
        year: "numeric",
        timeZone: club.timeZone,
      });
    const plan = `${due.plan.name} membership at ${club.name}`;
    const page = `${deps.config.appUrl}/membership`;
    // Nothing renews a season: its members are told it ends, and that the next is theirs to join.
    const season = due.plan.interval === "season";
    const words = {
      renewal: season
        ? {
            subject: `Your ${due.plan.name} season ends on ${day(due.membership.currentPeriodEnd)}`,
            heading: "Your season ends soon",
            lines: [
              `Your ${plan} is paid to ${day(due.membership.currentPeriodEnd)}: a season does not renew by itself.`,
              "When the club opens the next season, join it to stay a member.",
            ],
            action: { label: "See the Plans", url: page },
          }
        : {
            subject: `Your ${due.plan.name} membership renews on ${day(due.membership.currentPeriodEnd)}`,
            heading: "Your membership renews soon",
            lines: [
              `Your ${plan} renews on ${day(due.membership.currentPeriodEnd)} for ${formatCents(due.plan.priceCents)}.`,
              "Nothing to do if you're staying. To end it instead, cancel before then.",
            ],
            action: { label: "Manage Membership", url: page },
          },
      failed: {
        subject: `Your membership payment to ${club.name} failed`,
        heading: "Your membership payment failed",
        lines: [
          `The payment for your ${plan} did not go through.`,
          `You're still a member until ${day(due.membership.graceEndsAt ?? due.membership.currentPeriodEnd)}: pay before then to keep your membership.`,
        ],
        action: { label: "Pay Now", url: page },
      },
      lapsed: {
        subject: `Your membership at ${club.name} has ${season ? "ended with its season" : "lapsed"}`,
        heading: season ? "Your season has ended" : "Your membership has lapsed",
        lines: [
          season ? `Your ${plan} ended with its season.` : `Your ${plan} lapsed: it was not renewed.`,
          "Member prices and members-only sessions are paused. Join again whenever you like.",
        ],
        action: { label: "See the Plans", url: page },
      },
    }[notice];
    effects.push(
      emailEffect(
        actionEmail(
          member.email,
          words.subject,
          words.heading,
          [`Hi ${member.name},`, ...words.lines],
          words.action,
          {
            ...unsubscribeFor(deps, member.id, "membershipDues"),
            club,
          },
        ),
      ),
    );
    calls.push({
      userId: member.id,
      key,
      payload: {
        title: words.heading,
        body: words.lines[0]!,
        url: "/membership",
        tag: `dues-${due.membership.id}`,
        organizationId: club.id,
        actions: [],
      },
    });
  }
  return { emails: effects, pushes: await pushEffects(tx, calls, "membershipDues") };
}
