// The club's rules for members' guests (owners and admins): whether members may bring one, how
// many a month, and a guest's price in paid sessions (empty: the session's own price).
import { useState } from "react";
import { guestRulesBody, MAX_GUESTS_PER_MONTH } from "../../../shared/contracts/guests.js";
import type { GuestRules } from "../../../shared/contracts/sessions.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.js";
import { Field, Input, Label } from "../../components/ui/input.js";
import { Switch } from "../../components/ui/switch.js";
import { useZodForm } from "../../lib/use-zod-form.js";
import { useGuestRules, useUpdateGuestRules } from "../sessions/api.js";

export function GuestRulesCard({ orgId }: { orgId: string }) {
  const rules = useGuestRules(orgId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Guests</CardTitle>
        <CardDescription>
          Members bring a named guest to a session; the guest takes a place like anyone and plays on the
          board.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {/* Keyed by the rules read, so the form starts from what the server holds. */}
        {rules.data ? (
          <GuestRulesForm key={JSON.stringify(rules.data)} orgId={orgId} rules={rules.data} />
        ) : null}
      </CardContent>
    </Card>
  );
}

function GuestRulesForm({ orgId, rules }: { orgId: string; rules: GuestRules }) {
  const [allowed, setAllowed] = useState(rules.allowed);
  const update = useUpdateGuestRules(orgId, { success: "Guest rules saved" });
  const form = useZodForm(
    guestRulesBody,
    async (body) => {
      await update.run(body);
    },
    { idPrefix: "guests-", read: (values) => ({ ...values, allowed }) },
  );
  return (
    <form noValidate onSubmit={form.onSubmit} className="grid gap-4 sm:grid-cols-2">
      <div className="flex items-center gap-3 sm:col-span-2">
        <Switch id="guests-allowed" checked={allowed} onCheckedChange={setAllowed} />
        <Label htmlFor="guests-allowed">Members may bring guests</Label>
      </div>
      <Field
        label="Guests per member per month"
        htmlFor={form.id("perMonth")}
        error={form.errors.perMonth}
        hint={`1 to ${MAX_GUESTS_PER_MONTH}, counted by the sessions' dates.`}
      >
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_GUESTS_PER_MONTH}
          defaultValue={rules.perMonth}
          {...form.fieldProps("perMonth")}
        />
      </Field>
      <Field
        label="Guest price in paid sessions ($)"
        htmlFor={form.id("price")}
        error={form.errors.price}
        hint="Empty: the session's own price. The member pays it."
      >
        <Input
          inputMode="decimal"
          placeholder="Session price"
          defaultValue={rules.price === null ? "" : (rules.price / 100).toFixed(2)}
          {...form.fieldProps("price")}
        />
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={form.busy}>
          {form.busy ? "Saving..." : "Save Guest Rules"}
        </Button>
      </div>
    </form>
  );
}
