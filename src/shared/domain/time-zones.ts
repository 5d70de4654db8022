// Wall-clock times in a club's IANA time zone, through the Temporal polyfill: its time-zone rules
// say exactly what a wall time on a change night means, which hand-rolled offset arithmetic got
// wrong (decision 010).
import { Temporal } from "temporal-polyfill";

export type WallTime = { year: number; month: number; day: number; hour: number; minute: number };

function zoned(date: Date, timeZone: string): Temporal.ZonedDateTime {
  return Temporal.Instant.fromEpochMilliseconds(date.getTime()).toZonedDateTimeISO(timeZone);
}

/** The wall-clock time in `timeZone` at the instant `date`. */
export function wallTimeAt(date: Date, timeZone: string): WallTime & { second: number } {
  const z = zoned(date, timeZone);
  return { year: z.year, month: z.month, day: z.day, hour: z.hour, minute: z.minute, second: z.second };
}

/** The ISO day of the week in `timeZone` at `date`: 1 is Monday, 7 is Sunday. */
export function weekdayAt(date: Date, timeZone: string): number {
  return zoned(date, timeZone).dayOfWeek;
}

/** Minutes east of UTC that `timeZone` observes at `date` (New York in winter: -300). */
export function offsetMinutes(date: Date, timeZone: string): number {
  return Math.round(zoned(date, timeZone).offsetNanoseconds / 60e9);
}

/**
 * The instant at which `timeZone` shows `wall`. A wall time skipped by a spring-forward gap moves
 * forward by the length of the gap (New York 02:30 on its spring night is 03:30 EDT); a repeated
 * one (fall back) is its first occurrence. This is Temporal's "compatible" rule, and RFC 5545's.
 */
export function instantOf(wall: WallTime, timeZone: string): Date {
  const z = Temporal.PlainDateTime.from(wall).toZonedDateTime(timeZone, { disambiguation: "compatible" });
  return new Date(z.epochMilliseconds);
}

/** The next instant after `date` at which `timeZone` changes its offset, if it ever does. */
export function nextOffsetChange(date: Date, timeZone: string): Date | null {
  const next = zoned(date, timeZone).getTimeZoneTransition("next");
  return next ? new Date(next.epochMilliseconds) : null;
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
  const later = Temporal.PlainDate.from(w).add({ weeks });
  return instantOf(
    { year: later.year, month: later.month, day: later.day, hour: w.hour, minute: w.minute },
    timeZone,
  );
}
