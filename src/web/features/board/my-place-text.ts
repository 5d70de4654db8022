// A player's place tonight in one sentence: on their board banner and on their dashboard. Its
// own small file, so the dashboard reads it without the board's code.
import { type BoardView, type MyPlace, waitRangeText } from "../../../shared/contracts/board.js";

/**
 * Where a checked-in player stands tonight, in one sentence (null when not checked in).
 * `calledAt`: when their game started, that is when they were called to it (calledAtOf).
 */
export function myPlaceText(me: MyPlace, now = Date.now(), calledAt?: number): string | null {
  if (me.state === "playing") {
    // Just called and not yet on their way: "You're playing" read as if they were already there.
    const justCalled = !me.answered && calledAt !== undefined && now - calledAt < HEAD_OVER_MS;
    return justCalled ? `You're on ${me.courtName} now: head over` : `You're playing on ${me.courtName}`;
  }
  // Up next, the wait is the time left on that court's game (board-view.ts): when to head over.
  if (me.state === "up-next")
    return `You're up next on ${me.courtName}${me.waitRange ? ` · about ${waitRangeText(me.waitRange)}` : ""}`;
  if (me.state === "on-break") {
    // The server lists a player whose leaving time has come with those on a break: I'm Back keeps them on.
    const gone = me.leavesAt !== null && Date.parse(me.leavesAt) <= now;
    return gone ? "Your leaving time has come: you're off the line" : "You're on a break";
  }
  if (me.state === "in-event") return "You're in tonight's event: your games are on its page";
  if (me.state === "waiting") {
    // No wait at all is no court to wait for (every court out of play): "about now" was untrue.
    if (me.waitRange && me.waitRange.high <= 0) return `You're number ${me.position} in line`;
    return `You're number ${me.position} in line · ${me.waitRange ? `about ${waitRangeText(me.waitRange)}` : "soon"}`;
  }
  return null;
}

/** How long after a call an unanswered player is still told to head over. */
const HEAD_OVER_MS = 5 * 60_000;

/** When the player's game on court started, read from the board's courts. */
export function calledAtOf(me: MyPlace, courts: BoardView["courts"]): number | undefined {
  if (me.state !== "playing") return undefined;
  const started = courts.find((c) => c.name === me.courtName)?.game?.startedAt;
  return started ? Date.parse(started) : undefined;
}
