// The organizer's controls on a court's card, for a session changing under way: score the game,
// or cancel it (asking first: it throws the game away), take the court out of play (asking first
// when a game is on it) or back, start a court kept free, switch it between singles and doubles.
// The card's one wide button is what the court needs next (Record Score, Bring Back, Start Next
// Game); the rarer actions sit behind "More" beside it (components/ui/actions-menu.tsx). All are
// 44 px tall: organizers use them courtside, on a phone, while people wait.
import { MoreHorizontal } from "lucide-react";
import { useRef, useState } from "react";
import type { BoardCourt } from "../../../shared/contracts/board.js";
import { messages } from "../../../shared/domain/messages.js";
import { ActionsMenu, type MenuAction } from "../../components/ui/actions-menu.js";
import { Button } from "../../components/ui/button.js";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.js";
import { ApiError } from "../../lib/api.js";
import { cn } from "../../lib/cn.js";
import { useCallNextGroup, useCancelGame, useSetCourtAvailable } from "./board-api.js";
import { useNow } from "./elapsed.js";

type Props = {
  court: BoardCourt;
  orgId: string;
  onScore: () => void;
  /** Switches the court between singles and doubles (from its next game when one is on). */
  onToggleSingles?: (() => Promise<unknown>) | undefined;
  /** Minutes a called group has to answer before the next group is offered; null: never. */
  callTimeoutMinutes?: number | null | undefined;
};

// 44 px tall at least; on a phone's narrow card a long label wraps rather than spill out (the
// Button's own height and nowrap give way: class names are joined, not merged).
const tap = "h-auto! min-h-11 min-w-0 px-2 py-1 leading-tight whitespace-normal!";

