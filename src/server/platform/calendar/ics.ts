// iCalendar (RFC 5545) for sessions. Times are written in the club's zone (TZID) with a
// VTIMEZONE built from the zone's actual offset changes, so calendar apps show 6 PM as 6 PM
// on both sides of a daylight-saving change. That is also what keeps a weekly series right:
// its RRULE repeats the DTSTART's wall-clock time in its TZID, so one rule spans the change
// (in UTC it would drift an hour, and would have to be split at every change).
import { nextOffsetChange, offsetMinutes, wallTimeAt } from "../../../shared/domain/time-zones.js";
import { gatherSeries, type WeeklyRecurrence } from "./series.js";

export type CalendarEvent = {
  uid: string;
  title: string;
  description?: string;
  location?: string;
  startsAt: Date;
  endsAt: Date;
  cancelled?: boolean;
  url?: string;
  /** Events of one weekly series share it, and are written as one recurring event (series.ts). */
  series?: { uid: string; url?: string };
  /** One week of a recurring event written on its own (with the series' UID): the week's start. */
  recurrenceId?: Date;
};

export function buildCalendar(input: {
  name: string;
  timeZone: string;
  events: CalendarEvent[];
  now: Date;
}): string {
  const { timeZone, events, now } = input;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Courtside//Sessions//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(input.name)}`,
    `X-WR-TIMEZONE:${timeZone}`,
    ...timeZoneBlock(timeZone, events),
  ];
  const { recurrences, single } = gatherSeries(events, timeZone);
  const entries = [
    ...single.map((event) => ({ event, recurrence: undefined as WeeklyRecurrence | undefined })),
    ...recurrences.map((recurrence) => ({ event: recurrence.first, recurrence })),
  ].sort((a, b) => a.event.startsAt.getTime() - b.event.startsAt.getTime());
  for (const { event, recurrence } of entries) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${event.uid}`,
      `DTSTAMP:${utcStamp(now)}`,
      `DTSTART;TZID=${timeZone}:${localStamp(event.startsAt, timeZone)}`,
      `DTEND;TZID=${timeZone}:${localStamp(event.endsAt, timeZone)}`,
    );
    if (event.recurrenceId)
      lines.push(`RECURRENCE-ID;TZID=${timeZone}:${localStamp(event.recurrenceId, timeZone)}`);
    if (recurrence) lines.push(...ruleLines(recurrence, timeZone));
    lines.push(`SUMMARY:${escapeText(event.title)}`);
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
    if (event.url) lines.push(`URL:${event.url}`);
    lines.push(`STATUS:${event.cancelled ? "CANCELLED" : "CONFIRMED"}`, "END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return `${lines.map(fold).join("\r\n")}\r\n`;
}

/**
 * COUNT weeks from DTSTART, less the excluded ones. COUNT counts the weeks the rule generates
 * before EXDATE removes any (RFC 5545 §3.8.5.3). An EXDATE names the wall-clock start the rule
 * generates that week, in the same TZID, which is the form calendar apps match reliably.
 */
function ruleLines({ first, count, excludedWeeks }: WeeklyRecurrence, timeZone: string): string[] {
  const lines = [`RRULE:FREQ=WEEKLY;COUNT=${count}`];
  const start = wallTimeAt(first.startsAt, timeZone);
  for (const week of excludedWeeks) {
    const day = new Date(Date.UTC(start.year, start.month - 1, start.day + 7 * week));
    const stamp = `${day.getUTCFullYear()}${pad(day.getUTCMonth() + 1)}${pad(day.getUTCDate())}`;
    lines.push(`EXDATE;TZID=${timeZone}:${stamp}T${pad(start.hour)}${pad(start.minute)}${pad(start.second)}`);
  }
  return lines;
}

/**
 * One STANDARD/DAYLIGHT component per offset change in the years the events span (the zone's own
 * transitions, from its rules), plus the offset in force before the first.
 */
function timeZoneBlock(timeZone: string, events: CalendarEvent[]): string[] {
  const times = events.flatMap((e) => [e.startsAt.getTime(), e.endsAt.getTime()]);
  const from = Date.UTC(new Date(times.length ? Math.min(...times) : Date.now()).getUTCFullYear(), 0, 1);
  const to = Date.UTC(new Date(times.length ? Math.max(...times) : Date.now()).getUTCFullYear() + 1, 0, 1);
  const initial = offsetMinutes(new Date(from), timeZone);
  const lines = ["BEGIN:VTIMEZONE", `TZID:${timeZone}`];
  lines.push(...component(new Date(from), initial, initial, timeZone));
  let previous = initial;
  for (let change = nextOffsetChange(new Date(from), timeZone); change && change.getTime() <= to; ) {
    const offset = offsetMinutes(change, timeZone);
    lines.push(...component(change, previous, offset, timeZone));
    previous = offset;
    change = nextOffsetChange(change, timeZone);
  }
  lines.push("END:VTIMEZONE");
  return lines;
}

function component(at: Date, fromOffset: number, toOffset: number, timeZone: string): string[] {
  const kind = toOffset > fromOffset ? "DAYLIGHT" : "STANDARD";
  // DTSTART of a transition is the wall time just before it, in the old offset.
  const wallBefore = new Date(at.getTime() + fromOffset * 60_000);
  const stamp = `${wallBefore.getUTCFullYear()}${pad(wallBefore.getUTCMonth() + 1)}${pad(wallBefore.getUTCDate())}T${pad(
    wallBefore.getUTCHours(),
  )}${pad(wallBefore.getUTCMinutes())}00`;
  return [
    `BEGIN:${kind}`,
    `DTSTART:${stamp}`,
    `TZOFFSETFROM:${formatOffset(fromOffset)}`,
    `TZOFFSETTO:${formatOffset(toOffset)}`,
    `TZNAME:${zoneAbbreviation(at, timeZone)}`,
    `END:${kind}`,
  ];
}

function zoneAbbreviation(at: Date, timeZone: string): string {
  const part = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" })
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName");
  return part?.value ?? formatOffset(offsetMinutes(at, timeZone));
}

const pad = (n: number) => String(n).padStart(2, "0");

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

function localStamp(date: Date, timeZone: string): string {
  const w = wallTimeAt(date, timeZone);
  return `${w.year}${pad(w.month)}${pad(w.day)}T${pad(w.hour)}${pad(w.minute)}${pad(w.second)}`;
}

function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

// Every line break (CRLF, a bare CR or LF) becomes the escaped "\n", and other control
// characters are dropped: a raw CR would end the line and let a description write its own
// properties (BEGIN:VALARM) into someone's calendar.
function escapeText(value: string): string {
  return (
    value
      .replace(/\\/g, "\\\\")
      .replace(/;/g, "\\;")
      .replace(/,/g, "\\,")
      .replace(/\r\n|\r|\n/g, "\\n")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
  );
}

/**
 * Lines longer than 75 octets continue on the next line after a space, which counts toward that
 * line's 75 (RFC 5545 §3.1). Cuts fall between code points, measured in UTF-8: cutting inside
 * one (an emoji is two UTF-16 units and four octets) would turn it into U+FFFD for the reader.
 */
function fold(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, "utf8");
    if (octets + size > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}
