import { Coffee, Play } from "lucide-react";
import { type MyPlace, waitRangeText } from "../../../shared/contracts/board.js";
import { Button } from "../../components/ui/button.js";
import { cn } from "../../lib/cn.js";
import { useMyBreak } from "./board-api.js";

/**
 * A player's own line on their phone: where they stand, in one sentence, and the one thing
 * they may change themselves: stepping away for a while (off court or after this game), and
 * coming back.
 */
export function MyPlaceBanner({ me, orgId }: { me: MyPlace; orgId: string }) {
  const myBreak = useMyBreak(orgId);
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
      <Button
        size="touch"
        variant={onBreak ? "primary" : "secondary"}
        disabled={myBreak.busy}
        onClick={() => void myBreak.run(onBreak ? "return" : "break")}
      >
        {onBreak ? <Play className="h-4 w-4" /> : <Coffee className="h-4 w-4" />}
        {onBreak ? "I'm Back" : me.state === "playing" ? "Break After This Game" : "Take a Break"}
      </Button>
    </div>
  );
}
