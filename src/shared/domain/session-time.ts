// Session dates and times as the app shows them: long dates, short times, in the club's zone.
import { dateTimeFormat } from "./formatters.js";

const LONG_DATE = { weekday: "long", year: "numeric", month: "long", day: "numeric" } as const;
const SHORT_TIME = { hour: "numeric", minute: "2-digit" } as const;

// A session's labels are asked for again and again (every view of the club page formats the
// same next five sessions), and formatting is slow next to a Map look-up: each label is kept
// once made. The set is bounded: when full it starts again.
const MAX_LABELS = 10_000;
const labels = new Map<string, string>();

function label(kind: "date" | "time", iso: string, timeZone: string): string {
  const key = `${kind}|${timeZone}|${iso}`;
  let text = labels.get(key);
  if (text === undefined) {
    text = dateTimeFormat(kind === "date" ? LONG_DATE : SHORT_TIME, timeZone).format(new Date(iso));
    if (labels.size >= MAX_LABELS) labels.clear();
    labels.set(key, text);
  }
  return text;
}

export function longDate(iso: string, timeZone: string): string {
  return label("date", iso, timeZone);
}

export function shortTime(iso: string, timeZone: string): string {
  return label("time", iso, timeZone);
}

/** When a window opens or a draw happens, in a sentence: "Monday, December 7 at 9:00 AM". */
export function openingTime(instant: string | Date, timeZone: string): string {
  return dateTimeFormat(
    { weekday: "long", month: "long", day: "numeric", hour: "numeric", minute: "2-digit" },
    timeZone,
  ).format(new Date(instant));
}

/** The same on a card or a dashboard line: "Mon, Dec 7, 9:00 AM". */
export function shortOpeningTime(instant: string | Date, timeZone: string): string {
  return dateTimeFormat(
    { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" },
    timeZone,
  ).format(new Date(instant));
}

export function timeRange(startsAt: string, endsAt: string, timeZone: string): string {
  return `${shortTime(startsAt, timeZone)} - ${shortTime(endsAt, timeZone)}`;
}

/** "1 hour", "24 hours": a refund cut-off as people say it. */
export function hoursPhrase(hours: number): string {
  return hours === 1 ? "1 hour" : `${hours} hours`;
}

/** A scheduled session whose start has passed and whose end has not: tonight's, shown as "Now". */
export function isHappeningNow(
  session: { status: string; startsAt: string; endsAt: string },
  now: number = Date.now(),
): boolean {
  return (
    session.status === "scheduled" && Date.parse(session.startsAt) <= now && now < Date.parse(session.endsAt)
  );
}

/** How long before its start a session is started without asking (the doors open, people warm up). */
export const EARLY_START_MS = 60 * 60_000;

/**
 * The question before starting a session long before its time, or null when it is near: "Tuesday
 * Ladder starts at 7:00 PM, in 5 hours. Start it now?" A session started a day early had run
 * beside tonight's on the demo club, its sign-ups checked in to the wrong night.
 */
export function earlyStartQuestion(
  session: { name: string; startsAt: string },
  timeZone: string,
  now: number = Date.now(),
): string | null {
  const ahead = Date.parse(session.startsAt) - now;
  if (ahead <= EARLY_START_MS) return null;
  const hours = Math.round(ahead / 3_600_000);
  const when =
    hours < 24
      ? `at ${shortTime(session.startsAt, timeZone)}, in ${hoursPhrase(hours)}`
      : `on ${openingTime(session.startsAt, timeZone)}`;
  return `${session.name} starts ${when}. Start it now? Check-in opens and the court board follows it from now.`;
}
