import { Check, Coffee, Footprints, Play, SkipForward } from "lucide-react";
import { type MyPlace, waitRangeText } from "../../../shared/contracts/board.js";
import { Button } from "../../components/ui/button.js";
import { cn } from "../../lib/cn.js";
import { useMyAction } from "./board-api.js";

/**
 * A player's own line on their phone: where they stand, in one sentence, and what they may do
 * themselves: answer a call to a court ("on my way"), let the next group go ahead this time,
 * step away for a while (off court or after this game) and come back.
 */
export function MyPlaceBanner({ me, orgId }: { me: MyPlace; orgId: string }) {
  const myAction = useMyAction(orgId);
  if (me.state === "not-checked-in") return null;
  const text =
    me.state === "playing"
      ? `You're playing on ${me.courtName}`
      : me.state === "up-next"
        ? `You're up next on ${me.courtName}`
        : me.state === "on-break"
          ? "You're on a break"
          : `You're number ${me.position} in line · ${me.waitRange ? `about ${waitRangeText(me.waitRange)}` : "soon"}`;
  const onBreak = me.state === "on-break";
  const called = me.state === "playing" || me.state === "up-next";
  return (
    <div
      data-testid="my-place"
      className={cn(
        "flex flex-wrap items-center justify-between gap-3 rounded-2xl px-5 py-4",
        me.state === "up-next"
          ? "bg-ball text-ink"
          : me.state === "playing"
            ? "bg-brand-700 text-white"
            : "bg-white text-ink shadow-sm",
      )}
    >
      <p role="status" className="text-lg font-bold">
        {text}
      </p>
      <div className="flex flex-wrap gap-2">
        {/* Called to a court: the organizer sees the answer on the court's card. */}
        {called && !me.answered ? (
          <Button
            size="touch"
            variant="ball"
            disabled={myAction.busy}
            onClick={() => void myAction.run("on-my-way")}
          >
            <Footprints className="h-4 w-4" /> On My Way
          </Button>
        ) : null}
        {called && me.answered ? (
          <span className="inline-flex min-h-11 items-center gap-1 font-semibold" data-testid="answered">
            <Check className="h-4 w-4" /> On your way
          </span>
        ) : null}
        {me.state === "up-next" ? (
          <Button
            size="touch"
            variant="secondary"
            disabled={myAction.busy}
            onClick={() => void myAction.run("skip")}
          >
            <SkipForward className="h-4 w-4" /> Skip Me This Time
          </Button>
        ) : null}
        <Button
          size="touch"
          variant={onBreak ? "primary" : "secondary"}
          disabled={myAction.busy}
          onClick={() => void myAction.run(onBreak ? "return" : "break")}
        >
          {onBreak ? <Play className="h-4 w-4" /> : <Coffee className="h-4 w-4" />}
          {onBreak ? "I'm Back" : me.state === "playing" ? "Break After This Game" : "Take a Break"}
        </Button>
      </div>
    </div>
  );
}
