// The person's credit at the club, on their Membership page: the balance and what made it.
// Shown once there is anything to show.
import { formatCents } from "../../../shared/domain/money.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.js";
import { useMyLedger } from "./api.js";
import { LedgerEntries } from "./ledger-entries.js";

export function CreditCard({ orgId, timeZone }: { orgId: string; timeZone: string }) {
  const account = useMyLedger(orgId).data;
  if (!account || (account.balance === 0 && account.entries.length === 0)) return null;
  return (
    <Card data-testid="your-credit">
      <CardHeader>
        <CardTitle>Your credit</CardTitle>
        <CardDescription>
          <span className="text-2xl font-bold text-slate-900" data-testid="credit-balance">
            {formatCents(account.balance)}
          </span>{" "}
          at this club
        </CardDescription>
      </CardHeader>
      <CardContent>
        <LedgerEntries account={account} timeZone={timeZone} />
      </CardContent>
    </Card>
  );
}
