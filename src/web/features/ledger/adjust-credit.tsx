// For the club's treasurers, beside a member on the roster: their credit, what made it, and an
// adjustment (add, or take with a minus), with the note the member reads.
import { useRef } from "react";
import { adjustmentBody } from "../../../shared/contracts/ledger.js";
import { formatCents } from "../../../shared/domain/money.js";
import { Button } from "../../components/ui/button.js";
import { Field, Input } from "../../components/ui/input.js";
import { useZodForm } from "../../lib/use-zod-form.js";
import { useAdjustLedger, useMemberLedger } from "./api.js";
import { LedgerEntries } from "./ledger-entries.js";

export function AdjustCredit({
  orgId,
  userId,
  timeZone,
}: {
  orgId: string;
  userId: string;
  timeZone: string;
}) {
  const account = useMemberLedger(orgId, userId).data;
  const adjust = useAdjustLedger(orgId, { success: "Credit adjusted" });
  const typed = useRef<HTMLFormElement>(null);
  const read = (values: Record<string, FormDataEntryValue>) => ({
    userId,
    amount: String(values.amount ?? ""),
    note: String(values.note ?? ""),
  });
  const form = useZodForm(
    adjustmentBody,
    async (_body, values) => {
      // Sent as typed (the server reads the dollars itself); cleared once it is recorded.
      if (await adjust.run(read(values))) typed.current?.reset();
    },
    { idPrefix: `credit-${userId}-`, read },
  );
  return (
    <div className="w-full space-y-3 rounded-lg bg-slate-50 p-3" data-testid="member-credit">
      <p className="text-sm">
        Credit: <span className="font-semibold">{account ? formatCents(account.balance) : "…"}</span>
      </p>
      {account ? <LedgerEntries account={account} timeZone={timeZone} /> : null}
      <form
        ref={typed}
        noValidate
        onSubmit={form.onSubmit}
        className="grid grid-cols-1 gap-3 sm:grid-cols-[8rem_1fr_auto] sm:items-end"
      >
        <Field label="Amount ($)" htmlFor={form.id("amount")} error={form.errors.amount}>
          <Input inputMode="decimal" placeholder="10.00 or -5.00" {...form.fieldProps("amount")} />
        </Field>
        <Field label="Note" htmlFor={form.id("note")} error={form.errors.note}>
          <Input placeholder="Rained out on May 3" maxLength={200} {...form.fieldProps("note")} />
        </Field>
        <Button type="submit" disabled={form.busy}>
          Adjust
        </Button>
      </form>
    </div>
  );
}
