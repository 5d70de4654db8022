import { useQuery } from "@tanstack/react-query";
import { CalendarDays, LayoutGrid, TrendingUp, Trophy, UserPlus } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { joiningNowText } from "../../../shared/contracts/board.js";
import { dashboardEndpoints } from "../../../shared/contracts/board-endpoints.js";
import type { DashboardView } from "../../../shared/contracts/dashboard.js";
import { formatCents } from "../../../shared/domain/money.js";
import {
  isHappeningNow,
  longDate,
  shortOpeningTime,
  shortTime,
} from "../../../shared/domain/session-time.js";
import { teamsListed } from "../../../shared/domain/team-rules.js";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.js";
import { call } from "../../lib/api.js";
import { useClubBoard } from "../../lib/board-read.js";
import { cn } from "../../lib/cn.js";
import { formatDate } from "../../lib/format.js";
import { calledAtOf, myPlaceText } from "../board/my-place-text.js";

function Panel({
  icon,
  title,
  children,
  action,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card className="flex min-w-0 flex-col">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2 text-lg">
          <span className="text-brand-700">{icon}</span> {title}
        </CardTitle>
        {action}
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3 text-sm">{children}</CardContent>
    </Card>
  );
}

const empty = (text: string) => <p className="text-muted">{text}</p>;

function placesText(session: DashboardView["upcoming"][number], timeZone: string): string {
  const at = (iso: string) => shortOpeningTime(iso, timeZone);
  // Before its window or its draw, places left says nothing yet.
  if (session.opensAt) return `Registration opens ${at(session.opensAt)}`;
  if (session.drawAt) return `Lottery: places drawn ${at(session.drawAt)}`;
  if (session.placesLeft === null) return `${session.registeredCount} registered`;
  if (session.placesLeft === 0) return "Full: waitlist open";
  return session.placesLeft === 1 ? "1 place left" : `${session.placesLeft} places left`;
}

/** The club's own life, first on the dashboard: what is next, what is on court, what happened. */
export function ClubToday({ orgId, runsSessions }: { orgId: string; runsSessions: boolean }) {
  const view = useQuery({
    queryKey: ["dashboard", orgId],
    queryFn: () => call(dashboardEndpoints.dashboard, { params: { orgId } }),
    refetchInterval: 30_000,
  });
  // A player checked in tonight reads their place here too, where the app opens: the board's
  // own read, under its key, so the board then opens at once.
  const board = useClubBoard(orgId, Boolean(view.data?.live), 30_000);
  if (!view.data) return null;
  const { timeZone, upcoming, live, results, movers, pendingJoinRequests } = view.data;
  const me = live ? board.data?.me : undefined;
  const myPlace = me ? myPlaceText(me, Date.now(), calledAtOf(me, board.data?.courts ?? [])) : null;
  return (
    <section
      aria-label="Your club today"
      className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3"
      data-testid="club-today"
    >
      <Panel
        icon={<LayoutGrid className="h-5 w-5" />}
        title="On court now"
        action={live ? <Badge tone="brand">Live</Badge> : null}
      >
        {live ? (
          <>
            {myPlace ? (
              <p
                role="status"
                data-testid="dashboard-my-place"
                className={cn(
                  "rounded-xl px-3 py-2 text-base font-bold",
                  me?.state === "up-next"
                    ? "bg-ball text-ink"
                    : me?.state === "playing"
                      ? "bg-brand-700 text-white"
                      : "bg-brand-50 text-brand-900",
                )}
              >
                {myPlace}
              </p>
            ) : null}
            <p className="font-medium">{live.name}</p>
            <p>
              {[
                `${live.checkedIn} checked in`,
                `${live.courtsPlaying} of ${live.courtsTotal} courts playing`,
                `${live.waiting} waiting`,
                joiningNowText(live.joiningWait),
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
            <p className="text-muted">
              {live.checkedInNames.join(", ")}
              {live.checkedIn > live.checkedInNames.length ? ", ..." : ""}
            </p>
            <Button asChild size="sm" className="mt-auto w-fit">
              <Link to="/board">Open Court Board</Link>
            </Button>
          </>
        ) : (
          empty(
            // Starting one is the organizer's to do; a player only needs to know.
            runsSessions
              ? "No session is running. Start one from its page when players arrive."
              : "No session is running right now.",
          )
        )}
      </Panel>

      <Panel icon={<CalendarDays className="h-5 w-5" />} title="Next sessions">
        {upcoming.length === 0
          ? empty("Nothing scheduled yet.")
          : upcoming.map((session) => (
              <Link
                key={session.id}
                to={`/sessions/${session.id}`}
                className="flex flex-col rounded-lg p-2 hover:bg-slate-50"
              >
                <span className="flex items-center gap-2 font-medium">
                  {session.name}
                  {isHappeningNow({ status: "scheduled", ...session }) ? (
                    <Badge tone="ball">Now</Badge>
                  ) : null}
                </span>
                <span className="text-muted">
                  {longDate(session.startsAt, timeZone)}, {shortTime(session.startsAt, timeZone)}
                </span>
                <span>
                  {placesText(session, timeZone)}
                  {session.paymentAmount !== null ? ` · ${formatCents(session.paymentAmount)}` : ""}
                  {teamsListed(session.teams) === null ? "" : ` · ${teamsListed(session.teams)}`}
                </span>
              </Link>
            ))}
      </Panel>

      <Panel icon={<Trophy className="h-5 w-5" />} title="Latest results">
        {results.length === 0
          ? empty("No results yet: scores from the court board and logged matches show here.")
          : results.map((result) => (
              <p key={result.id}>
                <span className="font-medium">{result.winners.join(" & ")}</span> beat{" "}
                {result.losers.join(" & ")}{" "}
                <span className="whitespace-nowrap text-muted">
                  {result.score} · {formatDate(result.playedAt, timeZone)}
                </span>
              </p>
            ))}
      </Panel>

      <Panel icon={<TrendingUp className="h-5 w-5" />} title="Ladder movers">
        {movers.length === 0
          ? empty("Nobody has moved up yet.")
          : movers.map((mover) => (
              <Link
                key={mover.userId}
                to={`/players/${mover.userId}`}
                className="flex items-center justify-between gap-2 rounded-lg p-2 hover:bg-slate-50"
              >
                <span className="min-w-0 font-medium">{mover.name}</span>
                <span className="shrink-0">
                  {mover.rating} <span className="font-semibold text-brand-700">+{mover.change}</span>
                </span>
              </Link>
            ))}
      </Panel>

      {pendingJoinRequests !== null ? (
        <Panel icon={<UserPlus className="h-5 w-5" />} title="Join requests">
          {pendingJoinRequests === 0 ? (
            empty("No one is waiting for an answer.")
          ) : (
            <>
              <p>
                {pendingJoinRequests === 1
                  ? "1 person wants to join."
                  : `${pendingJoinRequests} people want to join.`}
              </p>
              <Button asChild size="sm" className="w-fit">
                <Link to="/members">Review requests</Link>
              </Button>
            </>
          )}
        </Panel>
      ) : null}
    </section>
  );
}
