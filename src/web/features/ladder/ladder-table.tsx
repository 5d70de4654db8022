import { Link } from "react-router";
import type { LadderRow } from "../../../shared/contracts/ladder.js";
import { streakTone } from "../../../shared/rating/standings.js";
import { cn } from "../../lib/cn.js";

const medal = ["bg-yellow-400 text-ink", "bg-slate-300 text-ink", "bg-amber-600 text-white"];
const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);

/**
 * A column's heading: on a phone a short form people read at a glance (screen readers still
 * hear the whole word), so six columns fit 390 px at a readable 12 px.
 */
function Heading({ full, short, className }: { full: string; short: string; className?: string }) {
  return (
    <th className={className}>
      <span aria-hidden="true" className="sm:hidden">
        {short}
      </span>
      <span className="max-sm:sr-only">{full}</span>
    </th>
  );
}

const PROVISIONAL = "Provisional: too few matches yet for the rating to be sure.";

/**
 * The ladder's columns: Rank, Player, Rating, Change, Streak, Games. Six narrow columns fit a
 * 390 px phone; long names are cut with an ellipsis and shown whole on hover.
 */
export function LadderTable({ rows, linkPlayers }: { rows: LadderRow[]; linkPlayers: boolean }) {
  return (
    <>
      <table className="w-full table-fixed text-left text-sm" data-testid="ladder-table">
        <colgroup>
          <col className="w-9 sm:w-16" />
          <col />
          <col className="w-12 sm:w-20" />
          <col className="w-12 sm:w-20" />
          <col className="w-12 sm:w-20" />
          <col className="w-11 sm:w-20" />
        </colgroup>
        <thead className="text-xs text-muted uppercase">
          <tr>
            <Heading full="Rank" short="#" className="py-2" />
            <th>Player</th>
            <Heading full="Rating" short="Elo" className="text-right" />
            <Heading full="Change" short="+/-" className="text-right" />
            <Heading full="Streak" short="Str" className="text-right" />
            <Heading full="Games" short="GP" className="text-right" />
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const tone = streakTone(row.streak);
            return (
              <tr key={row.userId} className="border-t border-slate-100">
                <td className="py-3">
                  <span
                    className={cn(
                      "inline-flex h-6 w-6 items-center justify-center rounded-full text-xs font-bold sm:h-7 sm:w-7",
                      medal[row.rank - 1] ?? "bg-slate-100",
                    )}
                  >
                    {row.rank}
                  </span>
                </td>
                <td className="truncate pr-2 font-medium" title={row.name}>
                  {linkPlayers ? (
                    <Link to={`/players/${row.userId}`} className="hover:text-brand-700 hover:underline">
                      {row.name}
                    </Link>
                  ) : (
                    row.name
                  )}
                </td>
                <td className="text-right tabular-nums">
                  {row.rating}
                  {/* A "?" after a rating, as chess sites write it: too few matches to be sure. */}
                  {row.provisional ? (
                    <abbr title={PROVISIONAL} className="text-muted no-underline" data-testid="provisional">
                      ?
                    </abbr>
                  ) : null}
                </td>
                <td
                  className={cn(
                    "text-right tabular-nums",
                    row.change >= 0 ? "text-brand-700" : "text-red-600",
                  )}
                >
                  {signed(row.change)}
                </td>
                <td
                  data-tone={tone}
                  className={cn(
                    "text-right tabular-nums",
                    tone === "positive" && "font-bold text-brand-700",
                    tone === "negative" && "font-bold text-red-600",
                  )}
                >
                  {signed(row.streak)}
                </td>
                <td className="text-right tabular-nums">{row.games}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {rows.some((row) => row.provisional) ? (
        <p className="mt-2 text-xs text-muted">? {PROVISIONAL}</p>
      ) : null}
    </>
  );
}
