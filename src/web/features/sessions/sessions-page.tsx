import { CalendarDays } from "lucide-react";
import { useCallback } from "react";
import { Link, useSearchParams } from "react-router";
import type { Session } from "../../../shared/contracts/sessions.js";
import { can } from "../../../shared/domain/capabilities.js";
import { messages } from "../../../shared/domain/messages.js";
import { formatCents } from "../../../shared/domain/money.js";
import { isHappeningNow } from "../../../shared/domain/session-time.js";
import { NoClub } from "../../app/no-club.js";
import { useOrganization } from "../../app/organization-provider.js";
import { LoadMore } from "../../components/load-more.js";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.js";
import { useUpcomingSessions } from "./api.js";
import { CalendarFeedButton } from "./calendar-feed-button.js";
import { CreateSessionDialog } from "./create-session-dialog.js";
import { PastSessions } from "./past-sessions.js";
import { SessionFacts } from "./session-facts.js";

/** Sessions: upcoming sessions in a grid, and the Create Session dialog; past ones under Past. */
export function SessionsPage() {
  const { current } = useOrganization();
  const [params] = useSearchParams();
  if (!current) return <NoClub />;
  const manager = can(current.role, "sessions.manage");
  const past = params.get("view") === "past";
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Sessions</h1>
          <p className="text-sm text-muted">
            {past
              ? // The month's CSV is the organizer's (a player sees no link to it).
                `What ${current.name} has played: each session's record${manager ? ", and the month's attendance as CSV" : ""}.`
              : `Open play, clinics and leagues at ${current.name}: on now and coming up.`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2" data-tour="create-session">
          {manager ? <CalendarFeedButton orgId={current.id} /> : null}
          {manager ? (
            <Button asChild variant="secondary">
              <Link to="/events/plan">Plan a Round Robin</Link>
            </Button>
          ) : null}
          {manager ? <CreateSessionDialog orgId={current.id} timeZone={current.timeZone} /> : null}
        </div>
      </div>
      <ViewTabs past={past} />
      {past ? (
        <PastSessions orgId={current.id} timeZone={current.timeZone} manager={manager} />
      ) : (
        <SessionGrid orgId={current.id} timeZone={current.timeZone} />
      )}
    </div>
  );
}

/** Upcoming or Past, as links: a record's Back returns to the tab it came from. */
function ViewTabs({ past }: { past: boolean }) {
  const tab = (label: string, to: string, selected: boolean) => (
    <Link
      to={to}
      aria-current={selected ? "page" : undefined}
      className={`flex min-h-11 items-center rounded-lg px-4 text-sm font-semibold ${
        selected ? "bg-white text-ink shadow-sm" : "text-muted hover:text-ink"
      }`}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label="Which sessions" className="mt-6 inline-flex gap-1 rounded-xl bg-slate-100 p-1">
      {tab("Upcoming", "/sessions", !past)}
      {tab("Past", "/sessions?view=past", past)}
    </nav>
  );
}

function SessionGrid({ orgId, timeZone }: { orgId: string; timeZone: string }) {
  const pages = useUpcomingSessions(orgId);
  const { fetchNextPage } = pages;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  if (pages.isPending) return <p className="py-12 text-center text-muted">{messages.sessions.loading}</p>;
  if (pages.isError) return <p className="py-12 text-center text-red-600">Failed to load sessions.</p>;
  const upcoming = pages.data.pages.flatMap((page) => page.sessions);
  if (upcoming.length === 0) {
    return (
      <div
        data-tour="session-grid"
        className="mt-8 flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-16 text-center"
      >
        <CalendarDays className="h-10 w-10 text-brand-600" />
        <p className="text-lg font-semibold">{messages.sessions.emptyTitle}</p>
        <p className="text-muted">{messages.sessions.emptyBody}</p>
      </div>
    );
  }
  return (
    <>
      <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {upcoming.map((session) => (
          <SessionCard key={session.id} session={session} timeZone={timeZone} />
        ))}
      </div>
      <LoadMore
        hasMore={pages.hasNextPage}
        loading={pages.isFetchingNextPage}
        failed={pages.isFetchNextPageError}
        onMore={loadMore}
        label="Show later sessions"
      />
    </>
  );
}

function SessionCard({ session, timeZone }: { session: Session; timeZone: string }) {
  return (
    <Card className="flex flex-col" data-testid="session-card">
      <CardHeader>
        <div className="flex items-start justify-between gap-2">
          <CardTitle>{session.name}</CardTitle>
          {/* A long name wraps; the badge keeps its one line. */}
          {session.status === "active" ? (
            <Badge tone="ball" className="shrink-0">
              Active
            </Badge>
          ) : isHappeningNow(session) ? (
            <Badge tone="ball" className="shrink-0">
              Now
            </Badge>
          ) : (
            <Badge tone="brand" className="shrink-0">
              Scheduled
            </Badge>
          )}
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-2 text-sm">
        <SessionFacts session={session} timeZone={timeZone} />
        {session.paymentRequired && session.paymentAmount !== null ? (
          <p className="font-semibold text-brand-800">{formatCents(session.paymentAmount)} per player</p>
        ) : (
          <p className="text-muted">Free</p>
        )}
        <Button asChild variant="secondary" className="mt-auto">
          <Link to={`/sessions/${session.id}`}>View Details</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
