// Entering an event game's score, standing at the court with the phone in one hand: each side's
// names in full, a big minus and plus beside its points, and one button that saves. A player's
// score waits for the other side to confirm it; an organizer's counts at once.
import { Minus, Plus } from "lucide-react";
import { useState } from "react";
import { type EventGame, eventScoreBody } from "../../../shared/contracts/events.js";
import { Button } from "../../components/ui/button.js";
import { Sheet, SheetContent } from "../../components/ui/sheet.js";
import { useScoreEventGame } from "./event-api.js";
import { gameLabel } from "./event-words.js";

type Side = "A" | "B";

export function EventScoreSheet({
  orgId,
  sessionId,
  game,
  playTo,
  onClose,
}: {
  orgId: string;
  sessionId: string;
  game: EventGame;
  playTo: number | null;
  onClose: () => void;
}) {
  const [points, setPoints] = useState<Record<Side, string>>({
    A: game.scoreA === null ? "" : String(game.scoreA),
    B: game.scoreB === null ? "" : String(game.scoreB),
  });
  const [problem, setProblem] = useState<string | null>(null);
  const save = useScoreEventGame(orgId, sessionId, {
    // Counted at once (an organizer's, or the same score the other side sent), or waiting.
    success: (result, { gameId }) =>
      result.games.find((g) => g.id === gameId)?.status === "confirmed"
        ? "Score saved"
        : { title: "Score sent", description: "It counts once the other side confirms it." },
    onSuccess: onClose,
  });
  const submit = async () => {
    const checked = eventScoreBody.safeParse({ scoreA: points.A, scoreB: points.B });
    if (points.A === "" || points.B === "" || !checked.success) {
      setProblem(
        checked.success
          ? "Enter both sides' points."
          : (checked.error.issues[0]?.message ?? "Check the points"),
      );
      return;
    }
    setProblem(null);
    await save.run({ gameId: game.id, ...checked.data });
  };
  return (
    <Sheet open onOpenChange={(open) => (open ? undefined : onClose())}>
      <SheetContent
        title={`Score for ${gameLabel(game)}`}
        description={playTo !== null ? `First to ${playTo}.` : "The score when time was called."}
        onOpenAutoFocus={(event) => event.preventDefault()}
      >
        <div className="flex flex-col gap-3">
          {(["A", "B"] as const).map((side) => (
            <SidePoints
              key={side}
              side={side}
              players={side === "A" ? game.teamA : game.teamB}
              points={points[side]}
              onPoints={(value) => setPoints((p) => ({ ...p, [side]: value }))}
            />
          ))}
          {problem ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {problem}
            </p>
          ) : null}
          <Button className="h-14 text-base" disabled={save.busy} onClick={submit}>
            Save Score
          </Button>
        </div>
      </SheetContent>
    </Sheet>
  );
}

function SidePoints({
  side,
  players,
  points,
  onPoints,
}: {
  side: Side;
  players: EventGame["teamA"];
  points: string;
  onPoints: (value: string) => void;
}) {
  const step = (by: number) => {
    const next = (points === "" ? 0 : Number(points)) + by;
    onPoints(String(Math.min(99, Math.max(0, next))));
  };
  const label = players.map((p) => p.name).join(" and ");
  return (
    <section
      aria-label={`Team ${side}`}
      className="flex items-center gap-3 rounded-xl border border-slate-200 bg-brand-50/60 p-3"
    >
      {/* One name a line, wrapping between words: the names get the card's whole width. */}
      <ul className="min-w-0 flex-1 text-base leading-snug font-semibold">
        {players.map((p) => (
          <li key={p.id}>{p.name}</li>
        ))}
      </ul>
      <div className="flex shrink-0 items-center rounded-lg border border-slate-300 bg-white">
        <button
          type="button"
          className="flex h-12 w-12 items-center justify-center rounded-l-lg hover:bg-slate-100"
          aria-label={`One point less for ${label}`}
          onClick={() => step(-1)}
        >
          <Minus className="h-5 w-5" />
        </button>
        <input
          aria-label={`Points for ${label}`}
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={2}
          value={points}
          placeholder="0"
          onChange={(event) => onPoints(event.target.value.replace(/\D/g, "").slice(0, 2))}
          className="h-12 w-12 border-x border-slate-200 text-center text-xl font-bold tabular-nums focus:outline-none focus:ring-2 focus:ring-brand-200"
        />
        <button
          type="button"
          className="flex h-12 w-12 items-center justify-center rounded-r-lg hover:bg-slate-100"
          aria-label={`One point more for ${label}`}
          onClick={() => step(1)}
        >
          <Plus className="h-5 w-5" />
        </button>
      </div>
    </section>
  );
}
