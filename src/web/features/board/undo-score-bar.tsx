import { Undo2 } from "lucide-react";
import type { BoardCourt, BoardView } from "../../../shared/contracts/board.js";
import { Button } from "../../components/ui/button.js";
import { useUndoScore } from "./board-api.js";
import { useRecentScore, withdrawUndo } from "./recent-score.js";

/**
 * After a score: what was recorded, and Undo, in a bar at the bottom edge where the thumb is,
 * for a few seconds. Undo puts the game back on court, and any group that went on in its place
 * back in line. What the court did next is read from the board as it now is: the "next up"
 * shown before the score is only a preview, and a court with none shown was often filled from
 * the line anyway.
 */
export function UndoScoreBar({ orgId, board }: { orgId: string; board: BoardView }) {
  const recent = useRecentScore();
  const undo = useUndoScore(orgId, {
    success: recent ? `Score on ${recent.courtName} undone: the game is back on court` : undefined,
  });
  if (!recent) return null;
  const after = courtAfter(
    board.courts.find((c) => c.id === recent.courtId),
    recent.gameId,
  );
  return (
    <>
      {/* Room below the board, so that what the bar covers can be scrolled up from under it. */}
      <div aria-hidden className="h-20" />
      <div
        role="status"
        data-testid="undo-score"
        className="fixed inset-x-4 bottom-4 z-30 mx-auto flex max-w-md items-center gap-3 rounded-2xl bg-ink py-2 pr-2 pl-4 text-white shadow-xl"
      >
        <p className="min-w-0 flex-1 text-sm">
          <span className="font-semibold">{recent.summary}</span>
          {after ? <span className="block text-white/75">{after}</span> : null}
        </p>
        <Button
          size="touch"
          variant="ball"
          disabled={undo.busy}
          onClick={async () => {
            // Done or refused (too late), the offer is over either way: the toast says which.
            await undo.run(recent.gameId);
            withdrawUndo();
          }}
        >
          <Undo2 className="h-4 w-4" /> Undo
        </Button>
      </div>
    </>
  );
}

/** What the scored game's court did next; nothing while the board still shows that game. */
function courtAfter(court: BoardCourt | undefined, scoredGameId: string): string | null {
  if (!court) return null;
  if (court.game) return court.game.id === scoredGameId ? null : "Next group on court.";
  if (court.keptForTheEnd) return "Done for tonight.";
  return court.waitingToMix ? "It starts with the next court, to mix the groups." : "The court is free.";
}
