// The organizer's steps, in the order a night takes them: the next round once every game of
// this one counts, a playoff seeded from the standings after the last round, and the end.
import { useState } from "react";
import type { EventView } from "../../../shared/contracts/events.js";
import { Button } from "../../components/ui/button.js";
import { ConfirmButton } from "../../components/ui/confirm-dialog.js";
import { useEventStep, useStartPlayoff } from "./event-api.js";
import { gamesNow } from "./event-words.js";

const PLAYOFF_SIZES = [2, 4, 8] as const;

export function EventOrganizerBar({ orgId, view }: { orgId: string; view: EventView }) {
  const { event } = view;
  const sessionId = event.sessionId;
  const step = useEventStep(orgId, sessionId, {
    success: (_, which) => (which === "finish" ? "Event finished" : "Next round on"),
  });
  const playoff = useStartPlayoff(orgId, sessionId, { success: "Playoff seeded" });
  const sizes = PLAYOFF_SIZES.filter((n) => n * 2 <= view.entrants.length);
  const [teams, setTeams] = useState<number>(sizes.includes(4) ? 4 : (sizes.at(-1) ?? 2));
  if (event.phase === "finished") return null;
  const open = gamesNow(view).filter((g) => g.status !== "confirmed").length;
  const lastRound = event.phase === "rounds" && event.round >= event.rounds;
  const final =
    event.phase === "playoff" &&
    view.games.filter((g) => g.stage === "playoff" && g.round === event.round).length === 1;
  return (
    <section
      aria-label="Run the event"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 print:hidden"
    >
      <p className="text-sm text-muted" data-testid="round-progress">
        {open === 0
          ? "Every game of this round is scored."
          : `${open} ${open === 1 ? "game" : "games"} of this round still to score.`}
      </p>
      {event.phase === "rounds" &&
      view.league &&
      view.league.week === view.league.weeks &&
      event.format !== "teams" ? (
        <p className="text-sm font-medium text-brand-700">
          The league's last week: its playoff is the final, seeded by the season's standings.
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {!lastRound && !final ? (
          <Button size="touch" disabled={step.busy || open > 0} onClick={() => step.run("nextRound")}>
            {event.phase === "playoff" ? "Next Playoff Round" : "Next Round"}
          </Button>
        ) : null}
        {event.phase === "rounds" && sizes.length > 0 ? (
          <div className="flex items-center gap-2">
            <select
              aria-label="Teams in the playoff"
              value={teams}
              onChange={(e) => setTeams(Number(e.target.value))}
              className="h-11 rounded-lg border border-slate-300 bg-white px-2"
            >
              {sizes.map((n) => (
                <option key={n} value={n}>
                  {n} teams
                </option>
              ))}
            </select>
            <Button
              size="touch"
              variant={lastRound ? "primary" : "secondary"}
              disabled={playoff.busy || open > 0}
              onClick={() => playoff.run(teams)}
            >
              Start Playoff
            </Button>
          </div>
        ) : null}
        <ConfirmButton
          trigger={
            <Button size="touch" variant={final ? "primary" : "ghost"} disabled={step.busy}>
              Finish the Event
            </Button>
          }
          title="Finish the event?"
          description="The standings and the bracket stand as they are; no more scores can be entered."
          confirmLabel="Finish the Event"
          dismissLabel="Keep Playing"
          onConfirm={() => step.run("finish")}
        />
      </div>
    </section>
  );
}
