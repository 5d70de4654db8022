import { Link } from "react-router";
import { toast } from "sonner";
import type { SessionDetails } from "../../../shared/contracts/sessions.js";
import { formatCents } from "../../../shared/domain/money.js";
import { hoursPhrase, openingTime } from "../../../shared/domain/session-time.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent } from "../../components/ui/card.js";
import { ConfirmButton } from "../../components/ui/confirm-dialog.js";
import { useCurrentPlan, useYourPrice } from "../memberships/api.js";
import { useCancelRegistration, useRegister } from "./api.js";

type Props = { orgId: string; data: SessionDetails };

/** Register, join the waitlist, pay for a held place, or cancel: the member's side. */
export function PlayerActions({ orgId, data }: Props) {
  const { session, mine } = data;
  const now = new Date();
  const running = session.status === "scheduled" || session.status === "active";
  const notYet =
    running && session.registrationOpensAt !== null && new Date(session.registrationOpensAt) > now;
  // The early window is open: members in good standing may come in, and members on a plan its
  // days ahead (the server decides who is).
  const plan = useCurrentPlan(orgId, notYet);
  const planOpensAt =
    notYet && plan ? Date.parse(session.registrationOpensAt!) - plan.earlyDays * 86_400_000 : null;
  const early =
    (notYet && session.earlyOpensAt !== null && new Date(session.earlyOpensAt) <= now) ||
    (planOpensAt !== null && planOpensAt <= now.getTime());
  const open = running && (!notYet || early);
  // A lottery takes entries until its time; after it, and until it is drawn (the job, or the
  // next request, draws it first), a request joins the list the draw leaves.
  const undrawn = session.lotteryDrawAt !== null && session.lotteryDrawnAt === null;
  const drawing = undrawn && new Date(session.lotteryDrawAt!) > now;
  const drawDue = undrawn && !drawing;
  const full = !undrawn && session.capacity !== null && session.registeredCount >= session.capacity;
  const at = (iso: string) => openingTime(iso, data.timeZone);
  const yourPrice = useYourPrice(orgId, session.paymentRequired ? session.paymentAmount : null);

  const register = useRegister(orgId, session.id, {
    onSuccess: ({ checkoutUrl }) => {
      if (checkoutUrl) window.location.assign(checkoutUrl);
    },
    success: ({ registration, checkoutUrl }) =>
      checkoutUrl
        ? undefined
        : registration.status === "entered"
          ? "You're in the draw"
          : registration.status === "waitlisted"
            ? "You're on the waitlist"
            : "You're registered",
  });

  const cancel = useCancelRegistration(orgId, session.id, {
    // A paid place says what happens to the money, in the toast as in the email; older
    // toasts (the payment's) would only cover it.
    onSuccess: () => toast.dismiss(),
    success: ({ refund }, registration) => ({
      title:
        registration.status === "entered"
          ? "You left the draw"
          : registration.status === "waitlisted"
            ? "You left the waitlist"
            : "Registration cancelled",
      description: refund?.message,
    }),
  });

  let status: string;
  if (!mine && early)
    status = `Early registration is open for members in good standing; for everyone it opens ${at(session.registrationOpensAt!)}.`;
  else if (!mine && notYet)
    status = `Registration opens ${at(session.earlyOpensAt ?? session.registrationOpensAt!)}${
      session.earlyOpensAt
        ? ` for members in good standing, ${at(session.registrationOpensAt!)} for everyone`
        : ""
    }.${
      drawing
        ? ` Places are drawn on ${at(session.lotteryDrawAt!)}: every entry before then counts the same.`
        : ""
    }`;
  else if (!mine && open && drawing)
    status = `Places are drawn on ${at(session.lotteryDrawAt!)}: every entry before then counts the same, and lost draws here count in your favour.`;
  else if (!mine && open && drawDue)
    status = "The places are being drawn: asking now puts you after everyone in the draw.";
  else if (!mine)
    status = open
      ? full
        ? "This session is full: join the waitlist and we'll email you if a place opens."
        : "Places are open."
      : "Registration is closed.";
  else if (mine.status === "entered")
    status = drawDue
      ? "You're in the draw, and the places are being drawn: we'll email you the result."
      : `You're in the draw. Places are drawn on ${at(session.lotteryDrawAt!)}; we'll email you the result.`;
  else if (mine.status === "registered" && session.status === "completed")
    status = mine.checkedIn ? "You played in this session." : "You were registered, and not checked in.";
  else if (mine.status === "registered" && mine.checkedIn && session.status === "active")
    status = "You're checked in: your place in line and your court are on the court board.";
  else if (mine.status === "registered")
    status = mine.checkedIn ? "You're registered and checked in." : "You're registered.";
  else if (mine.status === "pending_payment") status = "Your place is held until you pay.";
  else status = `You're number ${mine.waitlistPosition} on the waitlist.`;

  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-6 sm:flex-row sm:items-center sm:justify-between">
        <p className="font-medium" data-testid="my-status">
          {status}
        </p>
        <div className="flex flex-wrap gap-2">
          {/* Tonight, checked in: what a player opening the session wants is the board. */}
          {session.status === "active" && mine?.status === "registered" && mine.checkedIn ? (
            <Button asChild>
              <Link to="/board">Open Court Board</Link>
            </Button>
          ) : null}
          {!mine && open ? (
            <Button onClick={() => register.run()} disabled={register.busy}>
              {register.busy
                ? "Working..."
                : drawing
                  ? "Enter the Draw"
                  : drawDue
                    ? "Ask for a Place"
                    : full
                      ? "Join Waitlist"
                      : yourPrice !== null
                        ? `Register and Pay ${formatCents(yourPrice)}`
                        : "Register"}
            </Button>
          ) : null}
          {mine?.status === "pending_payment" ? (
            <Button onClick={() => register.run()} disabled={register.busy}>
              Complete Payment
            </Button>
          ) : null}
          {mine && running ? (
            <ConfirmButton
              trigger={
                <Button variant="secondary">
                  {mine.status === "entered"
                    ? "Leave the Draw"
                    : mine.status === "waitlisted"
                      ? "Leave Waitlist"
                      : "Cancel Registration"}
                </Button>
              }
              title={mine.status === "entered" ? "Leave the draw?" : "Cancel your registration?"}
              description={
                mine.status === "entered"
                  ? "You can enter again until the places are drawn."
                  : cancelDescription(data, new Date())
              }
              confirmLabel={mine.status === "entered" ? "Leave the Draw" : "Cancel Registration"}
              dismissLabel={mine.status === "entered" ? "Stay In" : "Keep My Place"}
              onConfirm={() => cancel.run(mine)}
            />
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

/** What cancelling will do, money included, before the person confirms. */
function cancelDescription({ session, mine }: SessionDetails, now: Date): string {
  const cutoffPassed =
    now.getTime() > new Date(session.startsAt).getTime() - session.refundCutoffHours * 3_600_000;
  // Past the cut-off, giving up a place held since before it counts half a missed place (the
  // server knows when the place was given; this says what may happen).
  const place = `Your place goes to the first person on the waitlist.${
    cutoffPassed && mine?.status === "registered"
      ? " This close to the start it may count as half a missed place."
      : ""
  }`;
  if (mine?.status !== "registered" || !session.paymentRequired || session.paymentAmount === null)
    return place;
  const amount = formatCents(session.paymentAmount);
  const cutoff = new Date(session.startsAt).getTime() - session.refundCutoffHours * 3_600_000;
  return now.getTime() <= cutoff
    ? `${place} Your ${amount} will be refunded to your card.`
    : `${place} It is less than ${hoursPhrase(session.refundCutoffHours)} before the start, so your ${amount} is not refunded.`;
}
