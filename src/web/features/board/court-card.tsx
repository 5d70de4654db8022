import { type FormEvent, useState } from "react";
import { type BoardCourt, scoreForm } from "../../../shared/contracts/board.js";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.js";
import { Dialog, DialogContent } from "../../components/ui/dialog.js";
import { Input } from "../../components/ui/input.js";
import { cn } from "../../lib/cn.js";
import { checkForm, clearValidationError, type FieldErrors, showValidationError } from "../../lib/form.js";
import { useRecordScore } from "./board-api.js";
import { CourtControls } from "./court-controls.js";
import { Elapsed } from "./elapsed.js";

type Props = {
  court: BoardCourt;
  orgId?: string;
  canManage: boolean;
  highlight?: string | null;
  large?: boolean;
  /** Switches this court between singles and doubles (organizers, while it is free). */
  onToggleSingles?: () => Promise<unknown>;
};

const statusLabel = { playing: "Playing", idle: "Idle", unavailable: "Out of play" } as const;

export function CourtCard({ court, orgId, canManage, highlight, large, onToggleSingles }: Props) {
  const [scoring, setScoring] = useState(false);
  const name = (p: { registrationId: string; name: string }) => (
    <span
      key={p.registrationId}
      className={cn(
        "min-w-0 truncate rounded-lg font-medium",
        large ? "px-3 py-1.5 text-2xl" : "px-3 py-2 text-sm",
        highlight === p.registrationId ? "bg-ball text-ink" : "bg-brand-50",
      )}
    >
      {p.name}
    </span>
  );
  return (
    <Card
      className={cn(court.status === "unavailable" && "opacity-60")}
      data-testid="court"
      data-court={court.name}
    >
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className={large ? "text-3xl" : "text-xl"}>{court.name}</CardTitle>
        <div className="flex items-center gap-2">
          {court.singles ? <Badge tone="neutral">Singles</Badge> : null}
          <Badge tone={court.status === "playing" ? "brand" : court.status === "idle" ? "neutral" : "danger"}>
            {statusLabel[court.status]}
          </Badge>
          {court.game ? (
            <span className={cn("text-muted", large ? "text-xl" : "text-sm")}>
              <Elapsed since={court.game.startedAt} />
            </span>
          ) : null}
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {court.game ? (
          // On the TV a card is narrow and read from afar: the teams stack, names get the width.
          <div
            className={cn(
              "items-center gap-2",
              large ? "flex flex-col items-stretch" : "grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)]",
            )}
          >
            <div className="flex min-w-0 flex-col gap-1">{court.game.teamA.map(name)}</div>
            <span className={cn("font-bold text-muted", large ? "text-center text-base" : "text-xs")}>
              VS
            </span>
            <div className="flex min-w-0 flex-col gap-1">{court.game.teamB.map(name)}</div>
          </div>
        ) : (
          <p className="text-sm text-muted">
            {court.status === "unavailable" ? "Not in play this session." : "Free court."}
          </p>
        )}
        <div>
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">Next Up</p>
          <p className={cn(large ? "text-xl" : "text-sm")}>
            {court.nextUp.length ? court.nextUp.map((p) => p.name).join(" · ") : "Waiting for players"}
          </p>
        </div>
        {canManage && orgId ? (
          <CourtActions
            court={court}
            orgId={orgId}
            onScore={() => setScoring(true)}
            onToggleSingles={onToggleSingles}
          />
        ) : null}
      </CardContent>
      {court.game && orgId ? (
        <ScoreDialog open={scoring} onOpenChange={setScoring} orgId={orgId} court={court} />
      ) : null}
    </Card>
  );
}

function CourtActions({
  court,
  orgId,
  onScore,
  onToggleSingles,
}: {
  court: BoardCourt;
  orgId: string;
  onScore: () => void;
  onToggleSingles: Props["onToggleSingles"];
}) {
  return <CourtControls court={court} orgId={orgId} onScore={onScore} onToggleSingles={onToggleSingles} />;
}

function ScoreDialog({
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
  const [errors, setErrors] = useState<FieldErrors>({});
  const record = useRecordScore(orgId, {
    onSuccess: () => onOpenChange(false),
    success: `Score recorded on ${court.name}`,
  });
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkForm(scoreForm, Object.fromEntries(new FormData(event.currentTarget)));
    if (!checked.ok) {
      setErrors(checked.errors);
      showValidationError(checked.first);
      return;
    }
    clearValidationError();
    setErrors({});
    await record.run({ gameId: game.id, ...checked.data });
  };
  const team = (players: { name: string }[]) => players.map((p) => p.name).join(" & ");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`Score for ${court.name}`}
        description="The court gets the next group as soon as you save."
      >
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <div className="flex items-center justify-between gap-3 text-sm font-medium">
            <label htmlFor="score-a" className="min-w-0">
              {team(game.teamA)}
            </label>
            <Input
              id="score-a"
              name="scoreA"
              type="number"
              min={0}
              max={99}
              aria-invalid={errors.scoreA ? true : undefined}
              className="w-20 shrink-0"
            />
          </div>
          <div className="flex items-center justify-between gap-3 text-sm font-medium">
            <label htmlFor="score-b" className="min-w-0">
              {team(game.teamB)}
            </label>
            <Input
              id="score-b"
              name="scoreB"
              type="number"
              min={0}
              max={99}
              aria-invalid={errors.scoreB ? true : undefined}
              className="w-20 shrink-0"
            />
          </div>
          {errors.scoreA || errors.scoreB ? (
            <p role="alert" className="text-sm text-red-700">
              {errors.scoreA ?? errors.scoreB}
            </p>
          ) : null}
          <Button type="submit">Save Score</Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
