import { Link } from "react-router";
import type { MatchView } from "../../../shared/contracts/ladder.js";
import { formatGames } from "../../../shared/rating/scores.js";
import { Badge } from "../../components/ui/badge.js";
import { cn } from "../../lib/cn.js";
import { formatDate } from "../../lib/format.js";

const statusText: Record<MatchView["status"], string> = {
  pending: "Waiting for confirmation",
  confirmed: "Counted",
  disputed: "Disputed",
  voided: "Voided",
};

function Side({
  players,
  won,
  deltas,
}: {
  players: MatchView["teamA"];
  won: boolean;
  deltas: MatchView["deltas"];
}) {
  return (
    <p className={cn("min-w-0 break-words", won && "font-semibold")}>
      {players.map((p, i) => (
        <span key={p.userId}>
          {i > 0 ? " & " : ""}
          <Link to={`/players/${p.userId}`} className="hover:underline">
            {p.name}
          </Link>
          {deltas[p.userId] !== undefined ? (
            <span
              className={cn(
                // "(-8)" never breaks at its minus sign.
                "ml-1 text-xs whitespace-nowrap tabular-nums",
                deltas[p.userId]! >= 0 ? "text-brand-700" : "text-red-600",
              )}
            >
              ({deltas[p.userId]! >= 0 ? "+" : ""}
              {deltas[p.userId]})
            </span>
          ) : null}
        </span>
      ))}
      {won ? <span className="ml-1 text-xs text-brand-700">won</span> : null}
    </p>
  );
}

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : "0");

/**
 * Why one player's rating moved: the chance their side was given, the result, and the change
 * in its parts (the result against that chance, the margin, and the extra a provisional rating
 * moves by). The parts add up to the change.
 */
function WhyItMoved({ match, userId }: { match: MatchView; userId: string }) {
  const why = match.why[userId];
  const change = match.deltas[userId];
  if (!why || change === undefined) return null;
  const won = (match.winner === "A" ? match.teamA : match.teamB).some((p) => p.userId === userId);
  const parts = [
    { label: "result vs. chance", value: why.surprise },
    { label: "margin", value: why.margin },
    { label: "certainty", value: why.certainty },
  ];
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2 text-xs" data-testid="why-it-moved">
      <p>
        Expected {why.expectedPercent}% to win · {won ? "Won" : "Lost"} ·{" "}
        <span className="font-semibold tabular-nums">{signed(change)}</span>
      </p>
      <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-muted">
        {parts.map((part) => (
          <span key={part.label} className="whitespace-nowrap">
            {part.label} <span className="tabular-nums text-ink">{signed(part.value)}</span>
          </span>
        ))}
      </p>
    </div>
  );
}

/**
 * One match: both sides, the games, its status, and whatever the viewer may do with it. On a
 * player's page, `explainFor` is that player: the card says why their rating moved.
 */
export function MatchCard({
  match,
  timeZone,
  actions,
  explainFor,
}: {
  match: MatchView;
  /** The club's: a night's game at 9 pm is dated that day, as Sessions does, on any phone. */
  timeZone: string;
  actions?: React.ReactNode;
  explainFor?: string;
}) {
  const status = match.counts ? "Counted" : statusText[match.status];
  return (
    <li
      className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-3 text-sm"
      data-testid="match"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted">
        <span>
          {formatDate(match.playedAt, timeZone)} · {match.format === "doubles" ? "Doubles" : "Singles"}
          {match.fromBoard ? " · court board" : ""}
          {match.eventName ? ` · ${match.eventName}` : ""}
        </span>
        <Badge tone={match.counts ? "brand" : match.status === "disputed" ? "danger" : "neutral"}>
          {status}
        </Badge>
      </div>
      <Side players={match.teamA} won={match.winner === "A"} deltas={match.deltas} />
      <p className="text-xs text-muted">vs</p>
      <Side players={match.teamB} won={match.winner === "B"} deltas={match.deltas} />
      {/* A court-board result may be a win recorded without points. */}
      {match.games.length > 0 ? (
        <p className="font-mono text-sm tabular-nums">{formatGames(match.games)}</p>
      ) : (
        <p className="text-sm text-muted">No points recorded</p>
      )}
      {explainFor ? <WhyItMoved match={match} userId={explainFor} /> : null}
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </li>
  );
}
