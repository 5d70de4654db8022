import { ArrowLeft } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link, useParams } from "react-router";
import { PARTNER_MATCHES, type PlayerView } from "../../../shared/contracts/ladder.js";
import { useOrganization } from "../../app/organization-provider.js";
import { LoadMore } from "../../components/load-more.js";
import { Card, CardContent } from "../../components/ui/card.js";
import { PageLoading, Spinner } from "../../components/ui/spinner.js";
import { useMatchPages, usePlayer } from "./api.js";
import { MatchCard } from "./match-card.js";

const RatingChart = lazy(() => import("./rating-chart.js"));

/** A player's page: ratings, rating history, recent matches and the partners they win with. */
export function PlayerPage() {
  const { userId = "" } = useParams();
  const { current } = useOrganization();
  const player = usePlayer(current?.id ?? "", userId);
  if (!current || player.isPending) return <PageLoading />;
  if (!player.data)
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <p className="text-muted">This player is not in {current.name}.</p>
      </div>
    );
  const view = player.data;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <Link to="/ladder" className="inline-flex items-center gap-1 text-sm text-muted hover:text-ink">
        <ArrowLeft className="h-4 w-4" /> Ladder
      </Link>
      <h1 className="text-2xl font-bold break-words">{view.name}</h1>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <RatingCard label="Doubles" rating={view.ratings.doubles} />
        <RatingCard label="Singles" rating={view.ratings.singles} />
      </div>
      <Card>
        <CardContent className="pt-6">
          <h2 className="mb-3 font-semibold">Rating history</h2>
          {view.history.length === 0 ? (
            <p className="text-sm text-muted">No counted matches yet.</p>
          ) : (
            <Suspense fallback={<Spinner />}>
              <RatingChart history={view.history} timeZone={current.timeZone} />
            </Suspense>
          )}
        </CardContent>
      </Card>
      {view.partners.length > 0 ? (
        <Card>
          <CardContent className="pt-6">
            <div className="mb-3">
              <h2 className="font-semibold">Partners</h2>
              {(view.ratings.doubles?.games ?? 0) > PARTNER_MATCHES ? (
                <p className="text-sm text-muted">Over the last {PARTNER_MATCHES} doubles matches</p>
              ) : null}
            </div>
            <ul className="flex flex-col divide-y divide-slate-100 text-sm">
              {view.partners.map((p) => (
                <li key={p.userId} className="flex items-center justify-between gap-3 py-2">
                  <Link to={`/players/${p.userId}`} className="min-w-0 truncate font-medium hover:underline">
                    {p.name}
                  </Link>
                  <span className="shrink-0 tabular-nums text-muted">
                    {Math.round((100 * p.wins) / p.games)}% won · {p.games}{" "}
                    {p.games === 1 ? "match" : "matches"}
                  </span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
      <PlayerMatches orgId={current.id} timeZone={current.timeZone} view={view} />
    </div>
  );
}

/** Their latest matches from the page's read, then older ones a page at a time as they scroll. */
function PlayerMatches({ orgId, timeZone, view }: { orgId: string; timeZone: string; view: PlayerView }) {
  const [older, setOlder] = useState(false);
  const pages = useMatchPages(orgId, {
    player: view.userId,
    size: OLDER_PAGE,
    start: view.recentNext,
    enabled: older && view.recentNext !== null,
  });
  const loaded = pages.data?.pages.flatMap((page) => page.matches) ?? [];
  const more = older ? pages.hasNextPage : view.recentNext !== null;
  return (
    <section className="flex flex-col gap-3">
      <h2 className="font-semibold">Recent matches</h2>
      {view.recent.length === 0 ? (
        <p className="text-sm text-muted">
          {/* A night on the board with walk-ins leaves nothing here, and the player should know why. */}
          No matches yet. A game scored on the court board counts here when every player in it is a club
          member: a game with a guest or a walk-in does not.
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {[...view.recent, ...loaded].map((match) => (
            <MatchCard key={match.id} match={match} timeZone={timeZone} explainFor={view.userId} />
          ))}
        </ul>
      )}
      <LoadMore
        hasMore={more}
        loading={pages.isFetching}
        failed={pages.isError}
        onMore={() => (older ? void pages.fetchNextPage() : setOlder(true))}
        label="Show older matches"
      />
    </section>
  );
}

const OLDER_PAGE = 20;

function RatingCard({ label, rating }: { label: string; rating: PlayerView["ratings"]["doubles"] }) {
  return (
    <Card>
      <CardContent className="pt-6">
        <p className="text-xs text-muted">{label}</p>
        {rating ? (
          <>
            <p className="text-3xl font-bold tabular-nums">
              {rating.rating}
              {rating.provisional ? (
                <span className="ml-2 text-base font-normal text-muted">provisional</span>
              ) : null}
            </p>
            {/* In words: a bare "±189" beside a settled rating read as a typo. Not "between X and
                Y": the spread is the skill estimate's, around its own mean, not around the Elo. */}
            <p className="text-sm text-muted" data-testid="rating-range">
              Give or take {rating.plusMinus} points
            </p>
            <p className="text-sm text-muted">
              Rank {rating.rank} · {rating.wins} of {rating.games} won · streak{" "}
              {rating.streak > 0 ? `+${rating.streak}` : rating.streak}
            </p>
          </>
        ) : (
          <p className="mt-1 text-sm text-muted">Not rated yet</p>
        )}
      </CardContent>
    </Card>
  );
}
