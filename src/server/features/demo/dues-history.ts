// The demo club's membership (decision 039), as if lived: an adult plan most regulars are on, a
// family plan, and the cases a treasurer meets: a member whose card failed this week (past due,
// in grace), one whose grace ran out (lapsed), and one leaving at the end of their month.
import type { PlanChange } from "../../../shared/contracts/memberships.js";
import { periodEndAfter } from "../../../shared/domain/dues-state.js";
import type { AppDeps } from "../../app-deps.js";
import { addChild, applyDuesEvent, createPlan, openMembership } from "../memberships/service.js";

const DAY = 86_400_000;

const adult: PlanChange = {
  name: "Adult",
  code: "ADULT",
  kind: "individual",
  householdSize: null,
  priceCents: 3000,
  interval: "month",
  seasonStartsOn: null,
  seasonEndsOn: null,
  graceDays: 7,
  visible: true,
  discount: "percent",
  discountValue: 50,
  membersOnlyAccess: true,
  earlyDays: 2,
  guestsPerMonth: null,
};
const family: PlanChange = {
  ...adult,
  name: "Family",
  code: "FAM",
  kind: "household",
  householdSize: 4,
  priceCents: 6000,
  interval: "year",
  discountValue: 25,
};

/**
 * Plans, and members on them: `memberIds[1..12]` on Adult since the club opened (one cancelling
 * at the month's end), 13 past due, 14 lapsed; 15 on Family, with a child in the household.
 * The rest are on no plan.
 */
export async function seedDuesHistory(deps: AppDeps, organizationId: string, memberIds: string[], now: Date) {
  const { db } = deps.database;
  const adultPlan = await createPlan(db, organizationId, adult);
  const familyPlan = await createPlan(db, organizationId, family);
  let event = 0;
  const live = async (
    userId: string,
    planId: string,
    interval: "month" | "year",
    since: Date,
    after: "renews" | "cancels" | "fails" | "lapses",
  ) => {
    const id = () => {
      event += 1;
      return `sandbox_demo_${organizationId}_${event}`;
    };
    await db.transaction(async (tx) => {
      // Paid at the start of each period up to now; the last one as `after` says.
      let start = since;
      let end = periodEndAfter(start, interval);
      const membershipId = await openMembership(
        tx,
        { organizationId, userId, planId, periodEnd: end },
        "sandbox",
      );
      const paid = (occurredAt: Date, periodEnd: Date) =>
        applyDuesEvent(tx, membershipId, {
          providerEventId: id(),
          kind: "paid",
          occurredAt,
          planId,
          periodEnd,
        });
      await paid(start, end);
      while (end <= now) {
        // The renewal at this period's end failed: past due for the grace, then lapsed.
        if (after === "fails" || after === "lapses") {
          await applyDuesEvent(tx, membershipId, {
            providerEventId: id(),
            kind: "payment_failed",
            occurredAt: end,
            graceDays: 7,
          });
          return;
        }
        start = end;
        end = periodEndAfter(start, interval);
        await paid(start, end);
      }
      if (after === "cancels")
        await applyDuesEvent(tx, membershipId, {
          providerEventId: id(),
          kind: "cancel_requested",
          occurredAt: new Date(now.getTime() - DAY),
        });
    });
  };
  const opened = new Date(now.getTime() - 43 * DAY);
  for (const [i, userId] of memberIds.slice(1, 13).entries())
    await live(userId, adultPlan.id, "month", opened, i === 5 ? "cancels" : "renews");
  // Their month ended two days ago and the card failed: a member for the week of grace.
  await live(memberIds[13]!, adultPlan.id, "month", new Date(now.getTime() - 32 * DAY), "fails");
  // Their month ended twelve days ago, the card failed, and the grace ran out: lapsed.
  await live(memberIds[14]!, adultPlan.id, "month", new Date(now.getTime() - 42 * DAY), "lapses");
  await live(memberIds[15]!, familyPlan.id, "year", opened, "renews");
  // Their household: a child who plays, with no sign-in of their own.
  await addChild(deps, organizationId, memberIds[15]!, {
    name: "Robin Junior",
    birthYear: now.getUTCFullYear() - 11,
  });
}
