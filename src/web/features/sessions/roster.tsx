import { CheckCircle2, Circle } from "lucide-react";
import type { Registration } from "../../../shared/contracts/session-registrations.js";
import type { SessionDetails } from "../../../shared/contracts/sessions.js";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.js";
import { useSetCheckedIn } from "./api.js";

type Props = { orgId: string; data: SessionDetails; manager: boolean };

/** Who is in (and checked in), and the waitlist in order. */
export function Roster({ orgId, data, manager }: Props) {
  const inSession = data.registrations.filter((r) => r.status !== "waitlisted" && r.status !== "entered");
  const waitlist = data.registrations.filter((r) => r.status === "waitlisted");
  // Before a lottery's draw its entries hold no place: they are listed apart, in no order.
  const entries = data.registrations.filter((r) => r.status === "entered");
  const drawPending = data.session.lotteryDrawAt !== null && data.session.lotteryDrawnAt === null;
  const open = data.session.status === "scheduled" || data.session.status === "active";
  const checkedIn = inSession.filter((r) => r.checkedIn).length;

  const setCheckedIn = useSetCheckedIn(orgId, data.session.id);
  const toggle = (registration: Registration) =>
    setCheckedIn.run({ registrationId: registration.id, checkedIn: !registration.checkedIn });

  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>
            Players ({inSession.length}){manager && inSession.length > 0 ? ` · ${checkedIn} checked in` : ""}
          </CardTitle>
        </CardHeader>
        <CardContent>
          {inSession.length === 0 ? (
            <p className="text-sm text-muted">
              {drawPending ? "Places are given at the draw." : "Nobody has registered yet."}
            </p>
          ) : null}
          <ul className="divide-y divide-slate-100" data-testid="players">
            {inSession.map((r) => (
              <li key={r.id} className="flex items-center justify-between gap-2 py-2">
                <span className="flex min-w-0 items-center gap-2">
                  {r.checkedIn ? (
                    <CheckCircle2 className="h-4 w-4 shrink-0 text-brand-600" />
                  ) : (
                    <Circle className="h-4 w-4 shrink-0 text-slate-300" />
                  )}
                  <span className="truncate">{r.name}</span>
                  {r.userId && data.planCodes?.[r.userId] ? <Badge>{data.planCodes[r.userId]}</Badge> : null}
                  <GuestOf registration={r} />
                  {r.status === "pending_payment" ? <Badge tone="ball">Awaiting payment</Badge> : null}
                </span>
                {manager && open && r.status === "registered" ? (
                  <Button size="sm" variant={r.checkedIn ? "ghost" : "secondary"} onClick={() => toggle(r)}>
                    {r.checkedIn ? "Undo check-in" : "Check In"}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      {entries.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle>In the draw ({entries.length})</CardTitle>
          </CardHeader>
          <CardContent>
            {data.session.lotterySeedHash ? (
              <p className="mb-2 break-all text-xs text-muted">
                The draw's seed is fixed: its fingerprint (SHA-256) is{" "}
                <code className="font-mono">{data.session.lotterySeedHash}</code>. The seed is published at
                the draw, so anyone can check it.
              </p>
            ) : null}
            <ul className="divide-y divide-slate-100" data-testid="entries">
              {entries.map((r) => (
                <li key={r.id} className="truncate py-2">
                  {r.name}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
      {/* Before the draw there is no waitlist: those who lose it become one. */}
      {drawPending && waitlist.length === 0 ? null : (
        <Card>
          <CardHeader>
            <CardTitle>Waitlist for a place ({waitlist.length})</CardTitle>
          </CardHeader>
          <CardContent>
            {waitlist.length === 0 ? <p className="text-sm text-muted">Nobody is on the waitlist.</p> : null}
            <ol className="divide-y divide-slate-100" data-testid="waitlist">
              {waitlist.map((r) => (
                <li key={r.id} className="flex items-center gap-3 py-2">
                  <span className="flex h-6 w-6 items-center justify-center rounded-full bg-slate-100 text-xs font-bold">
                    {r.waitlistPosition}
                  </span>
                  <span className="min-w-0 truncate">{r.name}</span>
                  <GuestOf registration={r} />
                  {/* Checked in while waiting: here, standing by, in at once when a place opens. */}
                  {r.checkedIn ? <Badge tone="ball">At the door</Badge> : null}
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
      )}
    </div>
  );
}

/** A member's guest is named with who brought them: the door knows who answers for them. */
function GuestOf({ registration }: { registration: Registration }) {
  if (!registration.guestOf) return null;
  return <span className="shrink-0 text-xs text-muted">guest of {registration.guestOf}</span>;
}
