// Weekly series in a calendar: the sessions a weekly repeat made (they share a series) become
// one recurring event, so a calendar app shows "every Tuesday" rather than a run of unrelated
// events.
//
// A session edited on its own (another time, name or description) is written as an event of
// its own, and the week it came from is excluded from the rule (EXDATE), rather than as an
// override with RECURRENCE-ID. An override has to name the occurrence it replaces, and we keep
// no record of which week an edited session first belonged to: guessing it (the nearest week?)
// goes wrong once a session moves across a week boundary, and two guesses naming one week
// make a broken file. Excluding every week that has no session at the pattern's time, and
// writing each other session as itself, is correct whatever was edited, and a subscribed feed
// is read-only, so nothing is lost by the override's "this is week 3 of the series" link.
import { wallTimeAt, weekdayAt } from "../../../shared/domain/time-zones.js";
import type { CalendarEvent } from "./ics.js";

export type WeeklyRecurrence = {
  /** The first occurrence, with the series' UID and URL: its times and text are the pattern's. */
  first: CalendarEvent;
  /** Weeks the rule generates (RRULE COUNT), the excluded ones included. */
  count: number;
  /** Weeks after `first` (1 is the week after) that the rule must skip: cancelled or moved. */
  excludedWeeks: number[];
};

/**
 * Splits events into weekly recurrences (one per series that has at least two sessions at its
 * pattern's time) and events written on their own: sessions of no series, and sessions of a
 * series that are not occurrences of its rule.
 */
export function gatherSeries(
  events: CalendarEvent[],
  timeZone: string,
): { recurrences: WeeklyRecurrence[]; single: CalendarEvent[] } {
  const groups = new Map<string, CalendarEvent[]>();
  const single: CalendarEvent[] = [];
  for (const event of events) {
    if (!event.series) single.push(event);
    else groups.set(event.series.uid, [...(groups.get(event.series.uid) ?? []), event]);
  }
  const recurrences: WeeklyRecurrence[] = [];
  for (const group of groups.values()) {
    const found = recurrenceOf(group, timeZone);
    if (found) recurrences.push(found.recurrence);
    single.push(...(found ? found.apart : group));
  }
  return { recurrences, single };
}

/**
 * How a calendar of these events names the one of this UID, so that a file of that event alone
 * names it the same way: a week of a weekly recurrence by the series' UID and the week's start
 * (its RECURRENCE-ID: the UID alone would stand for the whole series), any other event by its
 * own UID.
 */
export function identityIn(
  events: CalendarEvent[],
  timeZone: string,
  uid: string,
): Pick<CalendarEvent, "uid" | "recurrenceId"> {
  const event = events.find((e) => e.uid === uid);
  if (!event?.series) return { uid };
  const { series } = event;
  const found = recurrenceOf(
    events.filter((e) => e.series?.uid === series.uid),
    timeZone,
  );
  return found?.weeks.includes(event) ? { uid: series.uid, recurrenceId: event.startsAt } : { uid };
}

function recurrenceOf(group: CalendarEvent[], timeZone: string) {
  const sorted = [...group].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const shapeOf = (e: CalendarEvent) => shape(e, timeZone);
  // The pattern is what most of the sessions that still happen look like (the earliest wins a
  // tie), so one edited week does not drag the whole series to its new time.
  const tally = new Map<string, number>();
  for (const e of sorted) if (!e.cancelled) tally.set(shapeOf(e), (tally.get(shapeOf(e)) ?? 0) + 1);
  const [pattern, occurrences] = [...tally].reduce(
    (best, next) => (next[1] > best[1] ? next : best),
    ["", 0],
  );
  if (occurrences < 2) return null;

  const held = sorted.filter((e) => !e.cancelled && shapeOf(e) === pattern);
  const first = held[0]!;
  const weekOf = (e: CalendarEvent) => Math.round(daysBetween(first.startsAt, e.startsAt, timeZone) / 7);
  const count = weekOf(held.at(-1)!) + 1;
  const taken = new Map<number, CalendarEvent>();
  const skipped = new Map<number, CalendarEvent>();
  const apart: CalendarEvent[] = [];
  for (const e of sorted) {
    const week = weekOf(e);
    const inRule = shapeOf(e) === pattern && week >= 0 && week < count;
    // A cancelled week of the pattern is one the rule skips; a second session at the same
    // time is not the rule's to write twice.
    if (inRule && !e.cancelled && !taken.has(week)) taken.set(week, e);
    else if (inRule && e.cancelled) skipped.set(week, e);
    else apart.push(e);
  }
  const excludedWeeks = Array.from({ length: count }, (_, week) => week).filter((week) => !taken.has(week));
  // The sessions the rule stands for: its held weeks, and the cancelled ones its EXDATEs skip.
  const weeks = [...taken.values(), ...[...skipped].filter(([week]) => !taken.has(week)).map(([, e]) => e)];
  const recurrence: WeeklyRecurrence = {
    first: { ...first, uid: first.series!.uid, url: first.series!.url },
    count,
    excludedWeeks,
  };
  return { recurrence, apart, weeks };
}

/** What makes two sessions the same weekly event: text, weekday and wall-clock times. */
function shape(e: CalendarEvent, timeZone: string): string {
  const at = (date: Date) => {
    const w = wallTimeAt(date, timeZone);
    return [weekdayAt(date, timeZone), w.hour, w.minute, w.second];
  };
  return JSON.stringify([e.title, e.description ?? "", e.location ?? "", at(e.startsAt), at(e.endsAt)]);
}

/** Calendar days from `a` to `b` in the club's zone (a week across a DST change is still 7). */
function daysBetween(a: Date, b: Date, timeZone: string): number {
  const day = (date: Date) => {
    const w = wallTimeAt(date, timeZone);
    return Date.UTC(w.year, w.month - 1, w.day) / 86_400_000;
  };
  return day(b) - day(a);
}
