// The person's membership: its plan, its status with what it means for them, when it renews or
// ends, ending it at the period's end (or keeping it after all), and in the sandbox the next
// renewal played by hand, paid or failed.
import type { Membership } from "../../../shared/contracts/memberships.js";
import { duesStatusLabel } from "../../../shared/domain/plan-text.js";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.js";
import { ConfirmButton } from "../../components/ui/confirm-dialog.js";
import { shortDate } from "../../lib/short-date.js";
import { useDuesPortal, useSandboxRenewal, useSetCancellation } from "./api.js";

const tone = { active: "brand", past_due: "ball", lapsed: "danger", cancelled: "neutral" } as const;

function statusLine(membership: Membership, timeZone: string): string {
  const end = shortDate(membership.currentPeriodEnd, timeZone);
  switch (membership.status) {
    case "active":
      return membership.cancelAtPeriodEnd ? `Ends on ${end}: it will not renew.` : `Renews on ${end}.`;
    case "past_due":
      return `Your last payment failed. You're still a member until ${shortDate(membership.graceEndsAt ?? membership.currentPeriodEnd, timeZone)}: pay before then to keep your membership.`;
    case "lapsed":
      return "Your membership lapsed: it was not renewed. Join again below to be a member.";
    case "cancelled":
      return `Your membership ended on ${end}. Join again below whenever you like.`;
  }
}

export function YourMembership({
  orgId,
  membership,
  sandbox,
  byCard,
  timeZone,
}: {
  orgId: string;
  membership: Membership;
  sandbox: boolean;
  byCard: boolean;
  timeZone: string;
}) {
  const portal = useDuesPortal(orgId);
  const cancellation = useSetCancellation(orgId, {
    success: (_result, cancel) =>
      cancel ? "Your membership will end at the period's end" : "Membership kept",
  });
  const renewal = useSandboxRenewal(orgId, {
    success: (_result, outcome) => (outcome === "paid" ? "Renewal paid" : "Renewal failed"),
  });
  const current = membership.status === "active" || membership.status === "past_due";
  return (
    <Card data-testid="your-membership">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle>{membership.plan.name}</CardTitle>
          <Badge>{membership.plan.code}</Badge>
          <Badge tone={tone[membership.status]} data-testid="membership-status">
            {duesStatusLabel[membership.status]}
          </Badge>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm">{statusLine(membership, timeZone)}</p>
        {/* By card, lapsed too: the provider may still be trying the card, and paying it there
            brings the membership back. */}
        {byCard && membership.status !== "cancelled" ? (
          <Button
            variant={current ? "secondary" : "primary"}
            disabled={portal.busy}
            onClick={() => void portal.run()}
          >
            Update Card
          </Button>
        ) : null}
        {current ? (
          <div className="flex flex-wrap gap-2">
            {membership.cancelAtPeriodEnd ? (
              <Button
                variant="secondary"
                disabled={cancellation.busy}
                onClick={() => void cancellation.run(false)}
              >
                Keep My Membership
              </Button>
            ) : (
              <ConfirmButton
                trigger={<Button variant="secondary">Cancel Membership</Button>}
                title="End your membership?"
                description={`You stay a member until ${shortDate(membership.currentPeriodEnd, timeZone)}, and it does not renew.`}
                confirmLabel="End at Period's End"
                dismissLabel="Keep It"
                onConfirm={() => cancellation.run(true)}
              />
            )}
          </div>
        ) : null}
        {sandbox && membership.status !== "cancelled" ? (
          <div className="rounded-lg border border-dashed border-slate-300 p-3">
            <p className="text-sm text-muted">
              Sandbox: no card is charged. Play the next renewal now to see what members see.
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="secondary"
                disabled={renewal.busy}
                onClick={() => void renewal.run("paid")}
              >
                Renewal Paid
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={renewal.busy}
                onClick={() => void renewal.run("failed")}
              >
                Renewal Fails
              </Button>
            </div>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
