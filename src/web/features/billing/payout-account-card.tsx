import { CircleCheck, ExternalLink } from "lucide-react";
import { useEffect } from "react";
import type { PayoutAccountStatus } from "../../../shared/contracts/billing.js";
import { messages } from "../../../shared/domain/messages.js";
import { plans, sessionFeeBasisPoints } from "../../../shared/domain/plans.js";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.js";
import { useConnectPayouts, usePayoutAccount } from "./api.js";

const RECHECK_AFTER_OPEN_MS = 3000;
const percent = (basisPoints: number) => `${basisPoints / 100}%`;

/** Payment settings: not connected -> incomplete setup -> charges enabled (button disabled). */
function stage(status: PayoutAccountStatus) {
  if (status.charges_enabled)
    return {
      badge: <Badge tone="brand">Ready to take payments</Badge>,
      action: "Connected",
      text: "Session fees go to your club's account.",
    };
  if (status.connected)
    return {
      badge: <Badge tone="ball">Setup incomplete</Badge>,
      action: "Finish setup",
      text: "Your account exists, but Stripe still needs your details before it can take payments.",
    };
  return {
    badge: <Badge tone="neutral">Not connected</Badge>,
    action: "Connect Stripe account",
    text: "Connect a Stripe account so players can pay session fees to your club.",
  };
}

export function PayoutAccountCard({ orgId }: { orgId: string }) {
  const account = usePayoutAccount(orgId);
  const { refetch } = account;

  // Onboarding happens in another tab: look again when the owner comes back to this one.
  useEffect(() => {
    const onFocus = () => void refetch();
    window.addEventListener("focus", onFocus);
    return () => window.removeEventListener("focus", onFocus);
  }, [refetch]);

  const connect = useConnectPayouts(orgId, {
    onSuccess: () => setTimeout(() => void refetch(), RECHECK_AFTER_OPEN_MS),
    errorTitle: messages.billing.connectFailed,
    errorDescription: messages.billing.connectFailedBody,
  });

  const status = account.data;
  const current = status ? stage(status) : null;
  return (
    <Card data-testid="payout-account">
      <CardHeader>
        <CardTitle>Payment settings</CardTitle>
        <CardDescription>
          Courtside keeps {percent(sessionFeeBasisPoints.basic)} of each session fee on the trial and{" "}
          {plans.basic.name}, and {percent(sessionFeeBasisPoints.pro)} on {plans.pro.name}; Stripe's card fees
          come out of the rest.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        {account.isError ? (
          <p className="text-sm text-red-700">Could not read the payment account. Please try again.</p>
        ) : current ? (
          <div className="flex min-w-0 flex-col gap-1">
            <div>{current.badge}</div>
            <p className="text-sm text-muted">{current.text}</p>
          </div>
        ) : (
          <p className="text-sm text-muted">Loading...</p>
        )}
        <Button
          onClick={() => connect.run()}
          disabled={!status || status.charges_enabled || connect.busy}
          className="shrink-0"
        >
          {status?.charges_enabled ? (
            <CircleCheck className="h-4 w-4" />
          ) : (
            <ExternalLink className="h-4 w-4" />
          )}
          {connect.busy ? "Opening..." : (current?.action ?? "Connect Stripe account")}
        </Button>
      </CardContent>
    </Card>
  );
}
