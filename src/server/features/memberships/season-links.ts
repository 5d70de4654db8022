// A season's link (issue 61, decision 039): at renewal time the club emails everyone in it a
// link to pay the season in full. The link is the plan on the club's page, where one tap pays it
// (the sandbox at once; by card, one payment for the season's dates, card-dues.ts), for a member
// renewing and for someone who has not joined yet alike. Each person is mailed once per season
// plan however often a treasurer presses, under their membership dues switch, with one-click
// unsubscribe.

import { and, eq, sql } from "drizzle-orm";
import { duesMessages } from "../../../shared/domain/dues-messages.js";
import { planPrice } from "../../../shared/domain/plan-text.js";
import type { UseCaseDeps } from "../../app-deps.js";
import { membershipPlans, planMemberships } from "../../db/schema/memberships.js";
import { AppError } from "../../platform/errors/app-error.js";
import { emailEffect, withEffects } from "../../platform/jobs/outbox.js";
import { actionEmail } from "../../platform/mail/templates.js";
import { people } from "../account/service.js";
import { getOrganization } from "../clubs/service.js";
import { readMembers } from "../members/service.js";
import { claimNotifications, unsubscribeFor, wantEmail } from "../notifications/service.js";
import { seasonEnd, standingAt } from "./dues-events.js";
import { offeredPlans, planOut } from "./plans.js";

/** Emails the season plan's link to every member of the club who wants dues emails; answers how many. */
export async function sendSeasonLink(deps: UseCaseDeps, organizationId: string, planId: string) {
  const now = deps.now();
  const { result } = await withEffects(deps, async (tx, effects) => {
    const plan = (await offeredPlans(tx, organizationId)).find((p) => p.id === planId);
    // Only what anyone may buy from the club's page has a link there.
    if (!plan) throw new AppError("PLAN_NOT_OFFERED", duesMessages.seasonLinkNotOffered);
    if (plan.interval !== "season" || !plan.seasonEndsOn)
      throw new AppError("SEASON_LINK_REFUSED", duesMessages.seasonLinkNotSeason);
    if (seasonEnd(plan.seasonEndsOn) <= now) throw new AppError("SEASON_OVER", duesMessages.seasonOver);
    const members = await readMembers(tx, organizationId);
    // Those on this season already have what the link sells.
    const onIt = new Set(
      (
        await tx
          .select({ userId: planMemberships.userId })
          .from(planMemberships)
          .innerJoin(membershipPlans, eq(membershipPlans.id, planMemberships.planId))
          .where(
            and(
              eq(planMemberships.organizationId, organizationId),
              eq(planMemberships.planId, plan.id),
              sql`${standingAt(now)} in ('active', 'past_due')`,
            ),
          )
      ).map((row) => row.userId),
    );
    const wanting = await wantEmail(
      tx,
      members.map((m) => m.userId).filter((userId) => !onIt.has(userId)),
      "membershipDues",
    );
    const key = (userId: string) => `season-link:${plan.id}:${userId}`;
    const claimed = await claimNotifications(
      tx,
      [...wanting].map((userId) => ({ key: key(userId), userId })),
    );
    const club = await getOrganization(tx, organizationId);
    const readers = await people(
      tx,
      [...wanting].filter((userId) => claimed.has(key(userId))),
    );
    const price = planPrice(planOut(plan));
    const url = `${deps.config.appUrl}/club/${club.slug}?plan=${plan.id}`;
    for (const reader of readers.values())
      effects.push(
        emailEffect(
          actionEmail(
            reader.email,
            `${plan.name} at ${club.name}: join for the season`,
            `${plan.name} is open`,
            [
              `Hi ${reader.name},`,
              `${club.name}'s ${plan.name} membership is open: ${price}.`,
              "Pay for the whole season in one go from the club's page.",
            ],
            { label: "Join for the Season", url },
            { ...unsubscribeFor(deps, reader.id, "membershipDues"), club },
          ),
        ),
      );
    return readers.size;
  });
  return { sent: result };
}
