// One game of the event as a phone shows it: where, who against whom (names in full, one a
// line), the score and whether it counts yet, and what this person may do with it.
import { Check } from "lucide-react";
import type { EventGame, EventView } from "../../../shared/contracts/events.js";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { cn } from "../../lib/cn.js";
import { useConfirmEventGame } from "./event-api.js";
import { gameLabel } from "./event-words.js";

export function EventGameCard({
  orgId,
  sessionId,
  game,
  highlight,
  onScore,
  format,
}: {
  orgId: string;
  sessionId: string;
  game: EventGame;
  /** The viewer's own game: drawn stronger. */
  highlight?: boolean;
  onScore: (game: EventGame) => void;
  format: EventView["event"]["format"];
}) {
  const confirm = useConfirmEventGame(orgId, sessionId, { success: "Score confirmed" });
  const scored = game.scoreA !== null && game.scoreB !== null;
  return (
    <li
      className={cn(
        "flex flex-col gap-3 rounded-xl border bg-white p-4",
        highlight ? "border-brand-600 ring-2 ring-brand-200" : "border-slate-200",
      )}
      data-testid="event-game"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-bold">{gameLabel(game, format)}</h3>
        <StatusBadge game={game} />
      </div>
      <div className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1">
        <Team players={game.teamA} />
        <Points value={game.scoreA} won={scored && game.scoreA! > game.scoreB!} />
        <p aria-hidden className="text-xs font-bold tracking-widest text-muted">
          VS
        </p>
        <span />
        <Team players={game.teamB} />
        <Points value={game.scoreB} won={scored && game.scoreB! > game.scoreA!} />
      </div>
      {game.canConfirm || game.canReport ? (
        <div className="flex flex-wrap gap-2">
          {game.canConfirm ? (
            <Button
              size="touch"
              className="flex-1"
              disabled={confirm.busy}
              onClick={() => confirm.run(game.id)}
            >
              <Check className="h-4 w-4" /> Confirm {game.scoreA}-{game.scoreB}
            </Button>
          ) : null}
          {game.canReport ? (
            <Button
              size="touch"
              variant={game.canConfirm || game.status === "confirmed" ? "secondary" : "primary"}
              className="flex-1"
              onClick={() => onScore(game)}
            >
              {game.status === "planned" ? "Enter Score" : "Change Score"}
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

function Team({ players }: { players: EventGame["teamA"] }) {
  return (
    <ul className="min-w-0 leading-snug font-semibold">
      {players.map((p) => (
        <li key={p.id}>{p.name}</li>
      ))}
    </ul>
  );
}

function Points({ value, won }: { value: number | null; won: boolean }) {
  return (
    <span
      className={cn("text-2xl tabular-nums", won ? "font-black text-brand-700" : "font-semibold text-muted")}
    >
      {value ?? "–"}
    </span>
  );
}

function StatusBadge({ game }: { game: EventGame }) {
  if (game.status === "confirmed") return <Badge tone="brand">Final</Badge>;
  if (game.status === "reported") return <Badge tone="ball">Waiting for confirmation</Badge>;
  return null;
}
