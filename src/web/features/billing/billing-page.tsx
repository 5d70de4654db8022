import { Check, Crown, ExternalLink } from "lucide-react";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import type { Membership } from "../../../shared/contracts/clubs.js";
import { renewalDate, trialEndDate } from "../../../shared/domain/billing-dates.js";
import { can } from "../../../shared/domain/capabilities.js";
import { messages } from "../../../shared/domain/messages.js";
import { PAID_PLANS, type PaidPlanId, plans } from "../../../shared/domain/plans.js";
import { useOrganization } from "../../app/organization-provider.js";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.js";
import { PageLoading } from "../../components/ui/spinner.js";
import { cn } from "../../lib/cn.js";
import {
  type SubscriptionState,
  useBillingPortal,
  useCheckout,
  useRecheckSubscription,
  useSubscription,
} from "./api.js";

// The status is checked again this long after a checkout opens in its tab.
const RECHECK_AFTER_CHECKOUT_MS = 3000;

/** The plan in a sentence, its dates in the club's time zone (as the billing portal gives them). */
function planSummary(state: SubscriptionState, timeZone: string): string {
  if (state.subscribed) {
    const plan = plans[state.plan as PaidPlanId];
    return state.subscription_end
      ? `You're on the ${plan.name} plan. It renews on ${renewalDate(state.subscription_end, timeZone)}.`
      : `You're on the ${plan.name} plan.`;
  }
  if (state.trial_expired) {
    return `Your free trial ended on ${trialEndDate(state.trial_ends_at, timeZone)}. Everything is kept: choose a plan to schedule sessions and run the court board again.`;
  }
  return `You're on the free trial with Basic plan limits until ${trialEndDate(state.trial_ends_at, timeZone)}.`;
}

/** Billing: the current plan, two plan cards, checkout and the billing portal. */
export function BillingPage() {
  const { current } = useOrganization();
  const subscription = useSubscription(current?.id);
  const recheck = useRecheckSubscription(current?.id);
  const [params, setParams] = useSearchParams();

  // Back from the provider's page (this tab or the other): ask it what changed.
  useEffect(() => {
    const returned = params.get("checkout");
    if (!returned) return;
    void recheck();
    if (returned === "success") toast.success("Thank you! Your plan is being activated.");
    setParams({}, { replace: true });
  }, [params, recheck, setParams]);
  useEffect(() => {
    const onFocus = () => void recheck();
    window.addEventListener("focus", onFocus);
    return () => window.removeEventListener("focus", onFocus);
  }, [recheck]);

  if (!current) {
    return (
      <div className="mx-auto max-w-5xl px-4 py-8">
        <h1 className="text-2xl font-bold">Billing</h1>
        <p className="mt-2 text-muted">{messages.billing.selectOrganization}.</p>
      </div>
    );
  }
  if (subscription.isPending) return <PageLoading />;
  return <ClubBilling club={current} state={subscription.data!} recheck={recheck} />;
}

function ClubBilling({
  club,
  state,
  recheck,
}: {
  club: Membership;
  state: SubscriptionState;
  recheck: () => Promise<void>;
}) {
  const owner = can(club.role, "billing.manage");
  // Which plan's checkout is opening, for its button's label.
  const [chosen, setChosen] = useState<PaidPlanId>();
  const checkout = useCheckout(club.id, {
    onSuccess: () => setTimeout(() => void recheck(), RECHECK_AFTER_CHECKOUT_MS),
    errorTitle: messages.billing.checkoutFailed,
  });
  const portal = useBillingPortal(club.id, { errorTitle: messages.billing.portalFailed });
  const busy = checkout.busy || portal.busy;
  const startCheckout = (plan: PaidPlanId) => {
    setChosen(plan);
    return checkout.run(plan);
  };
  const openPortal = () => portal.run();

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold">Billing</h1>
        <p className="text-muted">Plans and payments for {club.name}.</p>
      </div>

      <Card data-testid="current-plan" data-tour="billing-portal">
        <CardContent className="flex flex-col gap-4 pt-6 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex min-w-0 flex-col gap-1">
            <div className="flex items-center gap-2">
              {state.subscribed ? (
                <Badge tone="ball">
                  <Crown className="h-3 w-3" /> {plans[state.plan as PaidPlanId].name} Plan
                </Badge>
              ) : (
                <Badge tone={state.trial_expired ? "danger" : "neutral"}>
                  {state.trial_expired ? "Trial ended" : "Free trial"}
                </Badge>
              )}
            </div>
            <p className="font-medium">{planSummary(state, club.timeZone)}</p>
          </div>
          {owner && state.subscribed ? (
            <Button variant="secondary" onClick={openPortal} disabled={busy}>
              <ExternalLink className="h-4 w-4" />
              {portal.busy ? "Opening..." : "Manage billing"}
            </Button>
          ) : null}
        </CardContent>
      </Card>

      <div className="grid grid-cols-1 gap-6 md:grid-cols-2" data-tour="plans">
        {PAID_PLANS.map((id) => {
          const plan = plans[id];
          const isCurrent = state.subscribed && state.plan === id;
          return (
            <Card
              key={id}
              className={cn("flex flex-col", id === "pro" && "border-brand-600 ring-1 ring-brand-600")}
            >
              <CardHeader>
                <div className="flex items-center justify-between gap-2">
                  <CardTitle className="text-xl">{plan.name}</CardTitle>
                  {isCurrent ? <Badge tone="brand">Current plan</Badge> : null}
                </div>
                <CardDescription>
                  <span className="text-3xl font-bold text-ink">${plan.price}</span> per month
                </CardDescription>
              </CardHeader>
              <CardContent className="flex flex-1 flex-col gap-4">
                <ul className="flex flex-1 flex-col gap-2 text-sm">
                  {plan.features.map((feature) => (
                    <li key={feature} className="flex items-start gap-2">
                      <Check className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" /> {feature}
                    </li>
                  ))}
                </ul>
                {owner ? (
                  <Button
                    variant={id === "pro" ? "primary" : "secondary"}
                    disabled={isCurrent || busy}
                    onClick={() => (state.subscribed ? openPortal() : startCheckout(id))}
                  >
                    {isCurrent
                      ? "Current plan"
                      : checkout.busy && chosen === id
                        ? "Opening checkout..."
                        : state.subscribed
                          ? `Switch to ${plan.name}`
                          : `Choose ${plan.name}`}
                  </Button>
                ) : null}
              </CardContent>
            </Card>
          );
        })}
      </div>
      <p className="text-sm text-muted">
        {owner
          ? "Checkout and the billing portal open in a new tab. Subscription fees are not refundable; you can cancel at any time and keep your plan until the end of the period."
          : "Only the club's owner changes the plan."}
      </p>
    </div>
  );
}
