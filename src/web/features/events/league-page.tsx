// /sessions/:id/league: a league's season, the same from any of its weeks: your place on its
// roster, the coming week's players and substitutes, the season's standings with the weeks each
// player (or team) came, a box ladder's boxes as the latest week left them, the roster, and the
// weeks (each to its event once started).
import { ArrowLeft } from "lucide-react";
import { Link, useParams } from "react-router";
import type { LeagueView } from "../../../shared/contracts/events.js";
import { useAuth } from "../../app/auth-provider.js";
import { NoClub } from "../../app/no-club.js";
import { useOrganization } from "../../app/organization-provider.js";
import { Badge } from "../../components/ui/badge.js";
import { PageLoading } from "../../components/ui/spinner.js";
import { formatDate } from "../../lib/format.js";
import { useLeague } from "./event-api.js";
import { StandingsGrid } from "./event-tables.js";
import { formatName } from "./event-words.js";
import { ComingWeek, RosterList, YourPlace } from "./league-roster.js";

export function LeaguePage() {
  const { sessionId = "" } = useParams();
  const { current } = useOrganization();
  if (!current) return <NoClub />;
  return <LeagueScreen orgId={current.id} sessionId={sessionId} timeZone={current.timeZone} />;
}

const weekState = (week: LeagueView["weeks"][number]) =>
  week.status === "cancelled" ? (
    <Badge tone="danger">Cancelled</Badge>
  ) : week.phase === "finished" || (week.phase && week.status === "completed") ? (
    <Badge>Played</Badge>
  ) : week.phase ? (
    <Badge tone="ball">On now</Badge>
  ) : (
    <Badge tone="brand">To play</Badge>
  );

function LeagueScreen({
  orgId,
  sessionId,
  timeZone,
}: {
  orgId: string;
  sessionId: string;
  timeZone: string;
}) {
  const league = useLeague(orgId, sessionId);
  const { me } = useAuth();
  if (league.isPending) return <PageLoading />;
  const back = (
    <Link to={`/sessions/${sessionId}`} className="flex items-center gap-1 text-sm text-muted hover:text-ink">
      <ArrowLeft className="h-4 w-4" /> The session
    </Link>
  );
  if (league.isError || !league.data)
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-8">
        {back}
        <h1 className="text-2xl font-bold">This session's series is not a league</h1>
      </div>
    );
  const view = league.data;
  const { league: settings } = view;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      {back}
      <header>
        <p className="text-sm font-semibold text-brand-700">
          {formatName[settings.format]} league · {view.weeks.length} weeks
        </p>
        <h1 className="text-2xl font-bold">{settings.name}</h1>
      </header>
      {me ? <YourPlace orgId={orgId} sessionId={sessionId} view={view} userId={me.user.id} /> : null}
      <ComingWeek orgId={orgId} view={view} timeZone={timeZone} />
      <section aria-labelledby="season-title" className="flex flex-col gap-2">
        <h2 id="season-title" className="text-lg font-bold">
          Season standings
        </h2>
        {view.standings.length === 0 ? (
          <p className="text-sm text-muted">No week played yet.</p>
        ) : (
          <StandingsGrid
            rows={view.standings}
            testId="season-standings"
            season
            who={settings.format === "teams" && view.roster.teams.length > 0 ? "Team" : "Player"}
          />
        )}
        <p className="text-xs text-muted">
          Games won over the season, then point difference, then head to head, then points scored.
        </p>
      </section>
      {view.boxes ? (
        <section aria-labelledby="boxes-title" className="flex flex-col gap-2">
          <h2 id="boxes-title" className="text-lg font-bold">
            The boxes after the latest week
          </h2>
          <p className="text-sm text-muted">
            Next week the top {settings.boxMoves} of each box move up and the bottom {settings.boxMoves} move
            down.
          </p>
          <ol className="grid grid-cols-1 gap-3 sm:grid-cols-3" data-testid="league-boxes">
            {view.boxes.map((box, b) => (
              <li key={box.join("|")} className="rounded-xl border border-slate-200 bg-white p-3 text-sm">
                <p className="font-bold">Box {b + 1}</p>
                <ol className="list-decimal pl-5">
                  {box.map((name) => (
                    <li key={name}>{name}</li>
                  ))}
                </ol>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <RosterList orgId={orgId} sessionId={sessionId} view={view} />
      <section aria-labelledby="weeks-title" className="flex flex-col gap-2">
        <h2 id="weeks-title" className="text-lg font-bold">
          Weeks
        </h2>
        <ol className="flex flex-col divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {view.weeks.map((week, i) => (
            <li key={week.sessionId} className="flex items-center justify-between gap-3 px-4 py-3 text-sm">
              <Link
                to={week.phase ? `/sessions/${week.sessionId}/event` : `/sessions/${week.sessionId}`}
                className="font-medium text-brand-700 hover:underline"
              >
                Week {i + 1} · {formatDate(week.startsAt, timeZone)}
              </Link>
              {weekState(week)}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
