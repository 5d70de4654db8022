import { Download, History } from "lucide-react";
import { useCallback } from "react";
import { Link } from "react-router";
import type { Session } from "../../../shared/contracts/sessions.js";
import { dateTimeFormat } from "../../../shared/domain/formatters.js";
import { LoadMore } from "../../components/load-more.js";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.js";
import { monthCsvUrl, usePastSessions } from "./api.js";
import { SessionFacts } from "./session-facts.js";

const pastBadge = (session: Session) =>
  session.status === "completed" ? (
    <Badge className="shrink-0">Completed</Badge>
  ) : session.status === "cancelled" ? (
    <Badge tone="danger" className="shrink-0">
      Cancelled
    </Badge>
  ) : (
    // Scheduled, and its end has passed without anyone starting it.
    <Badge tone="ball" className="shrink-0">
      Not started
    </Badge>
  );

type Month = { key: string; label: string; sessions: Session[] };

/** Sessions by the month they started in (club time), newest month first as the list comes. */
function byMonth(sessions: Session[], timeZone: string): Month[] {
  const months: Month[] = [];
  const parts = dateTimeFormat({ year: "numeric", month: "2-digit" }, timeZone);
  const label = dateTimeFormat({ year: "numeric", month: "long" }, timeZone);
  for (const session of sessions) {
    const start = new Date(session.startsAt);
    const p = Object.fromEntries(parts.formatToParts(start).map((part) => [part.type, part.value]));
    const key = `${p.year}-${p.month}`;
    const last = months.at(-1);
    if (last?.key === key) last.sessions.push(session);
    else months.push({ key, label: label.format(start), sessions: [session] });
  }
  return months;
}

/** The Past tab: each month's sessions, their records, and the month's attendance as CSV. */
export function PastSessions({
  orgId,
  timeZone,
  manager,
}: {
  orgId: string;
  timeZone: string;
  manager: boolean;
}) {
  const past = usePastSessions(orgId);
  const loadMore = useCallback(() => void past.fetchNextPage(), [past.fetchNextPage]);
  if (past.isPending) return <p className="py-12 text-center text-muted">Loading past sessions...</p>;
  if (past.isError) return <p className="py-12 text-center text-red-600">Failed to load past sessions.</p>;
  const sessions = past.data.pages.flatMap((page) => page.sessions);
  if (sessions.length === 0) {
    return (
      <div className="mt-8 flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-16 text-center">
        <History className="h-10 w-10 text-brand-600" />
        <p className="text-lg font-semibold">No past sessions yet</p>
        <p className="text-muted">When a session is completed, its record is kept here.</p>
      </div>
    );
  }
  return (
    <div className="mt-6 flex flex-col gap-8">
      {byMonth(sessions, timeZone).map((month) => (
        <section key={month.key} aria-label={month.label} className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-lg font-bold">{month.label}</h2>
            {manager ? (
              <Button asChild size="touch" variant="secondary">
                <a href={monthCsvUrl(orgId, month.key)} download>
                  <Download className="h-4 w-4" /> {month.label} CSV
                </a>
              </Button>
            ) : null}
          </div>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {month.sessions.map((session) => (
              <Card key={session.id} className="flex flex-col" data-testid="past-session-card">
                <CardHeader>
                  <div className="flex items-start justify-between gap-2">
                    <CardTitle>{session.name}</CardTitle>
                    {pastBadge(session)}
                  </div>
                </CardHeader>
                <CardContent className="flex flex-1 flex-col gap-2 text-sm">
                  <SessionFacts session={session} timeZone={timeZone} />
                  <Button asChild size="touch" variant="secondary" className="mt-auto">
                    <Link to={manager ? `/sessions/${session.id}/record` : `/sessions/${session.id}`}>
                      {manager ? "Open Record" : "View Details"}
                    </Link>
                  </Button>
                </CardContent>
              </Card>
            ))}
          </div>
        </section>
      ))}
      <LoadMore
        hasMore={past.hasNextPage}
        loading={past.isFetchingNextPage}
        failed={past.isFetchNextPageError}
        onMore={loadMore}
        label="Show earlier sessions"
      />
    </div>
  );
}
