// The event's tables: the standings with their tie-breaks said, the playoff bracket, and the
// whole plan round by round (on screen, and as one printed page).
import type { EventGame, EventView } from "../../../shared/contracts/events.js";
import type { EventRound } from "../../../shared/events/americano.js";
import { roundNames } from "../../../shared/events/bracket.js";
import { Badge } from "../../components/ui/badge.js";
import { gameLabel, teamName } from "./event-words.js";
import { PrintedPlan } from "./round-robin-planner.js";

export function StandingsTable({ view }: { view: EventView }) {
  return (
    <section aria-labelledby="standings-title" className="flex flex-col gap-2">
      <h2 id="standings-title" className="text-lg font-bold">
        Standings
      </h2>
      {view.boxes ? (
        view.boxes.map(({ box, standings }) => (
          <div key={box} className="flex flex-col gap-1">
            <h3 className="text-sm font-semibold text-muted">Box {box}</h3>
            <StandingsGrid rows={standings} me={view.me.entrantId} testId={`box-${box}`} />
          </div>
        ))
      ) : (
        <StandingsGrid
          rows={view.standings}
          me={view.me.entrantId}
          testId="standings"
          who={view.event.format === "teams" ? "Team" : "Player"}
        />
      )}
      <p className="text-xs text-muted">Ties are broken by {view.tieBreaks.join(", then ")}.</p>
    </section>
  );
}

/** A standings row: a night's (games played) or a season's (weeks come, games won of played). */
type TableRow = {
  id?: string;
  place: number;
  name: string;
  played: number;
  won: number;
  difference: number;
  weeks?: number;
  /** On a league's substitutes' list. */
  substitute?: boolean;
};

/** One standings table for a night and for a season: the season's adds the weeks each came. */
export function StandingsGrid({
  rows,
  me = null,
  testId,
  season = false,
  who = "Player",
}: {
  rows: TableRow[];
  me?: string | null;
  testId: string;
  season?: boolean;
  /** Whose standings: a player's, or in a league of fixed teams a team's. */
  who?: "Player" | "Team";
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-sm" data-testid={testId}>
        <thead className="bg-slate-50 text-left text-xs tracking-wide text-muted uppercase">
          <tr>
            <th className="px-3 py-2">#</th>
            <th className="px-3 py-2">{who}</th>
            <th className="px-2 py-2 text-right" title={season ? "Weeks played" : "Games played"}>
              {season ? "Wks" : "P"}
            </th>
            <th className="px-2 py-2 text-right" title="Games won">
              W
            </th>
            <th className="px-3 py-2 text-right whitespace-nowrap" title="Point difference">
              +/-
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.id ?? `${row.place}-${row.name}`}
              className={
                row.id !== undefined && row.id === me
                  ? "bg-brand-50 font-semibold"
                  : "border-t border-slate-100"
              }
            >
              <td className="px-3 py-2 tabular-nums">{row.place}</td>
              <td className="px-3 py-2">
                {row.name}
                {row.substitute ? (
                  <Badge className="ml-2" title="On the substitutes' list">
                    Sub
                  </Badge>
                ) : null}
              </td>
              <td className="px-2 py-2 text-right tabular-nums">{season ? row.weeks : row.played}</td>
              <td className="px-2 py-2 text-right tabular-nums">
                {season ? `${row.won}/${row.played}` : row.won}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">
                {row.difference > 0 ? `+${row.difference}` : row.difference}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The bracket, a column a round (final and bronze match last), scrolling sideways on a phone. */
export function Bracket({ view }: { view: EventView }) {
  const playoff = view.games.filter((g) => g.stage !== "round");
  if (playoff.length === 0) return null;
  const rounds = [...new Set(playoff.map((g) => g.round))].sort((a, b) => a - b);
  const names = roundNames(playoff.filter((g) => g.round === 1).length * 2);
  return (
    <section aria-labelledby="bracket-title" className="flex flex-col gap-2">
      <h2 id="bracket-title" className="text-lg font-bold">
        Playoff
      </h2>
      <ol className="flex gap-3 overflow-x-auto pb-2" data-testid="bracket">
        {rounds.map((round) => (
          <li key={round} className="flex w-60 shrink-0 flex-col gap-2">
            <h3 className="text-sm font-semibold text-muted">{names[round - 1] ?? `Round ${round}`}</h3>
            {playoff
              .filter((g) => g.round === round)
              .map((game) => (
                <BracketMatch key={game.id} game={game} />
              ))}
          </li>
        ))}
      </ol>
    </section>
  );
}

function BracketMatch({ game }: { game: EventGame }) {
  const decided = game.status === "confirmed";
  const line = (team: EventGame["teamA"], score: number | null, won: boolean) => (
    <p className={`flex justify-between gap-2 ${won ? "font-bold" : "text-muted"}`}>
      <span>{team.length > 0 ? teamName(team) : "Bye"}</span>
      <span className="shrink-0 whitespace-nowrap tabular-nums">{score ?? ""}</span>
    </p>
  );
  const aWon = decided && (game.teamB.length === 0 || (game.scoreA ?? 0) > (game.scoreB ?? 0));
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-2 text-sm">
      <p className="text-xs text-muted">{game.teamB.length === 0 ? "Through on a bye" : gameLabel(game)}</p>
      {line(game.teamA, game.scoreA, aWon)}
      {game.teamB.length > 0 ? line(game.teamB, game.scoreB, decided && !aWon) : null}
    </div>
  );
}

/** The round robin as the planner draws it: names, not ids. */
export function planOf(view: EventView): EventRound[] {
  const rounds = new Map<number, EventRound>();
  for (const game of view.games.filter((g) => g.stage === "round")) {
    const round = rounds.get(game.round) ?? { round: game.round, games: [], byes: [] };
    const names = (team: EventGame["teamA"]) => team.map((p) => p.name) as [string, string];
    round.games.push({ court: game.court, teamA: names(game.teamA), teamB: names(game.teamB) });
    rounds.set(game.round, round);
  }
  for (const bye of view.byes) {
    const round = rounds.get(bye.round);
    if (round) round.byes = bye.players.map((p) => p.name);
  }
  return [...rounds.values()].sort((a, b) => a.round - b.round);
}

export function EventPlan({ view }: { view: EventView }) {
  const plan = planOf(view);
  if (plan.length === 0) return null;
  return (
    <>
      <details className="rounded-xl border border-slate-200 bg-white p-4 print:hidden">
        <summary className="cursor-pointer font-semibold">The whole plan</summary>
        <ol className="mt-3 flex flex-col gap-3">
          {plan.map((round) => (
            <li key={round.round} className="text-sm">
              <p className="font-semibold">Round {round.round}</p>
              {round.games.map((g) => (
                <p key={g.court}>
                  Court {g.court}: {g.teamA.join(" & ")} <span className="text-muted">vs</span>{" "}
                  {g.teamB.join(" & ")}
                </p>
              ))}
              {round.byes.length > 0 ? (
                <p className="text-muted">Sitting out: {round.byes.join(", ")}</p>
              ) : null}
            </li>
          ))}
        </ol>
      </details>
      <PrintedPlan plan={plan} courts={view.event.courts} title={view.event.sessionName} />
    </>
  );
}
