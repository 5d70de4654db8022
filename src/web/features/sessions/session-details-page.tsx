import { ArrowLeft, CalendarPlus } from "lucide-react";
import { useEffect } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { toast } from "sonner";
import type { SessionDetails } from "../../../shared/contracts/sessions.js";
import { can } from "../../../shared/domain/capabilities.js";
import { memberPriceLine } from "../../../shared/domain/member-price.js";
import { formatCents } from "../../../shared/domain/money.js";
import { hoursPhrase, isHappeningNow } from "../../../shared/domain/session-time.js";
import { NoClub } from "../../app/no-club.js";
import { useOrganization } from "../../app/organization-provider.js";
import { Badge } from "../../components/ui/badge.js";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.js";
import { PageLoading } from "../../components/ui/spinner.js";
import { SessionEvents } from "../events/session-events.js";
import { useYourPrice } from "../memberships/api.js";
import { useSessionDetails } from "./api.js";
import { DrawCard } from "./draw-card.js";
import { GuestsCard } from "./guests-card.js";
import { HouseholdPlaces } from "./household-places.js";
import { MyNightCard } from "./my-night-card.js";
import { OrganizerTools } from "./organizer-tools.js";
import { PlayerActions } from "./player-actions.js";
import { Roster } from "./roster.js";
import { SessionFacts } from "./session-facts.js";

const statusBadge = {
  scheduled: <Badge tone="brand">Scheduled</Badge>,
  active: <Badge tone="ball">Active</Badge>,
  completed: <Badge>Completed</Badge>,
  cancelled: <Badge tone="danger">Cancelled</Badge>,
};

/** /sessions/:id: the session, who is in and who waits, and what this person can do. */
export function SessionDetailsPage() {
  const { sessionId = "" } = useParams();
  const { current } = useOrganization();
  if (!current) return <NoClub />;
  return <Details orgId={current.id} sessionId={sessionId} manager={can(current.role, "sessions.manage")} />;
}

function Details({ orgId, sessionId, manager }: { orgId: string; sessionId: string; manager: boolean }) {
  const details = useSessionDetails(orgId, sessionId);
  usePaymentOutcomeToast();
  if (details.isPending) return <PageLoading />;
  if (details.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Session not found</h1>
        <Link to="/sessions" className="mt-4 inline-block text-brand-700 underline">
          Back to sessions
        </Link>
      </div>
    );
  }
  const data = details.data;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <Link to="/sessions" className="flex items-center gap-1 text-sm text-muted hover:text-ink">
        <ArrowLeft className="h-4 w-4" /> All sessions
      </Link>
      <Summary data={data} orgId={orgId} />
      {/* Once they have been on court: what they played, for the player on their phone. */}
      {data.mine?.checkedIn && (data.session.status === "active" || data.session.status === "completed") ? (
        <MyNightCard orgId={orgId} sessionId={sessionId} timeZone={data.timeZone} />
      ) : null}
      {/* The organizer comes here at the door: check-in first, a round robin's offer after it
          (above, it pushed walk-ins 900 px down and was one tap from ending open play). */}
      {manager ? <OrganizerTools orgId={orgId} data={data} /> : null}
      <SessionEvents orgId={orgId} data={data} manager={manager} />
      <PlayerActions orgId={orgId} data={data} />
      <HouseholdPlaces orgId={orgId} data={data} />
      <GuestsCard orgId={orgId} data={data} />
      <DrawCard orgId={orgId} data={data} />
      <Roster orgId={orgId} data={data} manager={manager} />
    </div>
  );
}

function Summary({ data, orgId }: { data: SessionDetails; orgId: string }) {
  const { session, timeZone } = data;
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle className="text-2xl">{session.name}</CardTitle>
          {/* As the sessions list says it: a night whose time has come, not yet started, is on now. */}
          {isHappeningNow(session) ? <Badge tone="ball">Now</Badge> : statusBadge[session.status]}
        </div>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm sm:grid-cols-2">
        <SessionFacts session={session} timeZone={timeZone} />
        <PriceLine orgId={orgId} session={session} />
        {session.paymentRequired ? (
          <p className="text-muted" data-testid="refund-policy">
            Full refund if you cancel at least {hoursPhrase(session.refundCutoffHours)} before the start.
          </p>
        ) : null}
        {session.skillMin !== null || session.skillMax !== null ? (
          <p>
            Skill {session.skillMin?.toFixed(1) ?? "any"} to {session.skillMax?.toFixed(1) ?? "any"}
          </p>
        ) : null}
        {/* Only ahead of the night: once it is on, or over, there is nothing to put in a calendar. */}
        {session.status === "scheduled" ? (
          <a
            href={`/api/orgs/${orgId}/sessions/${session.id}/calendar.ics`}
            className="flex items-center gap-2 text-brand-700 hover:underline"
            download
          >
            <CalendarPlus className="h-4 w-4" /> Add to calendar
          </a>
        ) : null}
        {session.description ? (
          <p className="whitespace-pre-line text-muted sm:col-span-2">{session.description}</p>
        ) : null}
      </CardContent>
    </Card>
  );
}

/**
 * The price, and for a member on a plan with a discount theirs beside it ("Member price $5,
 * non-members $10"). Only shown: the server decides what they pay as it takes the place.
 */
function PriceLine({ orgId, session }: { orgId: string; session: SessionDetails["session"] }) {
  const price = session.paymentRequired ? session.paymentAmount : null;
  const yours = useYourPrice(orgId, price);
  if (price === null) return <p className="font-semibold">Free</p>;
  return (
    <p className="font-semibold" data-testid="session-price">
      {memberPriceLine(price, yours ?? price) ?? `${formatCents(price)} per player`}
    </p>
  );
}

/** The sandbox (or Stripe) checkout returns here with ?payment=success, cancelled or (sandbox) refunded. */
function usePaymentOutcomeToast() {
  const [params, setParams] = useSearchParams();
  const outcome = params.get("payment");
  useEffect(() => {
    if (!outcome) return;
    if (outcome === "success")
      toast.success("Payment confirmed", { description: "You're registered. See you on court!" });
    if (outcome === "cancelled") toast("Payment cancelled", { description: "Your place was released." });
    if (outcome === "refunded")
      toast("Payment refunded", {
        description: "There was no place left for this payment, so it is refunded in full.",
      });
    setParams({}, { replace: true });
  }, [outcome, setParams]);
}
