// Scoring from anywhere on the board: a strip under the header with a button for each court
// with a game on it. On a phone each court's card is about 300 px tall, so the fifth court's
// Record Score was two screens down from the first; from here every game is one tap away,
// however far the page has scrolled. The sheet is the court card's own.
import { useState } from "react";
import type { BoardView } from "../../../shared/contracts/board.js";
import { Button } from "../../components/ui/button.js";
import { ScoreSheet } from "./score-sheet.js";

/** "Court 3" shows as "3" (five fit across a phone beside "Score"); any other name as it is. */
const shortName = (name: string) => name.replace(/^court\s+/i, "");

export function ScoreStrip({ board, orgId }: { board: BoardView; orgId: string }) {
  // The game, not the court: scored from another phone meanwhile, its sheet closes rather
  // than open on the court's next game.
  const [gameId, setGameId] = useState<string | null>(null);
  const playing = board.courts.filter((c) => c.game !== null);
  // With one game on, its card is right there.
  if (playing.length < 2) return null;
  const scoring = playing.find((c) => c.game?.id === gameId);
  return (
    <nav
      aria-label="Score a court"
      data-testid="score-strip"
      // One row, scrolled sideways past five courts on a phone: wrapped, six or more courts made
      // it two rows deep, and it stays on screen over the whole board.
      className="sticky top-16 z-20 flex max-w-full items-center gap-2 self-start overflow-x-auto rounded-2xl border border-slate-200 bg-white/95 px-3 py-2 shadow-sm backdrop-blur"
    >
      <span className="shrink-0 text-sm font-semibold text-muted">Score</span>
      {playing.map((court) => (
        <Button
          key={court.id}
          size="touch"
          variant="secondary"
          className="min-w-11 shrink-0"
          aria-label={`Score ${court.name}`}
          onClick={() => setGameId(court.game!.id)}
        >
          {shortName(court.name)}
        </Button>
      ))}
      {scoring ? (
        <ScoreSheet
          key={scoring.game!.id}
          open
          onOpenChange={(open) => (open ? undefined : setGameId(null))}
          orgId={orgId}
          court={scoring}
        />
      ) : null}
    </nav>
  );
}
