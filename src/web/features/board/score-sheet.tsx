import { Minus, Plus, Trophy } from "lucide-react";
import { useRef, useState } from "react";
import { toast } from "sonner";
import {
  type BoardCourt,
  gameResult,
  type ScoreBody,
  type Side,
  scoreBody,
} from "../../../shared/contracts/board.js";
import { Button } from "../../components/ui/button.js";
import { Sheet, SheetContent } from "../../components/ui/sheet.js";
import { cn } from "../../lib/cn.js";
import { useRecordScore } from "./board-api.js";
import { offerUndo } from "./recent-score.js";

type Points = Record<Side, string>;

/**
 * Recording a result, the action an organizer repeats a hundred times a night standing with a
 * phone in one hand: one tap on the side that won records the game and calls the next group.
 * Points are optional, entered before the tap. Undo is offered on the board afterwards.
 */
export function ScoreSheet({
  open,
  onOpenChange,
  orgId,
  court,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  orgId: string;
  court: BoardCourt;
}) {
  const game = court.game!;
  const [points, setPoints] = useState<Points>({ A: "", B: "" });
  const [problem, setProblem] = useState<string | null>(null);
  const firstWin = useRef<HTMLButtonElement>(null);
  const record = useRecordScore(orgId, {
    onSuccess: (answer, body) => {
      onOpenChange(false);
      // Kept on the phone, it is not on the server yet: nothing to undo there.
      if (answer === "held") {
        toast.info(`${court.name}: kept on this phone`, {
          description: "You're offline. The score is sent as soon as the network is back.",
        });
        return;
      }
      offerUndo({
        gameId: game.id,
        courtId: court.id,
        courtName: court.name,
        summary: wonSummary(court, body),
      });
    },
  });
  const win = async (winner: Side) => {
    const typed = (side: Side) => (points[side] === "" ? undefined : Number(points[side]));
    const checked = scoreBody.safeParse({ winner, scoreA: typed("A"), scoreB: typed("B") });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? "Check the points");
      return;
    }
    setProblem(null);
    const body = { ...checked.data, winner };
    await record.run({ gameId: game.id, courtName: court.name, summary: wonSummary(court, body), ...body });
  };
  const team = (side: Side) => (
    <TeamPanel
      side={side}
      players={side === "A" ? game.teamA : game.teamB}
      points={points[side]}
      onPoints={(value) => setPoints((p) => ({ ...p, [side]: value }))}
      onWin={() => win(side)}
      busy={record.busy}
      winRef={side === "A" ? firstWin : undefined}
    />
  );
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        title={`Score for ${court.name}`}
        description="Tap the side that won. Points are optional."
        onOpenAutoFocus={(event) => {
          // Focus the first winner button, not the first points box: no keyboard pops up.
          event.preventDefault();
          firstWin.current?.focus({ preventScroll: true });
        }}
      >
        <div className="flex flex-col gap-2">
          {team("A")}
          <p aria-hidden className="text-center text-xs font-bold tracking-widest text-muted">
            VS
          </p>
          {team("B")}
          {problem ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {problem}
            </p>
          ) : null}
        </div>
      </SheetContent>
    </Sheet>
  );
}

function TeamPanel({
  side,
  players,
  points,
  onPoints,
  onWin,
  busy,
  winRef,
}: {
  side: Side;
  players: { registrationId: string; name: string }[];
  points: string;
  onPoints: (value: string) => void;
  onWin: () => void;
  busy: boolean;
  winRef?: React.Ref<HTMLButtonElement>;
}) {
  const id = `score-${side.toLowerCase()}`;
  const step = (by: number) => {
    const next = (points === "" ? 0 : Number(points)) + by;
    onPoints(next < 0 ? "" : String(Math.min(99, next)));
  };
  return (
    <section
      aria-label={`Team ${side}`}
      className="rounded-xl border border-slate-200 bg-brand-50/60 p-3"
      data-testid={`team-${side}`}
    >
      <p className="text-xs font-semibold tracking-wide text-muted uppercase">Team {side}</p>
      {/* One name a line, wrapping between words: the names get the card's whole width. */}
      <ul className="mt-0.5 text-base leading-snug font-semibold">
        {players.map((p) => (
          <li key={p.registrationId}>{p.name}</li>
        ))}
      </ul>
      <div className="mt-2 flex items-center gap-2">
        <div className="flex shrink-0 items-center rounded-lg border border-slate-300 bg-white">
          <button
            type="button"
            className="flex h-11 w-11 items-center justify-center rounded-l-lg text-ink hover:bg-slate-100"
            aria-label={`One point less for team ${side}`}
            onClick={() => step(-1)}
          >
            <Minus className="h-4 w-4" />
          </button>
          <input
            id={id}
            aria-label={`Team ${side} points (optional)`}
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={2}
            placeholder="pts"
            value={points}
            onChange={(event) => onPoints(event.target.value.replace(/\D/g, "").slice(0, 2))}
            className="h-11 w-12 border-x border-slate-200 text-center text-lg font-semibold tabular-nums placeholder:text-sm placeholder:font-normal placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-brand-200"
          />
          <button
            type="button"
            className="flex h-11 w-11 items-center justify-center rounded-r-lg text-ink hover:bg-slate-100"
            aria-label={`One point more for team ${side}`}
            onClick={() => step(1)}
          >
            <Plus className="h-4 w-4" />
          </button>
        </div>
        <Button ref={winRef} className={cn("h-14 flex-1 text-base")} disabled={busy} onClick={onWin}>
          <Trophy className="h-5 w-5" /> Team {side} won
        </Button>
      </div>
    </section>
  );
}

/**
 * What the undo bar says was recorded: the winners by name, since "Team A" is only the score
 * sheet's word, and by then the next group may be on the court.
 */
function wonSummary(court: BoardCourt, body: ScoreBody) {
  const winners = gameResult(body).winner === "A" ? court.game!.teamA : court.game!.teamB;
  const score = body.scoreA === undefined ? "" : ` ${body.scoreA}-${body.scoreB}`;
  return `${court.name}: ${winners.map((p) => p.name).join(" & ")} won${score}`;
}
