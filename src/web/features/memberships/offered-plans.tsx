// The plans a person can join, each with its price and what it gives; theirs marked, the others
// a tap away (a switch moves the membership to the new plan from today).
import type { Membership, MyMembership } from "../../../shared/contracts/memberships.js";
import { planBenefits, planPrice } from "../../../shared/domain/plan-text.js";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.js";
import { useBuyPlan } from "./api.js";

export function OfferedPlans({
  orgId,
  plans,
  membership,
}: {
  orgId: string;
  plans: MyMembership["plans"];
  membership: Membership | null;
}) {
  // By card the provider's checkout opens; the sandbox takes the payment at once.
  const buy = useBuyPlan(orgId, {
    success: ({ checkoutUrl }) => (checkoutUrl ? undefined : "You're a member. Welcome!"),
    onSuccess: ({ checkoutUrl }) => {
      if (checkoutUrl) window.location.assign(checkoutUrl);
    },
  });
  const current = membership && (membership.status === "active" || membership.status === "past_due");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{current ? "Plans" : "Become a member"}</CardTitle>
        <CardDescription>
          {plans.length === 0
            ? "This club offers no membership plans yet."
            : current
              ? "Switching moves you to the plan you choose from today, on the same payment."
              : "Members pay less for sessions, and more besides. Choose a plan to join."}
        </CardDescription>
      </CardHeader>
      {plans.length > 0 ? (
        <CardContent>
          <ul className="grid gap-4 sm:grid-cols-2">
            {plans.map((plan) => {
              const theirs = current && membership.plan.id === plan.id;
              return (
                <li
                  key={plan.id}
                  className="flex flex-col rounded-xl border border-slate-200 p-4"
                  data-testid="plan"
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-semibold">{plan.name}</h3>
                    {theirs ? <Badge tone="brand">Your plan</Badge> : null}
                  </div>
                  <p className="mt-1 text-lg font-bold">{planPrice(plan)}</p>
                  <ul className="mt-2 flex-1 list-disc space-y-1 pl-5 text-sm text-muted">
                    {planBenefits(plan).map((benefit) => (
                      <li key={benefit}>{benefit}</li>
                    ))}
                  </ul>
                  {theirs ? null : (
                    <Button className="mt-4" disabled={buy.busy} onClick={() => void buy.run(plan.id)}>
                      {current ? `Switch to ${plan.name}` : `Join: ${plan.name}`}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        </CardContent>
      ) : null}
    </Card>
  );
}
