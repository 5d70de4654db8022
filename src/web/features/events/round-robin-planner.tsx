// /events/plan: an organizer plans an individual round robin (the Americano) from a list of
// names: rounds of new partners on the club's courts, byes going around, printed on one page
// (the print stylesheet keeps only the plan's table). The plan comes from the shared schedule
// (shared/events/americano.ts), so the same names, courts and seed always give the same plan.
import { Printer, Shuffle } from "lucide-react";
import { useMemo, useState } from "react";
import { sameNameKey } from "../../../shared/contracts/session-registrations.js";
import { americanoPlan, courtsInPlay, type EventRound } from "../../../shared/events/americano.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent } from "../../components/ui/card.js";
import { Field, Input, Textarea } from "../../components/ui/input.js";
import { pastedNames } from "../../lib/walk-in-lines.js";

export const PLANNER_MAX_PLAYERS = 48;
const MAX_COURTS = 12;
const MAX_ROUNDS = 30;

const newSeed = () => Math.floor(Math.random() * 2 ** 31);
const clamp = (value: number, min: number, max: number) =>
  Number.isFinite(value) ? Math.min(max, Math.max(min, Math.round(value))) : min;

/** What stands in the way of a plan, in words, or null. */
function problemWith(names: string[]): string | null {
  if (names.length < 4) return "Add at least 4 players, one name per line.";
  if (names.length > PLANNER_MAX_PLAYERS) return `At most ${PLANNER_MAX_PLAYERS} players in one round robin.`;
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(sameNameKey(name))) return `${name} is on the list twice: give each player once.`;
    seen.add(sameNameKey(name));
  }
  return null;
}

export function RoundRobinPlannerPage() {
  const [text, setText] = useState("");
  const [courts, setCourts] = useState("2");
  const [rounds, setRounds] = useState("7");
  const [seed, setSeed] = useState(newSeed);
  const names = useMemo(() => pastedNames(text).map((p) => p.name), [text]);
  const problem = problemWith(names);
  const courtCount = clamp(Number(courts), 1, MAX_COURTS);
  const roundCount = clamp(Number(rounds), 1, MAX_ROUNDS);
  const plan = useMemo(
    () => (problem ? [] : americanoPlan(names, courtCount, roundCount, seed)),
    [problem, names, courtCount, roundCount, seed],
  );
  const playing = courtsInPlay(names.length, courtCount);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 print:max-w-none print:p-0">
      <div className="print:hidden">
        <h1 className="text-2xl font-bold">Plan a round robin</h1>
        <p className="text-sm text-muted">
          Each round brings new partners (as long as there are new ones to give), byes go around evenly, and
          the plan prints on one page for the wall.
        </p>
      </div>
      <Card className="print:hidden">
        <CardContent className="grid gap-4 pt-6 sm:grid-cols-2">
          <div className="sm:row-span-2">
            <Field
              label="Players, one name per line"
              htmlFor="planner-names"
              hint={`${names.length} of up to ${PLANNER_MAX_PLAYERS}`}
              error={text.trim() && problem ? problem : undefined}
            >
              <Textarea
                id="planner-names"
                rows={8}
                value={text}
                onChange={(event) => setText(event.target.value)}
                placeholder={"Ana Alvarez\nBen Brooks\nCal Chen\nDee Dupont"}
                spellCheck={false}
                autoComplete="off"
              />
            </Field>
          </div>
          <Field label="Courts" htmlFor="planner-courts" hint={`1 to ${MAX_COURTS}`}>
            <Input
              id="planner-courts"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_COURTS}
              value={courts}
              onChange={(event) => setCourts(event.target.value)}
            />
          </Field>
          <Field label="Rounds" htmlFor="planner-rounds" hint={`1 to ${MAX_ROUNDS}`}>
            <Input
              id="planner-rounds"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_ROUNDS}
              value={rounds}
              onChange={(event) => setRounds(event.target.value)}
            />
          </Field>
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <Button
              type="button"
              variant="secondary"
              onClick={() => setSeed(newSeed())}
              disabled={plan.length === 0}
            >
              <Shuffle className="h-4 w-4" /> Shuffle
            </Button>
            <Button type="button" onClick={() => window.print()} disabled={plan.length === 0}>
              <Printer className="h-4 w-4" /> Print the Plan
            </Button>
          </div>
        </CardContent>
      </Card>
      {plan.length > 0 ? (
        <>
          <p className="text-sm text-muted print:hidden" data-testid="plan-summary">
            {names.length} players on {playing} {playing === 1 ? "court" : "courts"}, {plan.length}{" "}
            {plan.length === 1 ? "round" : "rounds"}
            {names.length > playing * 4 ? `, ${names.length - playing * 4} sitting out each round` : ""}.
          </p>
          <RoundCards plan={plan} />
          <PrintedPlan plan={plan} courts={playing} />
        </>
      ) : null}
    </div>
  );
}

const team = (pair: readonly string[]) => pair.join(" & ");

/** On screen: a card a round, each court a line, readable on a phone. */
function RoundCards({ plan }: { plan: EventRound[] }) {
  return (
    <ol className="grid grid-cols-1 gap-4 sm:grid-cols-2 print:hidden" data-testid="plan-rounds">
      {plan.map((round) => (
        <li key={round.round}>
          <Card>
            <CardContent className="flex flex-col gap-2 pt-5">
              <h2 className="font-semibold">Round {round.round}</h2>
              {round.games.map((game) => (
                <p key={game.court} className="text-sm">
                  <span className="font-semibold">Court {game.court}:</span> {team(game.teamA)}{" "}
                  <span className="text-muted">vs</span> {team(game.teamB)}
                </p>
              ))}
              {round.byes.length > 0 ? (
                <p className="text-sm text-muted">Sitting out: {round.byes.join(", ")}</p>
              ) : null}
            </CardContent>
          </Card>
        </li>
      ))}
    </ol>
  );
}

/** On paper: one table, a row a round, small enough for one A4 or Letter page. */
export function PrintedPlan({
  plan,
  courts,
  title = "Round robin",
}: {
  plan: EventRound[];
  courts: number;
  title?: string;
}) {
  const sitting = plan.some((round) => round.byes.length > 0);
  return (
    <table className="hidden w-full border-collapse text-[9pt] print:table" data-testid="printed-plan">
      <caption className="mb-2 text-left text-[12pt] font-bold">{title}</caption>
      <thead>
        <tr>
          <th className="border border-slate-400 px-1 py-0.5 text-left whitespace-nowrap">Round</th>
          {Array.from({ length: courts }, (_, i) => `Court ${i + 1}`).map((court) => (
            <th key={court} className="border border-slate-400 px-1 py-0.5 text-left">
              {court}
            </th>
          ))}
          {sitting ? <th className="border border-slate-400 px-1 py-0.5 text-left">Sitting out</th> : null}
        </tr>
      </thead>
      <tbody>
        {plan.map((round) => (
          <tr key={round.round} className="break-inside-avoid">
            <td className="border border-slate-400 px-1 py-0.5">{round.round}</td>
            {round.games.map((game) => (
              <td key={game.court} className="border border-slate-400 px-1 py-0.5">
                {team(game.teamA)} v {team(game.teamB)}
              </td>
            ))}
            {sitting ? (
              <td className="border border-slate-400 px-1 py-0.5">{round.byes.join(", ")}</td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
