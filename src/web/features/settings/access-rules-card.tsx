// The club's fair-access rules (owners and admins): members' guests (whether, how many a month,
// their price in paid sessions: empty for the session's own), the strike rule that keeps members
// who miss places out of early windows, and whether a no-show's paid place is refunded.
import { useState } from "react";
import {
  type AccessRules,
  accessRulesBody,
  MAX_GUESTS_PER_MONTH,
  MAX_STRIKE_LIMIT,
  STRIKE_DAYS_RANGE,
} from "../../../shared/contracts/access-rules.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.js";
import { Field, Input, Label } from "../../components/ui/input.js";
import { Spinner } from "../../components/ui/spinner.js";
import { Switch } from "../../components/ui/switch.js";
import { useZodForm } from "../../lib/use-zod-form.js";
import { useAccessRules, useUpdateAccessRules } from "../sessions/api.js";

export function AccessRulesCard({ orgId }: { orgId: string }) {
  const rules = useAccessRules(orgId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Guests and fair access</CardTitle>
        <CardDescription>Who may bring a guest, and what missing a place costs a member.</CardDescription>
      </CardHeader>
      <CardContent>
        {/* Keyed by the rules read, so the form starts from what the server holds. */}
        {rules.data ? (
          <AccessRulesForm key={JSON.stringify(rules.data)} orgId={orgId} rules={rules.data} />
        ) : rules.isError ? (
          <p className="text-sm text-red-700">The rules could not be read. Reload the page to try again.</p>
        ) : (
          <Spinner />
        )}
      </CardContent>
    </Card>
  );
}

function AccessRulesForm({ orgId, rules }: { orgId: string; rules: AccessRules }) {
  const [guestsAllowed, setGuestsAllowed] = useState(rules.guests.allowed);
  const [refundNoShows, setRefundNoShows] = useState(rules.refundNoShows);
  const update = useUpdateAccessRules(orgId, { success: "Rules saved" });
  const form = useZodForm(
    accessRulesBody,
    async (_body, values) => {
      await update.run({
        guestsAllowed,
        refundNoShows,
        guestsPerMonth: String(values.guestsPerMonth ?? ""),
        guestPrice: String(values.guestPrice ?? ""),
        strikeLimit: String(values.strikeLimit ?? ""),
        strikeDays: String(values.strikeDays ?? ""),
      });
    },
    { idPrefix: "access-", read: (values) => ({ ...values, guestsAllowed, refundNoShows }) },
  );
  const { errors } = form;
  return (
    <form noValidate onSubmit={form.onSubmit} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <h3 className="font-semibold sm:col-span-2">Guests</h3>
      <div className="flex items-center gap-3 sm:col-span-2">
        <Switch id="access-guestsAllowed" checked={guestsAllowed} onCheckedChange={setGuestsAllowed} />
        <Label htmlFor="access-guestsAllowed">Members may bring guests</Label>
      </div>
      <Field
        label="Guests per member per month"
        htmlFor={form.id("guestsPerMonth")}
        error={errors.guestsPerMonth}
        hint={`1 to ${MAX_GUESTS_PER_MONTH}, counted by the sessions' dates.`}
      >
        <Input
          type="number"
          inputMode="numeric"
          defaultValue={rules.guests.perMonth}
          {...form.fieldProps("guestsPerMonth")}
        />
      </Field>
      <Field
        label="Guest price in paid sessions ($)"
        htmlFor={form.id("guestPrice")}
        error={errors.guestPrice}
        hint="Empty: the session's own price. The member pays it."
      >
        <Input
          inputMode="decimal"
          placeholder="Session price"
          defaultValue={rules.guests.price === null ? "" : (rules.guests.price / 100).toFixed(2)}
          {...form.fieldProps("guestPrice")}
        />
      </Field>
      <h3 className="mt-2 font-semibold sm:col-span-2">Missed places</h3>
      <p className="text-sm text-muted sm:col-span-2">
        A place not checked in by the release time is a strike; giving a place back after the refund cut-off
        is half of one. Members with this many strikes wait for the general opening.
      </p>
      <Field
        label="Strikes"
        htmlFor={form.id("strikeLimit")}
        error={errors.strikeLimit}
        hint={`1 to ${MAX_STRIKE_LIMIT}.`}
      >
        <Input
          type="number"
          inputMode="numeric"
          defaultValue={rules.strikes.limit}
          {...form.fieldProps("strikeLimit")}
        />
      </Field>
      <Field
        label="Within the last (days)"
        htmlFor={form.id("strikeDays")}
        error={errors.strikeDays}
        hint={`${STRIKE_DAYS_RANGE.min} to ${STRIKE_DAYS_RANGE.max}; older strikes no longer count.`}
      >
        <Input
          type="number"
          inputMode="numeric"
          defaultValue={rules.strikes.days}
          {...form.fieldProps("strikeDays")}
        />
      </Field>
      <div className="flex items-center gap-3 sm:col-span-2">
        <Switch id="access-refundNoShows" checked={refundNoShows} onCheckedChange={setRefundNoShows} />
        <Label htmlFor="access-refundNoShows">Refund a paid place released as a no-show</Label>
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={form.busy}>
          {form.busy ? "Saving..." : "Save Rules"}
        </Button>
      </div>
    </form>
  );
}
