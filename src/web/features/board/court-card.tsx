import { Check } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { BoardCourt } from "../../../shared/contracts/board.js";
import { Badge } from "../../components/ui/badge.js";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.js";
import { cn } from "../../lib/cn.js";
import { CourtControls } from "./court-controls.js";
import { Elapsed } from "./elapsed.js";
import { useHeldScores } from "./held-scores.js";
import { ScoreSheet } from "./score-sheet.js";

type Props = {
  court: BoardCourt;
  orgId?: string;
  canManage: boolean;
  highlight?: string | null;
  large?: boolean;
  /** Switches this court between singles and doubles (organizers, while it is free). */
  onToggleSingles?: () => Promise<unknown>;
  /** Minutes a called group has to answer before the next group is offered; null: never. */
  callTimeoutMinutes?: number | null;
  /** King of the court fills its courts when the whole round is scored, not as each frees. */
  inRounds?: boolean;
  /** The session on now: an event's court links to the event's page. */
  sessionId?: string;
};

/** Beside a called player's name: they answered "on my way". */
function OnTheWay() {
  return (
    <span
      className="ml-1 inline-flex items-center text-brand-700"
      title="On the way"
      data-testid="on-the-way"
    >
      <Check className="h-3.5 w-3.5" aria-hidden="true" />
      <span className="sr-only">on the way</span>
    </span>
  );
}

const statusLabel = { playing: "Playing", idle: "Idle", event: "Event", unavailable: "Out of play" } as const;

