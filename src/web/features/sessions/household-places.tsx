// For a household's payer, on a session's page: each person of the household with where they
// stand in the session, registered (and paid for) or given up from here, as for themself.
import type { Registration } from "../../../shared/contracts/session-registrations.js";
import type { SessionDetails } from "../../../shared/contracts/sessions.js";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.js";
import { useHousehold } from "../memberships/api.js";
import { useCancelRegistration, useRegisterHousehold } from "./api.js";

const standing: Record<Registration["status"], string> = {
  registered: "Registered",
  pending_payment: "Awaiting payment",
  waitlisted: "On the waitlist",
  entered: "In the draw",
  cancelled: "Cancelled",
};

export function HouseholdPlaces({ orgId, data }: { orgId: string; data: SessionDetails }) {
  const household = useHousehold(orgId).data;
  const sessionId = data.session.id;
  const register = useRegisterHousehold(orgId, sessionId, {
    onSuccess: ({ checkoutUrl }) => {
      if (checkoutUrl) window.location.assign(checkoutUrl);
    },
    success: ({ registration, checkoutUrl }) =>
      checkoutUrl ? undefined : `${registration.name}: ${standing[registration.status]}`,
  });
  const giveUp = useCancelRegistration(orgId, sessionId, { success: "Place given up" });
  const open = data.session.status === "scheduled" || data.session.status === "active";
  const people = household?.payer ? household.people.filter((p) => p.role !== "payer" && p.accepted) : [];
  if (!open || people.length === 0) return null;
  return (
    <Card data-testid="household-places">
      <CardHeader>
        <CardTitle>Your household</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-100">
          {people.map((person) => {
            const place = data.registrations.find((r) => r.userId === person.userId);
            return (
              <li key={person.id} className="flex flex-wrap items-center gap-2 py-2">
                <span className="min-w-32 flex-1 font-medium">{person.name}</span>
                {place ? <Badge tone="brand">{standing[place.status]}</Badge> : null}
                {!place || place.status === "pending_payment" ? (
                  <Button size="sm" disabled={register.busy} onClick={() => void register.run(person.userId)}>
                    {place ? "Pay" : `Register ${person.name.split(" ")[0]}`}
                  </Button>
                ) : null}
                {place ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={giveUp.busy}
                    onClick={() => void giveUp.run(place)}
                  >
                    Give Up Place
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
