// A member's guests at a session: bring one by name (and, if they like, the address they would
// join with), pay a guest's held place, or give it back. Shown when the club takes guests.
import { UserPlus } from "lucide-react";
import { useState } from "react";
import { bringGuestBody } from "../../../shared/contracts/access-rules.js";
import type { Registration } from "../../../shared/contracts/session-registrations.js";
import type { SessionDetails } from "../../../shared/contracts/sessions.js";
import { formatCents } from "../../../shared/domain/money.js";
import { openingTime } from "../../../shared/domain/session-time.js";
import { useAuth } from "../../app/auth-provider.js";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.js";
import { ConfirmButton } from "../../components/ui/confirm-dialog.js";
import { Dialog, DialogContent, DialogTrigger } from "../../components/ui/dialog.js";
import { Field, Input } from "../../components/ui/input.js";
import { useZodForm } from "../../lib/use-zod-form.js";
import { useCurrentPlan } from "../memberships/api.js";
import { useBringGuest, useCancelRegistration } from "./api.js";

type Props = { orgId: string; data: SessionDetails };

/** Where a guest stands, in a word or two. */
function standing(guest: Registration): string {
  if (guest.checkedIn) return "Checked in";
  if (guest.status === "pending_payment") return "Held until you pay";
  if (guest.status === "waitlisted") return `Waitlist #${guest.waitlistPosition}`;
  return "Registered";
}

export function GuestsCard({ orgId, data }: Props) {
  const { me } = useAuth();
  const { session, guestRules: rules, timeZone } = data;
  // Read only where guests are taken: the one place the plan's number is said.
  const plan = useCurrentPlan(orgId, rules.allowed);
  const running = session.status === "scheduled" || session.status === "active";
  const mine = me ? data.registrations.filter((r) => r.broughtBy === me.user.id && r.userId === null) : [];
  // Guests already brought stay in reach (to pay, or give back) if the club turns guests off.
  if (!running || !me || (!rules.allowed && mine.length === 0)) return null;
  const paid = session.paymentRequired && session.paymentAmount !== null;
  const price = paid ? formatCents(rules.price ?? session.paymentAmount!) : null;
  const now = new Date();
  // As the server decides (bring_guest): guests come once registration opens for everyone, and
  // after a lottery's draw.
  const notYet = session.registrationOpensAt !== null && new Date(session.registrationOpensAt) > now;
  const undrawn = session.lotteryDrawAt !== null && session.lotteryDrawnAt === null;
  // A member's plan may set their own number in place of the club's (bring_guest's rule).
  const perMonth = plan?.guestsPerMonth ?? rules.perMonth;
  const rule =
    perMonth === 0
      ? "Your membership plan does not include bringing guests."
      : `Bring a friend: up to ${perMonth} ${perMonth === 1 ? "guest" : "guests"} a month${
          price ? `, ${price} each here` : ""
        }.`;
  const wait = !rules.allowed
    ? "The club no longer takes new guests."
    : notYet
      ? `Guests can be brought once registration opens, ${openingTime(session.registrationOpensAt!, timeZone)}.`
      : undrawn
        ? "Guests can be brought after the draw: until then the places are members' to draw."
        : null;
  // A full session puts a new guest on the waitlist: nothing to pay until they move up.
  const full = session.capacity !== null && session.registeredCount >= session.capacity;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your guests</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="text-sm text-muted">{wait ?? rule}</p>
        {mine.length > 0 ? (
          <ul className="flex flex-col divide-y divide-slate-200" data-testid="my-guests">
            {mine.map((guest) => (
              <GuestLine key={guest.id} orgId={orgId} data={data} guest={guest} price={price} />
            ))}
          </ul>
        ) : null}
        {wait ? null : <BringGuestDialog orgId={orgId} data={data} price={full ? null : price} />}
      </CardContent>
    </Card>
  );
}

function GuestLine({ orgId, data, guest, price }: Props & { guest: Registration; price: string | null }) {
  const pay = usePayOrBring(orgId, data.session.id);
  const giveBack = useCancelRegistration(orgId, data.session.id, {
    success: () => `${guest.name}'s place is given back`,
  });
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
      <div className="min-w-0">
        <p className="font-medium break-words">{guest.name}</p>
        <Badge tone={guest.status === "waitlisted" || guest.status === "pending_payment" ? "ball" : "brand"}>
          {standing(guest)}
        </Badge>
      </div>
      <div className="flex flex-wrap gap-2">
        {guest.status === "pending_payment" && price ? (
          <Button onClick={() => pay.run({ name: guest.name })} disabled={pay.busy}>
            Pay {price}
          </Button>
        ) : null}
        {guest.checkedIn ? null : (
          <ConfirmButton
            trigger={<Button variant="secondary">Remove</Button>}
            title={`Remove ${guest.name}?`}
            description={
              guest.status === "waitlisted"
                ? "They leave the waitlist."
                : "Their place goes to the first person on the waitlist. A paid place is refunded before the cut-off, as yours would be."
            }
            confirmLabel="Remove Guest"
            dismissLabel="Keep Them"
            onConfirm={() => giveBack.run(guest)}
          />
        )}
      </div>
    </li>
  );
}

/** Bringing a guest, or paying a guest's held place (the same request): to the checkout if one opens. */
function usePayOrBring(orgId: string, sessionId: string, onDone?: () => void) {
  return useBringGuest(orgId, sessionId, {
    onSuccess: ({ checkoutUrl }) => {
      onDone?.();
      if (checkoutUrl) window.location.assign(checkoutUrl);
    },
    success: ({ registration, checkoutUrl }) =>
      checkoutUrl
        ? undefined
        : registration.status === "waitlisted"
          ? `${registration.name} is on the waitlist`
          : `${registration.name} is registered`,
  });
}

function BringGuestDialog({ orgId, data, price }: Props & { price: string | null }) {
  const [open, setOpen] = useState(false);
  const bring = usePayOrBring(orgId, data.session.id, () => setOpen(false));
  const form = useZodForm(
    bringGuestBody,
    // What was typed goes as typed; the server reads it by the same rules.
    async (_body, values) => {
      await bring.run({ name: String(values.name ?? ""), email: String(values.email ?? "") });
    },
    { idPrefix: "guest-" },
  );
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" className="self-start">
          <UserPlus className="h-4 w-4" /> Bring a Guest
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Bring a guest"
        description={
          price
            ? `They take a place like anyone; you pay ${price} for them.`
            : "They take a place like anyone, or join the waitlist when the session is full."
        }
      >
        <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4">
          <Field label="Guest's name" htmlFor={form.id("name")} error={form.errors.name}>
            <Input autoComplete="off" placeholder="Sam Lee" {...form.fieldProps("name")} />
          </Field>
          <Field
            label="Their email (optional)"
            htmlFor={form.id("email")}
            error={form.errors.email}
            hint="If they join the club with this address, their nights here come with them."
          >
            <Input type="email" autoComplete="off" inputMode="email" {...form.fieldProps("email")} />
          </Field>
          <Button type="submit" disabled={form.busy} className="w-full sm:w-auto sm:self-end">
            {form.busy ? "Adding..." : price ? `Add Guest and Pay ${price}` : "Add Guest"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
