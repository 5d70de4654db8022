// Membership: the person's own membership (its status, renewal, cancellation, history) and
// the plans they can join; for the club's treasurers, its plans and its roster too.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import { can } from "../../../shared/domain/capabilities.js";
import { useAuth } from "../../app/auth-provider.js";
import { useOrganization } from "../../app/organization-provider.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.js";
import { PageLoading } from "../../components/ui/spinner.js";
import { shortDate } from "../../lib/short-date.js";
import { CreditCard } from "../ledger/credit-card.js";
import { membershipKeys, useMyMembership } from "./api.js";
import { historyLine } from "./history-line.js";
import { HouseholdCard } from "./household-card.js";
import { OfferedPlans } from "./offered-plans.js";
import { PlansManager } from "./plans-manager.js";
import { RosterCard } from "./roster-card.js";
import { YourMembership } from "./your-membership.js";

export function MembershipPage() {
  const { current } = useOrganization();
  if (!current) {
    return (
      <div className="mx-auto max-w-5xl px-4 py-8">
        <h1 className="text-2xl font-bold">Membership</h1>
        <p className="mt-2 text-muted">Join or create a club to see its membership plans.</p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-bold">Membership</h1>
      <MemberPart orgId={current.id} timeZone={current.timeZone} />
      {can(current.role, "memberships.manage") ? (
        <>
          <PlansManager orgId={current.id} />
          <RosterCard orgId={current.id} timeZone={current.timeZone} />
        </>
      ) : null}
    </div>
  );
}

/** Back from the provider's checkout: said, and the membership read again as its payment lands. */
function useCheckoutReturn(orgId: string) {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const returned = params.get("dues");
  useEffect(() => {
    if (!returned) return;
    if (returned === "success")
      toast.success("Thank you!", {
        description: "Your membership starts as soon as the payment is confirmed.",
      });
    void queryClient.invalidateQueries({ queryKey: membershipKeys.mine(orgId) });
    setParams({}, { replace: true });
  }, [returned, orgId, queryClient, setParams]);
}

function MemberPart({ orgId, timeZone }: { orgId: string; timeZone: string }) {
  useCheckoutReturn(orgId);
  const { me } = useAuth();
  const mine = useMyMembership(orgId);
  if (mine.isPending) return <PageLoading />;
  if (!mine.data) {
    return (
      <p className="text-sm text-red-700">Your membership could not be read. Reload the page to try again.</p>
    );
  }
  const { membership, plans, history, sandbox, byCard } = mine.data;
  return (
    <>
      {membership ? (
        <YourMembership
          orgId={orgId}
          membership={membership}
          sandbox={sandbox}
          byCard={byCard}
          timeZone={timeZone}
        />
      ) : null}
      <HouseholdCard orgId={orgId} myUserId={me?.user.id ?? ""} />
      <CreditCard orgId={orgId} timeZone={timeZone} />
      <OfferedPlans orgId={orgId} plans={plans} membership={membership} />
      {history.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle>History</CardTitle>
            <CardDescription>Every payment and change of your membership, newest first.</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="divide-y divide-slate-100 text-sm">
              {history.map((entry) => (
                <li
                  key={`${entry.kind}-${entry.occurredAt}`}
                  className="flex flex-wrap justify-between gap-2 py-2"
                >
                  <span>{historyLine(entry, timeZone)}</span>
                  <time dateTime={entry.occurredAt} className="text-muted">
                    {shortDate(entry.occurredAt, timeZone)}
                  </time>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}
