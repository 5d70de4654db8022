import { ArrowLeft, Download } from "lucide-react";
import { Link, useParams } from "react-router";
import {
  paymentLabels,
  placeLabels,
  type RecordAttendee,
  type RecordGame,
  type SessionRecord,
} from "../../../shared/contracts/session-record.js";
import { can } from "../../../shared/domain/capabilities.js";
import { formatCents } from "../../../shared/domain/money.js";
import { shortTime } from "../../../shared/domain/session-time.js";
import { NoClub } from "../../app/no-club.js";
import { useOrganization } from "../../app/organization-provider.js";
import { FairnessReportView } from "../../components/fairness-report.js";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.js";
import { PageLoading } from "../../components/ui/spinner.js";
import { recordCsvUrl, useSessionRecord } from "./api.js";
import { SessionFacts } from "./session-facts.js";

/** /sessions/:id/record: the night as it stood at the end, for those who run sessions. */
export function SessionRecordPage() {
  const { sessionId = "" } = useParams();
  const { current } = useOrganization();
  if (!current) return <NoClub />;
  if (!can(current.role, "sessions.manage")) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Only organizers see a session's record</h1>
        <Link to={`/sessions/${sessionId}`} className="mt-4 inline-block text-brand-700 underline">
          Back to the session
        </Link>
      </div>
    );
  }
  return <Record orgId={current.id} sessionId={sessionId} />;
}

function Record({ orgId, sessionId }: { orgId: string; sessionId: string }) {
  const record = useSessionRecord(orgId, sessionId);
  if (record.isPending) return <PageLoading />;
  if (record.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Session not found</h1>
        <Link to="/sessions?view=past" className="mt-4 inline-block text-brand-700 underline">
          Back to past sessions
        </Link>
      </div>
    );
  }
  const data = record.data;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <Link
        to="/sessions?view=past"
        className="flex min-h-11 items-center gap-1 text-sm text-muted hover:text-ink"
      >
        <ArrowLeft className="h-4 w-4" /> Past sessions
      </Link>
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div>
              <p className="text-sm font-semibold text-muted">The night's record</p>
              <CardTitle className="text-2xl">{data.session.name}</CardTitle>
            </div>
            <Button asChild size="touch" variant="secondary">
              <a href={recordCsvUrl(orgId, sessionId)} download>
                <Download className="h-4 w-4" /> Download CSV
              </a>
            </Button>
          </div>
        </CardHeader>
        <CardContent className="flex flex-col gap-4 text-sm">
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            <SessionFacts session={data.session} timeZone={data.timeZone} />
          </div>
          <Totals record={data} />
        </CardContent>
      </Card>
      <Attendance
        attendees={data.attendees}
        timeZone={data.timeZone}
        played={data.session.status === "completed"}
      />
      <Games games={data.games} timeZone={data.timeZone} />
      <Card>
        <CardHeader>
          <CardTitle>Fairness report</CardTitle>
        </CardHeader>
        <CardContent>
          <FairnessReportView report={data.fairness} />
        </CardContent>
      </Card>
    </div>
  );
}

function Totals({ record }: { record: SessionRecord }) {
  const { totals } = record;
  const tiles = [
    ["Checked in", String(totals.checkedIn)],
    ["Games", String(totals.games)],
    ["Collected", formatCents(totals.collected)],
    ["Refunded", formatCents(totals.refunded)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="record-totals">
      {tiles.map(([label, value]) => (
        <div key={label} className="rounded-xl bg-brand-50 px-3 py-2">
          <dt className="text-xs font-semibold text-muted">{label}</dt>
          <dd className="text-xl font-bold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** "Paid $10.00", "Refund owed $10.00", "Not paid"; both amounts when a paid place also got some back. */
function moneyLine(money: NonNullable<RecordAttendee["payment"]>): string {
  const label = paymentLabels[money.status];
  if (money.status === "paid")
    return money.refunded > 0
      ? `${label} ${formatCents(money.paid)}, ${formatCents(money.refunded)} refunded`
      : `${label} ${formatCents(money.paid)}`;
  if (money.status === "refunded" || money.status === "refund_pending")
    return `${label} ${formatCents(money.refunded)}`;
  return label;
}

function attendeeLine(a: RecordAttendee, timeZone: string): string {
  const parts = [
    a.checkedInAt ? `Checked in ${shortTime(a.checkedInAt, timeZone)}` : placeLabels[a.status],
    `${a.gamesPlayed} ${a.gamesPlayed === 1 ? "game" : "games"}`,
  ];
  if (a.payment) parts.push(moneyLine(a.payment));
  return parts.join(" · ");
}

function Attendance({
  attendees,
  timeZone,
  played,
}: {
  attendees: RecordAttendee[];
  timeZone: string;
  /** Only a session that was played has no-shows: a cancelled one's players were told to stay home. */
  played: boolean;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Attendance ({attendees.filter((a) => a.checkedInAt).length} checked in)</CardTitle>
      </CardHeader>
      <CardContent>
        {attendees.length === 0 ? (
          <p className="text-sm text-muted">No one was on this session's list.</p>
        ) : (
          <ul className="grid gap-x-6 sm:grid-cols-2" data-testid="record-attendance">
            {attendees.map((a) => (
              <li key={a.registrationId} className="flex flex-col gap-0.5 border-b border-slate-100 py-2">
                <span className="flex flex-wrap items-center gap-2 font-semibold">
                  {a.name}
                  {a.guest ? <Badge tone="info">Walk-in</Badge> : null}
                  {played && !a.checkedInAt && a.status === "registered" ? (
                    <Badge tone="ball">No-show</Badge>
                  ) : null}
                </span>
                <span className="text-sm text-muted">{attendeeLine(a, timeZone)}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function Games({ games, timeZone }: { games: RecordGame[]; timeZone: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Games ({games.length})</CardTitle>
      </CardHeader>
      <CardContent>
        {games.length === 0 ? (
          <p className="text-sm text-muted">No game was recorded.</p>
        ) : (
          <ol className="divide-y divide-slate-100" data-testid="record-games">
            {games.map((game) => {
              const [won, lost, wonPoints, lostPoints] =
                game.winner === "B"
                  ? [game.teamB, game.teamA, game.scoreB, game.scoreA]
                  : [game.teamA, game.teamB, game.scoreA, game.scoreB];
              return (
                <li key={game.id} className="flex flex-col gap-0.5 py-2 text-sm">
                  <span className="text-xs font-semibold text-muted">
                    {game.courtName} · {shortTime(game.startedAt, timeZone)}
                  </span>
                  <span>
                    <strong>{won.join(" & ")}</strong> beat {lost.join(" & ")}
                    {wonPoints !== null && lostPoints !== null ? ` ${wonPoints}-${lostPoints}` : ""}
                  </span>
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