export function CourtCard({
  court,
  orgId,
  canManage,
  highlight,
  large,
  onToggleSingles,
  callTimeoutMinutes,
  inRounds = false,
  sessionId,
}: Props) {
  const [scoring, setScoring] = useState(false);
  const format = formatBadge(court);
  // A score for this game kept on this phone, offline: the card says so, so nobody enters it twice.
  const held = useHeldScores(orgId ?? "").some((s) => s.gameId === court.game?.id);
  const name = (p: { registrationId: string; name: string }) => (
    <span
      key={p.registrationId}
      data-testid="court-player"
      className={cn(
        "min-w-0 rounded-lg leading-snug font-medium",
        // The TV keeps a name to a line; on the board it wraps (hyphenated), never "Player 01 Fea…".
        large ? "truncate px-3 py-1.5 text-2xl" : "hyphens-auto px-2.5 py-2 text-sm",
        highlight === p.registrationId ? "bg-ball text-ink" : "bg-brand-50",
      )}
    >
      {p.name}
      {court.answered.includes(p.registrationId) ? <OnTheWay /> : null}
    </span>
  );
  return (
    <Card
      // Out of play reads as muted, while its Bring Back stays a live button.
      className={cn(court.status === "unavailable" && "bg-slate-50")}
      data-testid="court"
      data-court={court.name}
    >
      <CardHeader
        className={cn(
          "flex-row flex-wrap items-center justify-between gap-2",
          court.status === "unavailable" && "opacity-60",
        )}
      >
        <CardTitle className={large ? "text-3xl" : "text-xl"}>{court.name}</CardTitle>
        <div className="flex items-center gap-2">
          {format ? (
            <Badge tone="neutral" data-testid="court-format">
              {format}
            </Badge>
          ) : null}
          <Badge
            tone={
              court.status === "playing" || court.status === "event"
                ? "brand"
                : court.status === "idle"
                  ? "neutral"
                  : "danger"
            }
          >
            {court.keptForTheEnd ? "Done" : court.waitingToMix ? "Mixing" : statusLabel[court.status]}
          </Badge>
          {court.game ? (
            <span className={cn("text-muted", large ? "text-xl" : "text-sm")}>
              <Elapsed since={court.game.startedAt} />
            </span>
          ) : null}
          {held ? (
            <Badge tone="ball" data-testid="score-held">
              Score kept on phone
            </Badge>
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
            <span
              className={cn(
                "flex flex-col items-center font-bold text-muted",
                large ? "text-center text-base" : "text-xs",
              )}
            >
              VS
              {/* The predicted chance, from the ladder: for the phones, not the TV across the gym. */}
              {!large && court.game.chanceA !== null ? (
                <span
                  className="mt-1 font-normal whitespace-nowrap tabular-nums"
                  title="Each side's chance to win, from the ladder's ratings"
                  data-testid="win-chance"
                >
                  {court.game.chanceA}–{100 - court.game.chanceA}%
                  {/* A phone cannot hover for the title: a bare "61–39%" read as a score. */}
                  <span className="block"> to win</span>
                </span>
              ) : null}
            </span>
            <div className="flex min-w-0 flex-col gap-1">{court.game.teamB.map(name)}</div>
          </div>
        ) : (
          <p className="text-sm text-muted">
            {court.status === "event" ? (
              <>
                Tonight's event plays here until it finishes.{" "}
                {sessionId ? (
                  <Link
                    className="font-semibold text-brand-700 underline"
                    to={`/sessions/${sessionId}/event`}
                  >
                    See its games
                  </Link>
                ) : (
                  "Its page has the games."
                )}
              </>
            ) : (
              idleText(court, canManage)
            )}
          </p>
        )}
        {/* Nobody goes on a court out of play, one the last call keeps free, one the organizer
            keeps free, or yet on one waiting to mix: no next group to show ("Waiting for players"
            on a court kept free read as a stuck line beside ten waiting). */}
        <div
          hidden={
            court.status === "unavailable" ||
            court.status === "event" ||
            court.keptForTheEnd ||
            court.waitingToMix ||
            court.held
          }
        >
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">Next Up</p>
          <p className={cn(large ? "text-xl" : "text-sm")}>
            {court.nextUp.length ? (
              <>
                {court.nextUp.map((p, i) => (
                  <span key={p.registrationId}>
                    {i > 0 ? " · " : ""}
                    {p.name}
                    {court.answered.includes(p.registrationId) ? <OnTheWay /> : null}
                  </span>
                ))}
                {court.comingOff > 0 ? (
                  <span data-testid="coming-off" className="text-muted">
                    {" "}
                    + {court.comingOff} coming off court
                  </span>
                ) : null}
              </>
            ) : (
              noGroupYet(court, inRounds)
            )}
          </p>
        </div>
        {/* The event's court is run from the event's page: the board has nothing to do here. */}
        {canManage && orgId && court.status !== "event" ? (
          <CourtControls
            court={court}
            orgId={orgId}
            onScore={() => setScoring(true)}
            onToggleSingles={onToggleSingles}
            callTimeoutMinutes={callTimeoutMinutes}
          />
        ) : null}
      </CardContent>
      {court.game && orgId ? (
        // Keyed by game: points typed for one game never carry over to the next.
        <ScoreSheet
          key={court.game.id}
          open={scoring}
          onOpenChange={setScoring}
          orgId={orgId}
          court={court}
        />
      ) : null}
    </Card>
  );
}

/**
 * The court's format when it is not plain doubles, or about to change: "Singles" over four
 * players read as a mistake, since the switch waits for the next game.
 */
function formatBadge(court: BoardCourt): string | null {
  const aSide = court.game?.teamA.length;
  if (court.singles) return aSide === 2 ? "Singles next" : "Singles";
  return aSide === 1 ? "Doubles next" : null;
}

/**
 * A court with no next group shown. A playing one's is chosen later: the line is already
 * promised to courts freeing sooner, or too short for a group ("Waiting for players" beside a
 * full line read as a stuck queue).
 */
function noGroupYet(court: BoardCourt, inRounds: boolean): string {
  if (!court.game) return "Waiting for players";
  return inRounds ? "Chosen when the round ends" : "Chosen from the line when this game ends";
}

/** What a court with no game says: why it is empty, and what happens next. */
function idleText(court: BoardCourt, canManage: boolean): string {
  // Taken out for a spill or a net: players read "this session" as gone for the night.
  if (court.status === "unavailable") return "Closed for now.";
  if (court.keptForTheEnd)
    return "Done for tonight: a game here would end its players two games ahead of someone still playing.";
  if (court.waitingToMix)
    return `Starts when the next court frees: the four waiting have partnered each other every way, so the two groups mix.${canManage ? " Fill Courts starts it now." : ""}`;
  return "Free court.";
}
