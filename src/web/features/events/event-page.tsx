// /sessions/:id/event: the event on a phone. A player sees their game first (court, partner,
// opponents) and scores or confirms it there; everyone sees the round on now, the standings
// with their tie-breaks, the playoff bracket and the whole plan; an organizer moves the event
// on. Read again every few seconds while it runs (event-api.ts).
import { ArrowLeft, Printer } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import type { EventGame, EventView } from "../../../shared/contracts/events.js";
import { NoClub } from "../../app/no-club.js";
import { useOrganization } from "../../app/organization-provider.js";
import { Button } from "../../components/ui/button.js";
import { PageLoading } from "../../components/ui/spinner.js";
import { Countdown } from "./countdown.js";
import { useEvent } from "./event-api.js";
import { EventGameCard } from "./event-game-card.js";
import { EventOrganizerBar } from "./event-organizer-bar.js";
import { EventScoreSheet } from "./event-score-sheet.js";
import { Bracket, EventPlan, StandingsTable } from "./event-tables.js";
import { champions, endingName, formatName, gamesNow, stageTitle } from "./event-words.js";

export function EventPage() {
  const { sessionId = "" } = useParams();
  const { current } = useOrganization();
  if (!current) return <NoClub />;
  return <EventScreen orgId={current.id} sessionId={sessionId} />;
}

function EventScreen({ orgId, sessionId }: { orgId: string; sessionId: string }) {
  const event = useEvent(orgId, sessionId);
  const [scoring, setScoring] = useState<EventGame | null>(null);
  // Arriving from the session's form, far down its page: the event starts at its top. (A block:
  // newer Chromium's scrollTo answers a promise, which React would take for a cleanup.)
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  if (event.isPending) return <PageLoading />;
  const back = (
    <Link
      to={`/sessions/${sessionId}`}
      className="flex items-center gap-1 text-sm text-muted hover:text-ink print:hidden"
    >
      <ArrowLeft className="h-4 w-4" /> The session
    </Link>
  );
  if (event.isError || !event.data)
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-8">
        {back}
        <h1 className="text-2xl font-bold">
          {event.isError ? "The event could not be loaded" : "This session is not run as an event"}
        </h1>
        {event.isError ? <p className="text-muted">Check your connection and reload the page.</p> : null}
      </div>
    );
  const view = event.data;
  const now = gamesNow(view);
  const mine = view.games.find((g) => g.id === view.me.nextGameId) ?? null;
  const others = now.filter((g) => g.id !== mine?.id);
  const card = (game: EventGame, highlight = false) => (
    <EventGameCard
      key={game.id}
      orgId={orgId}
      sessionId={sessionId}
      game={game}
      highlight={highlight}
      onScore={setScoring}
      format={view.event.format}
    />
  );
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 print:max-w-none print:p-0">
      {back}
      <Heading view={view} />
      {mine ? (
        <section aria-labelledby="my-game-title" className="flex flex-col gap-2 print:hidden">
          <h2 id="my-game-title" className="text-lg font-bold">
            {mine.stage === "round" && mine.round > view.event.round
              ? `Your next game: round ${mine.round}`
              : "Your game"}
          </h2>
          <ul>{card(mine, true)}</ul>
        </section>
      ) : null}
      {view.canManage ? <EventOrganizerBar orgId={orgId} view={view} /> : null}
      {others.length > 0 ? (
        <section aria-labelledby="now-title" className="flex flex-col gap-2 print:hidden">
          <h2 id="now-title" className="text-lg font-bold">
            {mine ? "The other courts" : "On court now"}
          </h2>
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">{others.map((g) => card(g))}</ul>
        </section>
      ) : null}
      <div className="print:hidden">
        <Bracket view={view} />
      </div>
      <div className="print:hidden">
        <StandingsTable view={view} />
      </div>
      <div className="flex justify-end print:hidden">
        <Button variant="secondary" onClick={() => window.print()}>
          <Printer className="h-4 w-4" /> Print the Plan
        </Button>
      </div>
      <EventPlan view={view} />
      {scoring ? (
        <EventScoreSheet
          orgId={orgId}
          sessionId={sessionId}
          game={scoring}
          playTo={view.event.playTo}
          onClose={() => setScoring(null)}
        />
      ) : null}
    </div>
  );
}

function Heading({ view }: { view: EventView }) {
  const { event } = view;
  return (
    <header className="flex flex-col gap-1 print:hidden">
      <p className="text-sm font-semibold text-brand-700">
        {formatName[event.format]} · {endingName(event)} · {view.entrants.length} players
      </p>
      <h1 className="text-2xl font-bold">{event.sessionName}</h1>
      {view.league ? (
        <Link to={`/sessions/${event.sessionId}/league`} className="text-sm text-brand-700 hover:underline">
          {view.league.name} · week {view.league.week} of {view.league.weeks} · season standings
        </Link>
      ) : null}
      <p className="flex flex-wrap items-baseline gap-x-3 text-lg font-semibold" data-testid="event-stage">
        {stageTitle(view)}
        {event.roundEndsAt ? <Countdown endsAt={event.roundEndsAt} /> : null}
      </p>
      {champions(view) ? (
        <p className="text-lg font-bold text-brand-700" data-testid="champions">
          Champions: {champions(view)}
        </p>
      ) : null}
    </header>
  );
}
