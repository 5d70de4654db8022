// Wall-clock times in a club's IANA time zone, without a time zone library: Intl tells us a
// zone's offset at any instant, and that is all the conversions below need.

export type WallTime = { year: number; month: number; day: number; hour: number; minute: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock time in `timeZone` at the instant `date`. */
export function wallTimeAt(date: Date, timeZone: string): WallTime & { second: number } {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** Minutes east of UTC that `timeZone` observes at `date` (New York in winter: -300). */
export function offsetMinutes(date: Date, timeZone: string): number {
  const w = wallTimeAt(date, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant at which `timeZone` shows `wall`. A wall time skipped by a spring-forward gap
 * resolves to the instant just after the gap; a repeated one (fall back) to its first occurrence.
 */
export function instantOf(wall: WallTime, timeZone: string): Date {
  const naive = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // Two passes settle the offset even when the first guess falls across a transition.
  let guess = naive - offsetMinutes(new Date(naive), timeZone) * 60_000;
  guess = naive - offsetMinutes(new Date(guess), timeZone) * 60_000;
  return new Date(guess);
}

/** "2026-03-14T18:30" (a datetime-local input's value) read as a wall time. */
export function parseWallTime(value: string): WallTime | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return null;
  const [, year, month, day, hour, minute] = m.map(Number) as number[];
  return { year: year!, month: month!, day: day!, hour: hour!, minute: minute! };
}

/** The inverse of parseWallTime, for filling a datetime-local input. */
export function toWallTimeInput(date: Date, timeZone: string): string {
  const w = wallTimeAt(date, timeZone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** The same wall-clock time `weeks` weeks later in the club's zone: 6 PM stays 6 PM across DST. */
export function addWeeksInZone(date: Date, weeks: number, timeZone: string): Date {
  const w = wallTimeAt(date, timeZone);
  const shifted = new Date(Date.UTC(w.year, w.month - 1, w.day + 7 * weeks));
  return instantOf(
    {
      year: shifted.getUTCFullYear(),
      month: shifted.getUTCMonth() + 1,
      day: shifted.getUTCDate(),
      hour: w.hour,
      minute: w.minute,
    },
    timeZone,
  );
}
