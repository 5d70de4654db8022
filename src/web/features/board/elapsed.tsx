import { useEffect, useState } from "react";

/** "m:ss" from `since` to `now` (never below 0:00 when the clocks disagree). */
export function elapsedText(since: string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - new Date(since).getTime()) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
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

/** Minutes and seconds since `since`, ticking every second. */
export function Elapsed({ since }: { since: string }) {
  const now = useNow();
  return <span className="tabular-nums">{elapsedText(since, now)}</span>;
}
