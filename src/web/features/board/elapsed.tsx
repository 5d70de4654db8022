import { Timer } from "lucide-react";
import { useEffect, useState } from "react";

/** Whole seconds from `since` to `now`, never below 0 when the clocks disagree. */
const secondsSince = (since: string, now: number) =>
  Math.max(0, Math.floor((now - Date.parse(since)) / 1000));

/** "m:ss" from `since` to `now`. */
export function elapsedText(since: string, now: number): string {
  const seconds = secondsSince(since, now);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * "12 min" on court, for the TV: read from across a gym, a ticking "1:13" was taken for the time
 * of day or a score, and the seconds told no one anything.
 */
export function minutesOnCourtText(since: string, now: number): string {
  return `${Math.floor(secondsSince(since, now) / 60)} min`;
}

/** The time now, in milliseconds, ticking every `everyMs`. */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** Minutes and seconds since `since`, ticking every second, behind a timer so it reads as time played. */
export function Elapsed({ since }: { since: string }) {
  const now = useNow();
  return (
    <span className="inline-flex items-center gap-1 tabular-nums" title="Time on court">
      <Timer className="h-3.5 w-3.5" aria-hidden="true" />
      <span className="sr-only">on court for </span>
      {elapsedText(since, now)}
    </span>
  );
}
