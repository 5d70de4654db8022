// For a household's payer, on a session's page: each person of the household (and the payer)
// with where they stand in the session. Those with no place yet, or a place not paid for, are
// ticked and registered together, paid for in one checkout; a place is given up from here, as
// for oneself.
import { useState } from "react";
import type { Registration } from "../../../shared/contracts/session-registrations.js";
import type { SessionDetails } from "../../../shared/contracts/sessions.js";
import { formatCents } from "../../../shared/domain/money.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.js";
import { useHousehold, useYourPrice } from "../memberships/api.js";
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
  // Untouched, everyone who has no place (or one not paid for) is ticked: the usual tap is one.
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const register = useRegisterHousehold(orgId, sessionId, {
    onSuccess: ({ checkoutUrl }) => {
      if (checkoutUrl) window.location.assign(checkoutUrl);
    },
    success: ({ registrations, checkoutUrl }) =>
      checkoutUrl ? undefined : registrations.map((r) => `${r.name}: ${standing[r.status]}`).join(" · "),
  });
  const giveUp = useCancelRegistration(orgId, sessionId, { success: "Place given up" });
  // Each place costs the household's member price (the plan is shared).
  const price = useYourPrice(orgId, data.session.paymentRequired ? data.session.paymentAmount : null);
  const open = data.session.status === "scheduled" || data.session.status === "active";
  const people = household?.payer ? household.people.filter((p) => p.role === "payer" || p.accepted) : [];
  if (!open || people.length < 2) return null;
  const placeOf = (userId: string) => data.registrations.find((r) => r.userId === userId);
  const choosable = people.filter((p) => {
    const place = placeOf(p.userId);
    return !place || place.status === "pending_payment";
  });
  const chosen = choosable.filter((p) => !unticked.has(p.userId));
  const toggle = (userId: string) =>
    setUnticked((now) => {
      const next = new Set(now);
      if (!next.delete(userId)) next.add(userId);
      return next;
    });
  // The total is said only when every one chosen takes a place now (none goes to the waitlist);
  // the checkout says what is paid in any case.
  const { capacity, registeredCount } = data.session;
  const allPlaced = capacity === null || registeredCount + chosen.length <= capacity;
  const label =
    chosen.length === 0
      ? "Choose who plays"
      : price === null || !allPlaced
        ? `Register ${chosen.length}`
        : `Register ${chosen.length} and Pay ${formatCents(price * chosen.length)}`;
  return (
    <Card data-testid="household-places">
      <CardHeader>
        <CardTitle>Your household</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <ul className="divide-y divide-slate-100">
          {people.map((person) => {
            const place = placeOf(person.userId);
            const name = person.role === "payer" ? "You" : person.name;
            const canChoose = choosable.includes(person);
            const who = (
              <span className="flex min-w-0 flex-col">
                <span className="truncate font-medium">{name}</span>
                {place ? <span className="text-sm text-muted">{standing[place.status]}</span> : null}
              </span>
            );
            return (
              <li key={person.id} className="flex min-h-11 items-center gap-2 py-1">
                {canChoose ? (
                  <label className="flex min-h-11 min-w-0 flex-1 cursor-pointer items-center gap-3">
                    <input
                      type="checkbox"
                      className="h-5 w-5 shrink-0 accent-brand-700"
                      checked={!unticked.has(person.userId)}
                      onChange={() => toggle(person.userId)}
                    />
                    {who}
                  </label>
                ) : (
                  <div className="flex min-h-11 min-w-0 flex-1 items-center">{who}</div>
                )}
                {/* The payer's own place is given up where they took it, at the top of the page. */}
                {place && person.role !== "payer" ? (
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
        {choosable.length > 0 ? (
          <Button
            disabled={register.busy || chosen.length === 0}
            onClick={() => void register.run(chosen.map((p) => p.userId))}
          >
            {label}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
