// The household on a household plan: its people; for the payer, adding a child (a name and a
// birth year) or inviting an adult of the club by address, and taking someone out; for an adult
// invited in, accepting or declining; for an adult in it, leaving.
import { useState } from "react";
import { addChildBody } from "../../../shared/contracts/memberships.js";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.js";
import { ConfirmButton } from "../../components/ui/confirm-dialog.js";
import { FormActions } from "../../components/ui/form-actions.js";
import { Field, Input } from "../../components/ui/input.js";
import { useZodForm } from "../../lib/use-zod-form.js";
import {
  useAcceptHousehold,
  useAddChild,
  useHousehold,
  useInviteAdult,
  useRemoveFromHousehold,
} from "./api.js";

const roleLabel = { payer: "Pays", adult: "Adult", child: "Child" } as const;

export function HouseholdCard({ orgId, myUserId }: { orgId: string; myUserId: string }) {
  const household = useHousehold(orgId).data;
  const accept = useAcceptHousehold(orgId, { success: "You're in the household" });
  const remove = useRemoveFromHousehold(orgId, { success: "Household updated" });
  const decline = useRemoveFromHousehold(orgId, { success: "Invitation declined" });
  if (!household || household.people.length === 0) return null;
  if (household.invitedBy) {
    const invitation = household.people.find((p) => p.userId === myUserId);
    return (
      <Card data-testid="household">
        <CardHeader>
          <CardTitle>Household</CardTitle>
          <CardDescription>
            {household.invitedBy} invited you into their household: their plan's benefits are yours, and they
            pay for your places.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">
          <Button disabled={accept.busy} onClick={() => void accept.run()}>
            Accept
          </Button>
          {invitation ? (
            <Button
              variant="secondary"
              disabled={decline.busy}
              onClick={() => void decline.run(invitation.id)}
            >
              Decline
            </Button>
          ) : null}
        </CardContent>
      </Card>
    );
  }
  const full = household.limit !== null && household.people.length >= household.limit;
  return (
    <Card data-testid="household">
      <CardHeader>
        <CardTitle>Household</CardTitle>
        <CardDescription>
          {household.payer
            ? `Your plan covers ${household.limit} people, you among them. You register them for sessions and pay for their places.`
            : "The payer registers you for sessions and pays for your places."}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <ul className="divide-y divide-slate-100">
          {household.people.map((person) => (
            <li
              key={person.id}
              className="flex flex-wrap items-center gap-2 py-2"
              data-testid="household-person"
            >
              <span className="min-w-32 flex-1 font-medium">{person.name}</span>
              <Badge>{roleLabel[person.role]}</Badge>
              {person.birthYear ? <span className="text-sm text-muted">born {person.birthYear}</span> : null}
              {person.accepted ? null : <Badge tone="ball">Invited</Badge>}
              {person.role !== "payer" && (household.payer || person.userId === myUserId) ? (
                <ConfirmButton
                  trigger={
                    <Button size="sm" variant="ghost">
                      {person.userId === myUserId ? "Leave" : "Remove"}
                    </Button>
                  }
                  title={person.userId === myUserId ? "Leave the household?" : `Take ${person.name} out?`}
                  description={
                    person.userId === myUserId
                      ? "Your places already taken stay yours; the plan's benefits stop for you."
                      : "Their places already taken stay theirs; the plan's benefits stop for them."
                  }
                  confirmLabel={person.userId === myUserId ? "Leave" : "Take Out"}
                  onConfirm={() => remove.run(person.id)}
                />
              ) : null}
            </li>
          ))}
        </ul>
        {household.payer && !full ? <AddPeople orgId={orgId} /> : null}
      </CardContent>
    </Card>
  );
}

function AddPeople({ orgId }: { orgId: string }) {
  const [which, setWhich] = useState<"child" | "adult" | null>(null);
  if (!which)
    return (
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setWhich("child")}>
          Add a Child
        </Button>
        <Button variant="secondary" onClick={() => setWhich("adult")}>
          Invite an Adult
        </Button>
      </div>
    );
  return which === "child" ? (
    <AddChildForm orgId={orgId} onDone={() => setWhich(null)} />
  ) : (
    <InviteAdultForm orgId={orgId} onDone={() => setWhich(null)} />
  );
}

function AddChildForm({ orgId, onDone }: { orgId: string; onDone: () => void }) {
  const add = useAddChild(orgId, { success: "Added to your household", onSuccess: onDone });
  const form = useZodForm(addChildBody, async (child) => void (await add.run(child)), { idPrefix: "child-" });
  return (
    <form noValidate onSubmit={form.onSubmit} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <Field label="Child's name" htmlFor={form.id("name")} error={form.errors.name}>
        <Input autoComplete="off" {...form.fieldProps("name")} />
      </Field>
      <Field label="Birth year" htmlFor={form.id("birthYear")} error={form.errors.birthYear}>
        <Input type="number" inputMode="numeric" placeholder="2016" {...form.fieldProps("birthYear")} />
      </Field>
      <FormActions className="sm:col-span-2" label="Add Child" busy={form.busy} onCancel={onDone} />
    </form>
  );
}

function InviteAdultForm({ orgId, onDone }: { orgId: string; onDone: () => void }) {
  const [email, setEmail] = useState("");
  const invite = useInviteAdult(orgId, {
    success: "Invited: they accept from their Membership page",
    onSuccess: onDone,
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void invite.run(email.trim());
      }}
      className="grid grid-cols-1 gap-3"
    >
      <Field label="Their address (a member of the club)" htmlFor="adult-email">
        <Input id="adult-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </Field>
      <FormActions label="Invite" busy={invite.busy} onCancel={onDone} />
    </form>
  );
}
