import { Flame, Medal, Trophy } from "lucide-react";
import { useCallback, useState } from "react";
import { pathOf, queryOf } from "../../../shared/contracts/endpoint.js";
import type { LadderRow, MatchFormat } from "../../../shared/contracts/ladder.js";
import { ladderEndpoints } from "../../../shared/contracts/ladder-endpoints.js";
import { can } from "../../../shared/domain/capabilities.js";
import { messages } from "../../../shared/domain/messages.js";
import { useAuth } from "../../app/auth-provider.js";
import { useExamples } from "../../app/examples.js";
import { useOrganization } from "../../app/organization-provider.js";
import { LoadMore } from "../../components/load-more.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent } from "../../components/ui/card.js";
import { ConfirmButton } from "../../components/ui/confirm-dialog.js";
import { PageLoading } from "../../components/ui/spinner.js";
import { cn } from "../../lib/cn.js";
import type { PickedMember } from "../members/member-picker.js";
import {
  useAnswerMatch,
  useDecideMatch,
  useDeleteMatch,
  useLadder,
  useMatches,
  useMatchPages,
} from "./api.js";
import { LadderTable } from "./ladder-table.js";
import { LogMatchDialog } from "./log-match-dialog.js";
import { MatchCard } from "./match-card.js";
import { sampleLadder } from "./sample-ladder.js";

/** The ladder, from the club's counted matches; singles and doubles kept apart. */
export function LadderPage() {
  const { current } = useOrganization();
  const { me } = useAuth();
  const { showExamples, clearExamples } = useExamples();
  const [format, setFormat] = useState<MatchFormat>("doubles");
  const orgId = current?.id ?? "";
  const ladder = useLadder(orgId, format);
  const loadMore = useCallback(() => void ladder.fetchNextPage(), [ladder.fetchNextPage]);
  if (!current || !me || ladder.isPending) return <PageLoading />;
  const manager = can(current.role, "matches.manage");
  const first = ladder.data?.pages[0];
  const sample = showExamples && first?.hasMatches === false;
  const rows = sample ? sampleLadder : (ladder.data?.pages.flatMap((page) => page.rows) ?? []);
  const summary = sample ? summaryOf(sampleLadder) : first?.summary;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Ladder</h1>
          <p className="text-sm text-muted">Elo ratings from recorded games.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {/* Only where there is an example to clear: on a real ladder the button did nothing. */}
          {sample ? (
            <Button variant="secondary" onClick={clearExamples}>
              Clear Examples
            </Button>
          ) : null}
          <LogMatchDialog orgId={orgId} me={{ userId: me.user.id, name: me.user.name }} manager={manager} />
        </div>
      </div>
      <WaitingMatches orgId={orgId} timeZone={current.timeZone} manager={manager} />
      <div className="flex gap-1 self-start rounded-xl bg-slate-100 p-1" role="tablist" aria-label="Format">
        {(["doubles", "singles"] as const).map((f) => (
          <button
            key={f}
            type="button"
            role="tab"
            aria-selected={format === f}
            onClick={() => setFormat(f)}
            className={cn(
              // A thumb's height (44 px), as every tab players tap.
              "min-h-11 rounded-lg px-4 py-1.5 text-sm font-semibold",
              format === f ? "bg-white text-ink shadow-sm" : "text-muted hover:text-ink",
            )}
          >
            {f === "doubles" ? "Doubles" : "Singles"}
          </button>
        ))}
      </div>
      {rows.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-16 text-center text-muted">
          {messages.ladder.empty}
        </p>
      ) : (
        <>
          {summary ? <SummaryCards {...summary} /> : null}
          <Card data-tour="ladder-table">
            <CardContent className="px-3 pt-4 sm:px-6">
              {sample ? (
                <p className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">
                  Sample rankings
                </p>
              ) : null}
              <LadderTable rows={rows} linkPlayers={!sample} />
              {sample ? null : (
                <LoadMore
                  hasMore={ladder.hasNextPage}
                  loading={ladder.isFetchingNextPage}
                  failed={ladder.isFetchNextPageError}
                  onMore={loadMore}
                />
              )}
            </CardContent>
          </Card>
          {sample ? null : (
            <a
              className="self-start text-sm font-medium text-brand-700 hover:underline"
              href={pathOf(ladderEndpoints.matchesCsv, { orgId }) + queryOf({ format })}
              download
            >
              Download confirmed {format} matches (CSV)
            </a>
          )}
        </>
      )}
      {manager ? (
        <RecentMatches
          orgId={orgId}
          timeZone={current.timeZone}
          me={{ userId: me.user.id, name: me.user.name }}
        />
      ) : null}
    </div>
  );
}

