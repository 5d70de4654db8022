// The plan form (owners and admins): name and code, individual or household, price and period
// (a month, a year, or a season's fixed dates), grace, whether it is offered, and its benefits.
// A new price makes a new version: its members keep theirs, which the form says.
import { useState } from "react";
import {
  HOUSEHOLD_SIZE,
  MAX_EARLY_DAYS,
  MAX_GRACE_DAYS,
  MAX_PLAN_GUESTS,
  type Plan,
  type PlanBody,
  planBody,
} from "../../../shared/contracts/memberships.js";
import { FormActions } from "../../components/ui/form-actions.js";
import { Field, Input, Label, Select } from "../../components/ui/input.js";
import { Switch } from "../../components/ui/switch.js";
import { useZodForm } from "../../lib/use-zod-form.js";
import { useSavePlan } from "./api.js";

const dollars = (cents: number) => (cents / 100).toFixed(2);

export function PlanForm({ orgId, plan, onDone }: { orgId: string; plan?: Plan; onDone: () => void }) {
  const [kind, setKind] = useState<PlanBody["kind"]>(plan?.kind ?? "individual");
  const [interval, setInterval] = useState<PlanBody["interval"]>(plan?.interval ?? "month");
  const [discount, setDiscount] = useState<PlanBody["discount"]>(plan?.discount.kind ?? "percent");
  const [visible, setVisible] = useState(plan?.visible ?? true);
  const [membersOnlyAccess, setMembersOnlyAccess] = useState(plan?.membersOnlyAccess ?? true);
  const save = useSavePlan(orgId, {
    success: plan ? "Plan saved" : "Plan created",
    onSuccess: onDone,
  });
  const read = (values: Record<string, FormDataEntryValue>): PlanBody => ({
    name: String(values.name ?? ""),
    code: String(values.code ?? ""),
    kind,
    householdSize: kind === "household" ? String(values.householdSize ?? "") : undefined,
    price: String(values.price ?? ""),
    interval,
    seasonStartsOn: interval === "season" ? String(values.seasonStartsOn ?? "") : "",
    seasonEndsOn: interval === "season" ? String(values.seasonEndsOn ?? "") : "",
    graceDays: String(values.graceDays ?? ""),
    visible,
    discount,
    discountValue: discount === "none" ? "" : String(values.discountValue ?? ""),
    membersOnlyAccess,
    earlyDays: String(values.earlyDays ?? ""),
    guestsPerMonth: String(values.guestsPerMonth ?? ""),
  });
  const form = useZodForm(
    planBody,
    async (_data, values) => void (await save.run({ planId: plan?.id, body: read(values) })),
    {
      idPrefix: "plan-",
      read,
    },
  );
  const { errors } = form;
  return (
    <form noValidate onSubmit={form.onSubmit} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Field label="Name" htmlFor={form.id("name")} error={errors.name}>
        <Input defaultValue={plan?.name ?? ""} placeholder="Adult" {...form.fieldProps("name")} />
      </Field>
      <Field label="Code" htmlFor={form.id("code")} error={errors.code} hint="Shown beside members' names.">
        <Input
          defaultValue={plan?.code ?? ""}
          placeholder="ADULT"
          maxLength={6}
          {...form.fieldProps("code")}
        />
      </Field>
      <Field label="Who it covers" htmlFor="plan-kind">
        <Select id="plan-kind" value={kind} onChange={(e) => setKind(e.target.value as PlanBody["kind"])}>
          <option value="individual">One person</option>
          <option value="household">A household</option>
        </Select>
      </Field>
      {kind === "household" ? (
        <Field
          label="People at most"
          htmlFor={form.id("householdSize")}
          error={errors.householdSize}
          hint={`${HOUSEHOLD_SIZE.min} to ${HOUSEHOLD_SIZE.max}, the payer among them.`}
        >
          <Input
            type="number"
            inputMode="numeric"
            defaultValue={plan?.householdSize ?? 4}
            {...form.fieldProps("householdSize")}
          />
        </Field>
      ) : (
        <div className="max-sm:hidden" />
      )}
      <Field
        label="Price ($)"
        htmlFor={form.id("price")}
        error={errors.price}
        hint={
          plan && plan.members > 0
            ? "A new price is for new members: current members keep theirs."
            : undefined
        }
      >
        <Input
          inputMode="decimal"
          defaultValue={plan ? dollars(plan.priceCents) : ""}
          placeholder="30.00"
          {...form.fieldProps("price")}
        />
      </Field>
      <Field label="Paid" htmlFor="plan-interval">
        <Select
          id="plan-interval"
          value={interval}
          onChange={(e) => setInterval(e.target.value as PlanBody["interval"])}
        >
          <option value="month">Every month</option>
          <option value="year">Every year</option>
          <option value="season">For a season</option>
        </Select>
      </Field>
      {interval === "season" ? (
        <>
          <Field label="Season starts" htmlFor={form.id("seasonStartsOn")} error={errors.seasonStartsOn}>
            <Input
              type="date"
              defaultValue={plan?.seasonStartsOn ?? ""}
              {...form.fieldProps("seasonStartsOn")}
            />
          </Field>
          <Field label="Season ends" htmlFor={form.id("seasonEndsOn")} error={errors.seasonEndsOn}>
            <Input type="date" defaultValue={plan?.seasonEndsOn ?? ""} {...form.fieldProps("seasonEndsOn")} />
          </Field>
        </>
      ) : null}
      <Field
        label="Grace after a failed payment (days)"
        htmlFor={form.id("graceDays")}
        error={errors.graceDays}
        hint={`0 to ${MAX_GRACE_DAYS}: still a member meanwhile, then lapsed.`}
      >
        <Input
          type="number"
          inputMode="numeric"
          defaultValue={plan?.graceDays ?? 7}
          {...form.fieldProps("graceDays")}
        />
      </Field>
      <h3 className="mt-2 font-semibold sm:col-span-2">What members get</h3>
      <Field label="Paid sessions" htmlFor="plan-discount">
        <Select
          id="plan-discount"
          value={discount}
          onChange={(e) => setDiscount(e.target.value as PlanBody["discount"])}
        >
          <option value="percent">A percent off</option>
          <option value="amount">An amount off</option>
          <option value="none">The full price</option>
        </Select>
      </Field>
      {discount === "none" ? (
        <div className="max-sm:hidden" />
      ) : (
        <Field
          label={discount === "percent" ? "Percent off" : "Amount off ($)"}
          htmlFor={form.id("discountValue")}
          error={errors.discountValue}
        >
          <Input
            inputMode="decimal"
            defaultValue={
              plan && plan.discount.kind === discount
                ? discount === "percent"
                  ? plan.discount.value
                  : dollars(plan.discount.value)
                : ""
            }
            placeholder={discount === "percent" ? "50" : "5.00"}
            {...form.fieldProps("discountValue")}
          />
        </Field>
      )}
      <Field
        label="Registration opens early (days)"
        htmlFor={form.id("earlyDays")}
        error={errors.earlyDays}
        hint={`0 to ${MAX_EARLY_DAYS}, before it opens for everyone.`}
      >
        <Input
          type="number"
          inputMode="numeric"
          defaultValue={plan?.earlyDays ?? 0}
          {...form.fieldProps("earlyDays")}
        />
      </Field>
      <Field
        label="Guests a month"
        htmlFor={form.id("guestsPerMonth")}
        error={errors.guestsPerMonth}
        hint={`0 to ${MAX_PLAN_GUESTS} a member brings; empty for the club's own number.`}
      >
        <Input
          type="number"
          inputMode="numeric"
          defaultValue={plan?.guestsPerMonth ?? ""}
          {...form.fieldProps("guestsPerMonth")}
        />
      </Field>
      <div className="flex items-center gap-3 sm:col-span-2">
        <Switch
          id="plan-membersOnlyAccess"
          checked={membersOnlyAccess}
          onCheckedChange={setMembersOnlyAccess}
        />
        <Label htmlFor="plan-membersOnlyAccess">Members-only sessions</Label>
      </div>
      <div className="flex items-center gap-3 sm:col-span-2">
        <Switch id="plan-visible" checked={visible} onCheckedChange={setVisible} />
        <Label htmlFor="plan-visible">Offered to everyone (off: by invitation only)</Label>
      </div>
      <div className="sm:col-span-2">
        <FormActions label={plan ? "Save Plan" : "Create Plan"} busy={form.busy} onCancel={onDone} />
      </div>
    </form>
  );
}
