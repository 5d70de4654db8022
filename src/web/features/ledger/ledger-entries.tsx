// An account's entries as its member and the treasurers read them: what, why, when, how much.
import type { LedgerAccount } from "../../../shared/contracts/ledger.js";
import { formatCents } from "../../../shared/domain/money.js";
import { shortDate } from "../../lib/short-date.js";

const reasonLabel: Record<LedgerAccount["entries"][number]["reason"], string> = {
  adjustment: "From the club",
  purchase: "Bought",
  session: "A session",
  refund: "Refund to credit",
  no_show_fee: "No-show fee",
  plan_perk: "Membership perk",
  expiry: "Expired",
};

export function LedgerEntries({ account, timeZone }: { account: LedgerAccount; timeZone: string }) {
  if (account.entries.length === 0) return <p className="text-sm text-muted">Nothing yet.</p>;
  return (
    <ul className="divide-y divide-slate-100 text-sm" data-testid="ledger-entries">
      {account.entries.map((entry) => (
        <li key={entry.id} className="flex items-start justify-between gap-3 py-2">
          <span className="min-w-0">
            <span className="block font-medium">{reasonLabel[entry.reason]}</span>
            {entry.note ? <span className="block break-words text-muted">{entry.note}</span> : null}
            <time dateTime={entry.createdAt} className="block text-muted">
              {shortDate(entry.createdAt, timeZone)}
            </time>
          </span>
          <span className={`shrink-0 font-semibold ${entry.amount < 0 ? "text-red-700" : "text-brand-700"}`}>
            {entry.amount < 0 ? `−${formatCents(-entry.amount)}` : `+${formatCents(entry.amount)}`}
          </span>
        </li>
      ))}
    </ul>
  );
}
