import { type MyPlace, waitRangeText } from "../../../shared/contracts/board.js";
import { cn } from "../../lib/cn.js";

/** A player's own line on their phone: where they stand, in one sentence. */
export function MyPlaceBanner({ me }: { me: MyPlace }) {
  if (me.state === "not-checked-in") return null;
  const text =
    me.state === "playing"
      ? `You're playing on ${me.courtName}`
      : me.state === "up-next"
        ? `You're up next on ${me.courtName}`
        : me.state === "on-break"
          ? "You're on a break"
          : `You're number ${me.position} in line · ${me.waitRange ? `about ${waitRangeText(me.waitRange)}` : "soon"}`;
  return (
    <div
      role="status"
      data-testid="my-place"
      className={cn(
        "rounded-2xl px-5 py-4 text-lg font-bold",
        me.state === "up-next"
          ? "bg-ball text-ink"
          : me.state === "playing"
            ? "bg-brand-700 text-white"
            : "bg-white text-ink shadow-sm",
      )}
    >
      {text}
    </div>
  );
}