/** Organizers see the latest matches, to correct or remove one. */
function RecentMatches({ orgId, timeZone, me }: { orgId: string; timeZone: string; me: PickedMember }) {
  const recent = useMatchPages(orgId, { size: RECENT_PAGE });
  const remove = useDeleteMatch(orgId, { success: "Match deleted" });
  const shown = recent.data?.pages.flatMap((page) => page.matches) ?? [];
  if (shown.length === 0) return null;
  return (
    <section className="flex flex-col gap-3">
      <h2 className="font-semibold">Recent matches</h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {shown.map((match) => (
          <MatchCard
            key={match.id}
            match={match}
            timeZone={timeZone}
            actions={
              <>
                <LogMatchDialog orgId={orgId} me={me} manager match={match} />
                <ConfirmButton
                  trigger={
                    <Button size="sm" variant="secondary">
                      Delete
                    </Button>
                  }
                  title="Delete this match?"
                  description="The ratings are replayed without it."
                  confirmLabel="Delete Match"
                  onConfirm={() => remove.run(match.id)}
                />
              </>
            }
          />
        ))}
      </ul>
      <LoadMore
        hasMore={recent.hasNextPage}
        loading={recent.isFetchingNextPage}
        failed={recent.isFetchNextPageError}
        onMore={() => void recent.fetchNextPage()}
        label="Show older matches"
      />
    </section>
  );
}

/** Recent matches a few at a time: each card is tall, and most corrections are to the latest. */
const RECENT_PAGE = 10;

type Summary = { top: LadderRow; longestStreak: LadderRow; busiest: LadderRow };

/** What the server says of a whole ladder, said of the sample's few rows. */
function summaryOf(rows: LadderRow[]): Summary {
  return {
    top: rows[0]!,
    longestStreak: rows.reduce((a, b) => (b.streak > a.streak ? b : a)),
    busiest: rows.reduce((a, b) => (b.games > a.games ? b : a)),
  };
}

function SummaryCards({ top, longestStreak: longest, busiest }: Summary) {
  return (
    // Three across on a phone too: stacked, the three cards filled the first screen and the
    // ranking began below it (a review, 2026-12-05).
    <div className="grid grid-cols-3 gap-2 sm:gap-4" data-tour="ladder-stats">
      <Summary icon={Trophy} label="Top Rated" name={top.name} value={`${top.rating}`} />
      <Summary
        icon={Flame}
        label="Longest Streak"
        name={longest.streak > 0 ? longest.name : "No winning streak yet"}
        value={longest.streak > 0 ? `+${longest.streak} ${longest.streak === 1 ? "win" : "wins"}` : ""}
      />
      <Summary
        icon={Medal}
        label="Most Active"
        name={busiest.name}
        value={`${busiest.games} ${busiest.games === 1 ? "game" : "games"}`}
      />
    </div>
  );
}

function Summary({
  icon: Icon,
  label,
  name,
  value,
}: {
  icon: typeof Trophy;
  label: string;
  name: string;
  value: string;
}) {
  return (
    <Card>
      <CardContent className="flex items-center gap-3 pt-6 max-sm:px-3 max-sm:pt-3 max-sm:pb-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700 max-sm:hidden">
          <Icon className="h-5 w-5" />
        </span>
        <div className="min-w-0">
          <p className="text-xs text-muted">{label}</p>
          {/* A third of a phone: the name wraps between words rather than lose its end. */}
          <p className="font-semibold leading-snug max-sm:text-sm sm:truncate">{name}</p>
          <p className="text-sm text-muted">{value}</p>
        </div>
      </CardContent>
    </Card>
  );
}

/** Matches that wait for this person (to confirm or dispute) or, for organizers, for a decision. */
function WaitingMatches({ orgId, timeZone, manager }: { orgId: string; timeZone: string; manager: boolean }) {
  const pending = useMatches(orgId, "pending");
  const disputed = useMatches(orgId, "disputed");
  const answer = useAnswerMatch(orgId, {
    success: (_, vars) => (vars.answer === "confirm" ? "Match confirmed" : "Match disputed"),
  });
  const decide = useDecideMatch(orgId, {
    success: (_, vars) => (vars.outcome === "count" ? "The match counts" : "The match was voided"),
  });
  const mine = (pending.data ?? []).filter((m) => m.canAnswer);
  const toDecide = manager ? (disputed.data ?? []) : [];
  if (mine.length === 0 && toDecide.length === 0) return null;
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-6">
        <h2 className="font-semibold">Waiting for you</h2>
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {mine.map((match) => (
            <MatchCard
              key={match.id}
              match={match}
              timeZone={timeZone}
              actions={
                <Choices
                  yes={["Confirm", () => answer.run({ matchId: match.id, answer: "confirm" })]}
                  no={["Dispute", () => answer.run({ matchId: match.id, answer: "dispute" })]}
                />
              }
            />
          ))}
          {toDecide.map((match) => (
            <MatchCard
              key={match.id}
              match={match}
              timeZone={timeZone}
              actions={
                <Choices
                  yes={["Count It", () => decide.run({ matchId: match.id, outcome: "count" })]}
                  no={["Void It", () => decide.run({ matchId: match.id, outcome: "void" })]}
                />
              }
            />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

type Choice = [label: string, act: () => void];

function Choices({ yes, no }: { yes: Choice; no: Choice }) {
  return (
    <>
      <Button size="sm" onClick={yes[1]}>
        {yes[0]}
      </Button>
      <Button size="sm" variant="secondary" onClick={no[1]}>
        {no[0]}
      </Button>
    </>
  );
}
