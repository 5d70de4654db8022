// "Leaving at 8:30": a time of day typed on the phone, in the club's time zone, as the instant
// the server stores, and that instant read back as the club's clock shows it.
import { instantOf, wallTimeAt } from "../../../shared/domain/time-zones.js";

/**
 * The next time the club's clock reads `hhmm` ("20:30", a time input's value) after `now`:
 * today, or tomorrow when that time has already gone by tonight (1:00 typed at 11 PM).
 */
export function nextAtClock(hhmm: string, now: Date, timeZone: string): Date | null {
  const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!match) return null;
  const [hour, minute] = [Number(match[1]), Number(match[2])];
  if (hour > 23 || minute > 59) return null;
  const today = wallTimeAt(now, timeZone);
  const at = instantOf({ year: today.year, month: today.month, day: today.day, hour, minute }, timeZone);
  if (at.getTime() > now.getTime()) return at;
  // The same wall time a day later (a day is not always 24 hours where the clocks change).
  const tomorrow = wallTimeAt(new Date(at.getTime() + 36 * 3_600_000), timeZone);
  return instantOf({ year: tomorrow.year, month: tomorrow.month, day: tomorrow.day, hour, minute }, timeZone);
}

/** "8:30 PM", as the club's clock shows the instant. */
export function clockText(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone }).format(
    new Date(iso),
  );
}

/** The time input's value ("20:30") for an instant, on the club's clock. */
export function inputValue(iso: string, timeZone: string): string {
  const wall = wallTimeAt(new Date(iso), timeZone);
  return `${String(wall.hour).padStart(2, "0")}:${String(wall.minute).padStart(2, "0")}`;
}
