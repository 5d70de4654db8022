// Session dates and times as SPEC §2 shows them: long dates, short times, in the club's zone.
import { dateTimeFormat } from "./formatters.js";

const LONG_DATE = { weekday: "long", year: "numeric", month: "long", day: "numeric" } as const;
const SHORT_TIME = { hour: "numeric", minute: "2-digit" } as const;

export function longDate(iso: string, timeZone: string): string {
  return dateTimeFormat(LONG_DATE, timeZone).format(new Date(iso));
}

export function shortTime(iso: string, timeZone: string): string {
  return dateTimeFormat(SHORT_TIME, timeZone).format(new Date(iso));
}

export function timeRange(startsAt: string, endsAt: string, timeZone: string): string {
  return `${shortTime(startsAt, timeZone)} - ${shortTime(endsAt, timeZone)}`;
}

/** "1 hour", "24 hours": a refund cut-off as people say it. */
export function hoursPhrase(hours: number): string {
  return hours === 1 ? "1 hour" : `${hours} hours`;
}
