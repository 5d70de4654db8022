// The club page's Join for a signed-in visitor (issue 61): one tap buys the plan and makes them a
// member. The sandbox takes the payment at once and opens their Membership page; by card, the
// provider's checkout opens, and they come back to the club's page a member once it is paid.
// Loaded only when shown: the club page's first download has no room for its endpoint.
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { membershipsEndpoints as endpoints } from "../../../shared/contracts/memberships-endpoints.js";
import type { PublicClubPage } from "../../../shared/contracts/public-club.js";
import { meQueryKey } from "../../app/auth-provider.js";
import { useOrganization } from "../../app/organization-provider.js";
import { Button } from "../../components/ui/button.js";
import { call } from "../../lib/api.js";
import { useAction } from "../../lib/use-action.js";

export default function JoinWithPlan({
  slug,
  plan,
  chosen,
  page,
}: {
  slug: string;
  /** The club page's query, read again so it shows them as a member. */
  page: readonly unknown[];
  plan: PublicClubPage["plans"][number];
  /** The plan they chose before signing in: the one to tap now. */
  chosen: boolean;
}) {
  const { select } = useOrganization();
  const navigate = useNavigate();
  const join = useAction({
    run: () => call(endpoints.joinWithPlan, { params: { slug, planId: plan.id } }),
    invalidates: [meQueryKey, page],
    success: ({ checkoutUrl }) => (checkoutUrl ? undefined : "You're a member. Welcome!"),
    onSuccess: ({ organizationId, checkoutUrl }) => {
      if (checkoutUrl) return window.location.assign(checkoutUrl);
      select(organizationId);
      navigate("/membership");
    },
  });
  // Back from signing in, the plan they chose is in view on a phone, under the sessions.
  const shown = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (chosen) shown.current?.scrollIntoView({ block: "center" });
  }, [chosen]);
  return (
    <Button
      ref={shown}
      className="w-full"
      variant={chosen ? "primary" : "secondary"}
      disabled={join.busy}
      onClick={() => void join.run()}
    >
      {join.busy ? "Joining..." : `Join: ${plan.name}`}
    </Button>
  );
}