export function CourtControls({ court, orgId, onScore, onToggleSingles, callTimeoutMinutes }: Props) {
  const [confirming, setConfirming] = useState(false);
  // The game the question is about: another organizer may score it while the question is open,
  // and the court's next game must not inherit a "yes".
  const [cancelling, setCancelling] = useState<string | null>(null);
  const moreButton = useRef<HTMLButtonElement>(null);
  const game = court.game;
  const cancel = useCancelGame(orgId, {
    success: {
      title: `Game on ${court.name} cancelled`,
      description: "Its players are first in line. The court stays free until you start it.",
    },
  });
  const setAvailable = useSetCourtAvailable(orgId, {
    onSuccess: () => setConfirming(false),
    // Someone started a game here since this page last heard: ask, as for a game it showed.
    onError: (error) => {
      if (!(error instanceof ApiError && error.is("COURT_IN_USE"))) return false;
      setConfirming(true);
      return true;
    },
  });
  const takeOut = (endRunningGame: boolean) =>
    setAvailable.run({ courtId: court.id, available: false, endRunningGame });
  const bringIn = () => setAvailable.run({ courtId: court.id, available: true });
  // Singles or doubles takes effect at the court's next game: a game under way is never reshaped.
  const playingSingles = game ? game.teamA.length === 1 : court.singles;
  const switching = game !== null && playingSingles !== court.singles;
  const players = game ? game.teamA.length + game.teamB.length : 4;

  // The card's one wide button: what the court needs next.
  const next: MenuAction | null = game
    ? { label: "Record Score", onSelect: onScore }
    : court.status === "unavailable"
      ? { label: "Bring Back", onSelect: () => void bringIn(), disabled: setAvailable.busy }
      : court.held
        ? { label: "Start Next Game", onSelect: () => void bringIn(), disabled: setAvailable.busy }
        : null;
  const rarer: MenuAction[] = [
    ...(game
      ? [{ label: "Cancel Game", onSelect: () => setCancelling(game.id), disabled: cancel.busy }]
      : []),
    ...(court.status !== "unavailable"
      ? [
          {
            label: "Take Out of Play",
            onSelect: () => (game ? setConfirming(true) : void takeOut(false)),
            disabled: setAvailable.busy,
          },
        ]
      : []),
    ...(onToggleSingles
      ? [{ label: singlesLabel(court.singles, game !== null), onSelect: () => void onToggleSingles() }]
      : []),
  ];

  return (
    <div className="flex flex-col gap-2 border-t border-slate-100 pt-3" data-testid="court-controls">
      {game && callTimeoutMinutes ? (
        <NotAllHere court={court} orgId={orgId} gameId={game.id} minutes={callTimeoutMinutes} />
      ) : null}
      {court.held ? (
        <p className="text-sm text-muted">Kept free: nobody goes on until you start it.</p>
      ) : null}
      {switching ? (
        <p className="text-sm font-medium text-brand-700">
          {court.singles ? "Singles" : "Doubles"} from the next game.
        </p>
      ) : null}
      {next ? (
        <div className="flex gap-2">
          <Button className={cn(tap, "flex-1")} onClick={next.onSelect} disabled={next.disabled}>
            {next.label}
          </Button>
          {rarer.length > 1 ? (
            // The rarer actions behind one button, so the wide one is what the court needs next:
            // four buttons on every card made a phone's board two screens of controls, and put
            // Cancel Game a thumb's width from Record Score.
            <ActionsMenu
              label={`More for ${court.name}`}
              actions={rarer}
              buttonRef={moreButton}
              testId="court-more"
            >
              <MoreHorizontal className="h-4 w-4" /> More
            </ActionsMenu>
          ) : (
            // One rarer action (Play Singles Here beside Bring Back): a menu of one is a tap wasted.
            rarer.map((action) => <RarerButton key={action.label} action={action} className="flex-1" />)
          )}
        </div>
      ) : (
        // A free court has no game to score: its few actions are its buttons.
        <div className={rarer.length > 1 ? "grid grid-cols-2 gap-2" : "grid gap-2"}>
          {rarer.map((action) => (
            <RarerButton key={action.label} action={action} />
          ))}
        </div>
      )}
      {game ? (
        <ConfirmDialog
          open={cancelling === game.id}
          onOpenChange={(open) => setCancelling(open ? game.id : null)}
          title={`Cancel the game on ${court.name}?`}
          description={`No result is kept. Its ${players} players go back to the front of the line, and the court stays free until you start it.`}
          confirmLabel="Cancel Game"
          dismissLabel="Keep Playing"
          onConfirm={() => cancel.run(game.id)}
          returnFocusTo={moreButton}
        />
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Take ${court.name} out of play?`}
        description={messages.board.courtInUse(court.name, players)}
        confirmLabel="Take Out"
        dismissLabel="Keep Playing"
        onConfirm={() => takeOut(true)}
        returnFocusTo={moreButton}
      />
    </div>
  );
}

function RarerButton({ action, className }: { action: MenuAction; className?: string }) {
  return (
    <Button
      className={cn(tap, className)}
      variant="secondary"
      disabled={action.disabled}
      onClick={action.onSelect}
    >
      {action.label}
    </Button>
  );
}

/** With a game on, the switch is for the court's next game, and says so. */
function singlesLabel(singles: boolean, gameOn: boolean) {
  if (gameOn) return singles ? "Doubles Next Game" : "Singles Next Game";
  return singles ? "Play Doubles Here" : "Play Singles Here";
}

/**
 * Once the club's time to answer has passed with some of the called group not "on my way": the
 * organizer may call the next group instead (those who did not answer go on a break).
 */
function NotAllHere({
  court,
  orgId,
  gameId,
  minutes,
}: {
  court: BoardCourt;
  orgId: string;
  gameId: string;
  minutes: number;
}) {
  const now = useNow(5000);
  const next = useCallNextGroup(orgId, {
    success: {
      title: `Next group called to ${court.name}`,
      description: "Those who did not answer are on a break until they are back.",
    },
  });
  const [asking, setAsking] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const game = court.game!;
  // Members who have not answered: walk-ins, who cannot, are never counted missing.
  const missing = [...game.teamA, ...game.teamB].filter((p) => court.awaiting.includes(p.registrationId));
  if (missing.length === 0 || now - Date.parse(game.startedAt) < minutes * 60_000) return null;
  const names = missing.map((p) => p.name).join(", ");
  // It says what the board knows: they have not tapped On My Way; they may be on court anyway.
  // Asked first, as Cancel Game is: one tap a row above Record Score took a game off court and
  // sent its players on a break.
  return (
    <div className="flex flex-col gap-2 rounded-lg bg-yellow-50 p-2" data-testid="not-all-here">
      <p className="text-sm">
        No “On My Way” after {minutes} min: {names}
      </p>
      <Button
        ref={button}
        className={tap}
        variant="ball"
        disabled={next.busy}
        onClick={() => setAsking(true)}
      >
        Call Next Group Instead
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={`Call the next group to ${court.name}?`}
        description={`Only if ${names} ${missing.length > 1 ? "are" : "is"} not there: the next group goes on instead, and whoever has not answered goes on a break until they are back.`}
        confirmLabel="Call Next Group"
        dismissLabel="Keep Waiting"
        onConfirm={() => next.run(gameId)}
        returnFocusTo={button}
      />
    </div>
  );
}
