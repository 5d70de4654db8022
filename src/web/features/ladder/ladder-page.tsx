import { Flame, Medal, Swords, Trophy } from "lucide-react";
import { messages } from "../../../shared/domain/messages.js";
import { useExamples } from "../../app/examples.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent } from "../../components/ui/card.js";
import { cn } from "../../lib/cn.js";

type Row = { rank: number; name: string; rating: number; delta: number; streak: number; games: number };

// SPEC §2: sample rankings until real match results build the ladder.
const sample: Row[] = [
  { rank: 1, name: "Maya Chen", rating: 1684, delta: 24, streak: 5, games: 42 },
  { rank: 2, name: "Jordan Price", rating: 1651, delta: 12, streak: 3, games: 38 },
  { rank: 3, name: "Sam Rivera", rating: 1622, delta: -8, streak: -1, games: 51 },
  { rank: 4, name: "Priya Shah", rating: 1598, delta: 16, streak: 2, games: 29 },
  { rank: 5, name: "Alex Kim", rating: 1574, delta: -14, streak: -2, games: 33 },
  { rank: 6, name: "Tom Walsh", rating: 1552, delta: 6, streak: 1, games: 47 },
  { rank: 7, name: "Lena Moretti", rating: 1533, delta: -19, streak: -3, games: 26 },
  { rank: 8, name: "Chris Duval", rating: 1510, delta: 9, streak: 4, games: 35 },
];

const medal = ["bg-yellow-400 text-ink", "bg-slate-300 text-ink", "bg-amber-600 text-white"];

/** SPEC §2 Ladder. */
export function LadderPage() {
  const { showExamples, clearExamples } = useExamples();
  const topRated = sample[0]!;
  const longest = sample.reduce((a, b) => (b.streak > a.streak ? b : a));
  const mostActive = sample.reduce((a, b) => (b.games > a.games ? b : a));
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Ladder</h1>
          <p className="text-sm text-muted">Elo ratings from recorded games.</p>
        </div>
        <div className="flex gap-2">
          {showExamples ? (
            <Button variant="secondary" onClick={clearExamples}>
              Clear Examples
            </Button>
          ) : null}
          <Button disabled title="Logging a match arrives with the ladder release">
            <Swords className="h-4 w-4" /> Log a Match
          </Button>
        </div>
      </div>
      {!showExamples ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-16 text-center text-muted">
          {messages.ladder.empty}
        </p>
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-3">
            <Summary icon={Trophy} label="Top Rated" name={topRated.name} value={`${topRated.rating}`} />
            <Summary
              icon={Flame}
              label="Longest Streak"
              name={longest.name}
              value={`+${longest.streak} wins`}
            />
            <Summary
              icon={Medal}
              label="Most Active"
              name={mostActive.name}
              value={`${mostActive.games} games`}
            />
          </div>
          <Card>
            <CardContent className="overflow-x-auto pt-4">
              <p className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">Sample rankings</p>
              <table className="w-full min-w-[32rem] text-left text-sm">
                <thead className="text-xs text-muted uppercase">
                  <tr>
                    <th className="py-2">Rank</th>
                    <th>Player</th>
                    <th>Rating</th>
                    <th>Change</th>
                    <th>Streak</th>
                    <th>Games</th>
                  </tr>
                </thead>
                <tbody>
                  {sample.map((row) => (
                    <tr key={row.rank} className="border-t border-slate-100">
                      <td className="py-3">
                        <span
                          className={cn(
                            "inline-flex h-7 w-7 items-center justify-center rounded-full text-xs font-bold",
                            medal[row.rank - 1] ?? "bg-slate-100",
                          )}
                        >
                          {row.rank}
                        </span>
                      </td>
                      <td className="font-medium">{row.name}</td>
                      <td className="tabular-nums">{row.rating}</td>
                      <td className={cn("tabular-nums", row.delta >= 0 ? "text-brand-700" : "text-red-600")}>
                        {row.delta >= 0 ? `+${row.delta}` : row.delta}
                      </td>
                      <td
                        className={cn(
                          "tabular-nums",
                          row.streak >= 3 && "font-bold text-brand-700",
                          row.streak <= -2 && "font-bold text-red-600",
                        )}
                      >
                        {row.streak > 0 ? `+${row.streak}` : row.streak}
                      </td>
                      <td className="tabular-nums">{row.games}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </CardContent>
          </Card>
        </>
      )}
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
      <CardContent className="flex items-center gap-3 pt-6">
        <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
          <Icon className="h-5 w-5" />
        </span>
        <div>
          <p className="text-xs text-muted">{label}</p>
          <p className="font-semibold">{name}</p>
          <p className="text-sm text-muted">{value}</p>
        </div>
      </CardContent>
    </Card>
  );
}
