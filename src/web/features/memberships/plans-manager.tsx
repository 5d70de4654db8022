// The club's plans for its treasurers: each at its current price with its members, made, changed
// (a new price is a new version) and retired from here; a season's link emailed to everyone.
import { Plus } from "lucide-react";
import { useState } from "react";
import type { Plan } from "../../../shared/contracts/memberships.js";
import { plural } from "../../../shared/domain/formatters.js";
import { planBenefits, planPrice } from "../../../shared/domain/plan-text.js";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.js";
import { ConfirmButton } from "../../components/ui/confirm-dialog.js";
import { Dialog, DialogContent } from "../../components/ui/dialog.js";
import { Spinner } from "../../components/ui/spinner.js";
import { usePlans, useRetirePlan, useSendSeasonLink } from "./api.js";
import { PlanForm } from "./plan-form.js";

export function PlansManager({ orgId }: { orgId: string }) {
  const plans = usePlans(orgId);
  // The plan being edited, "new" for a new one, null with the dialog closed.
  const [editing, setEditing] = useState<Plan | "new" | null>(null);
  const retire = useRetirePlan(orgId, {
    success: "Plan retired: its members keep it to the end of their period",
  });
  const sendLink = useSendSeasonLink(orgId, {
    success: ({ sent }) =>
      sent === 0
        ? "Everyone who wants dues emails has this link already"
        : `Link emailed to ${plural(sent, "member")}`,
  });
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <CardTitle>Plans</CardTitle>
            <CardDescription>What members pay, and what they get for it.</CardDescription>
          </div>
          <Button onClick={() => setEditing("new")}>
            <Plus className="h-4 w-4" /> New Plan
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {plans.isPending ? (
          <Spinner />
        ) : plans.data?.length ? (
          <ul className="divide-y divide-slate-100">
            {plans.data.map((plan) => (
              <li key={plan.id} className="flex flex-wrap items-center gap-3 py-3" data-testid="managed-plan">
                <div className="min-w-48 flex-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {plan.name} <Badge>{plan.code}</Badge>
                    {plan.visible ? null : <Badge tone="info">Invitation only</Badge>}
                  </p>
                  <p className="text-sm text-muted">
                    {planPrice(plan)} · {plural(plan.members, "member")}
                  </p>
                  <p className="text-sm text-muted">{planBenefits(plan).join(" · ")}</p>
                </div>
                <div className="flex flex-wrap gap-2">
                  {plan.interval === "season" && plan.visible ? (
                    <ConfirmButton
                      trigger={
                        <Button size="sm" variant="secondary">
                          Email Link
                        </Button>
                      }
                      title={`Email ${plan.name}'s link?`}
                      description="Every member gets a link to pay the season in full from the club's page. Each member gets it once for this season."
                      confirmLabel="Email Everyone"
                      onConfirm={() => sendLink.run(plan.id)}
                    />
                  ) : null}
                  <Button size="sm" variant="secondary" onClick={() => setEditing(plan)}>
                    Edit
                  </Button>
                  <ConfirmButton
                    trigger={
                      <Button size="sm" variant="ghost">
                        Retire
                      </Button>
                    }
                    title={`Retire ${plan.name}?`}
                    description="Nobody can join it any more. Its members keep it to the end of the period they paid for."
                    confirmLabel="Retire Plan"
                    onConfirm={() => retire.run(plan.id)}
                  />
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">No plans yet. Make one, and members can join from this page.</p>
        )}
      </CardContent>
      <Dialog open={editing !== null} onOpenChange={(open) => (open ? null : setEditing(null))}>
        {editing ? (
          <DialogContent
            title={editing === "new" ? "New plan" : `Edit ${editing.name}`}
            className="max-w-2xl"
          >
            <PlanForm
              orgId={orgId}
              plan={editing === "new" ? undefined : editing}
              onDone={() => setEditing(null)}
            />
          </DialogContent>
        ) : null}
      </Dialog>
    </Card>
  );
}
