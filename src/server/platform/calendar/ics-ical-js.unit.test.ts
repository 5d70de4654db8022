// Our calendar files as a calendar app reads them: through ical.js, from the UTF-8 bytes we
// send (a fold cut inside a character only shows once the text is encoded and decoded).
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { instantOf } from "../../../shared/domain/time-zones.js";
import { buildCalendar, type CalendarEvent } from "./ics.js";

const NY = "America/New_York";
const now = new Date("2026-02-01T00:00:00Z");
const at = (day: number, hour = 18) => instantOf({ year: 2026, month: 3, day, hour, minute: 0 }, NY);
const twoHours = 2 * 3_600_000;

/** The file's bytes as a reader decodes them, its physical lines, and its events. */
function read(ics: string) {
  const bytes = Buffer.from(ics, "utf8");
  const text = new TextDecoder("utf-8").decode(bytes);
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
  return { text, lines: text.split("\r\n"), events };
}

/** Every start the event stands for, recurrences expanded, as instants. */
function starts(event: ICAL.Event): string[] {
  const found: string[] = [];
  const expansion = event.iterator();
  for (let next = expansion.next(); next && found.length < 100; next = expansion.next()) {
    found.push(next.toJSDate().toISOString());
  }
  return found;
}

const weekly = (seriesUid: string, days: number[], edit: (e: CalendarEvent, i: number) => CalendarEvent) =>
  days.map((day, i) =>
    edit(
      {
        uid: `${seriesUid.split("@")[0]}-week${i}@courtside`,
        title: "Tuesday Open Play",
        description: "All levels",
        startsAt: at(day),
        endsAt: new Date(at(day).getTime() + twoHours),
        url: `https://courtside.example/sessions/week${i}`,
        series: { uid: seriesUid, url: "https://courtside.example/sessions" },
      },
      i,
    ),
  );

describe("folding, as ical.js reads it", () => {
  it("keeps every emoji whole wherever a fold falls, and every line within 75 octets", () => {
    const tail = "🏓 rally! 👩‍👩‍👧 café 中文 🎾🎾🎾, then; more\\ 🏓";
    const texts = Array.from({ length: 81 }, (_, n) => `${"x".repeat(n)}${tail}${tail}${tail}`);
    const ics = buildCalendar({
      name: `Club ${tail}`,
      timeZone: NY,
      now,
      events: texts.map((text, n) => ({
        uid: `s${n}@courtside`,
        title: text,
        description: text,
        startsAt: at(3),
        endsAt: at(3, 20),
      })),
    });
    const { text, lines, events } = read(ics);
    expect(text).not.toContain("\uFFFD");
    // The last "line" is the empty string after the final CRLF.
    expect(lines.at(-1)).toBe("");
    for (const line of lines) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(" "))).toBe(true);
    expect(events.map((e) => e.description)).toEqual(texts);
    expect(events.map((e) => e.summary)).toEqual(texts);
  });
});

describe("a weekly series, as ical.js expands it", () => {
  it("is one event whose rule gives the weeks not cancelled, at 6 PM on both sides of DST", () => {
    // March 2026 in New York: daylight time starts on the 8th, between the first two weeks.
    const series = weekly("series1@courtside", [3, 10, 17, 24], (e, i) => ({ ...e, cancelled: i === 2 }));
    const { events } = read(buildCalendar({ name: "Club", timeZone: NY, now, events: series }));
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event!.uid).toBe("series1@courtside");
    expect(event!.isRecurring()).toBe(true);
    expect(starts(event!)).toEqual([
      "2026-03-03T23:00:00.000Z", // 6 PM EST
      "2026-03-10T22:00:00.000Z", // 6 PM EDT
      "2026-03-24T22:00:00.000Z",
    ]);
    expect(event!.endDate.toJSDate().getTime() - event!.startDate.toJSDate().getTime()).toBe(twoHours);
  });

  it("writes a week edited on its own as an event of its own, and the rule skips that week", () => {
    const series = weekly("series2@courtside", [3, 10, 17, 24], (e, i) =>
      i === 1 ? { ...e, startsAt: at(10, 19), endsAt: at(10, 21), title: "Late Open Play" } : e,
    );
    const { events } = read(buildCalendar({ name: "Club", timeZone: NY, now, events: series }));
    const recurring = events.filter((e) => e.isRecurring());
    const alone = events.filter((e) => !e.isRecurring());
    expect(recurring.map((e) => starts(e))).toEqual([
      ["2026-03-03T23:00:00.000Z", "2026-03-17T22:00:00.000Z", "2026-03-24T22:00:00.000Z"],
    ]);
    expect(alone.map((e) => [e.uid, e.summary, e.startDate.toJSDate().toISOString()])).toEqual([
      ["series2-week1@courtside", "Late Open Play", "2026-03-10T23:00:00.000Z"],
    ]);
  });

  it("takes its pattern from most weeks, so an edited first week does not move the series", () => {
    const series = weekly("series3@courtside", [3, 10, 17], (e, i) =>
      i === 0 ? { ...e, description: "Beginners only" } : e,
    );
    const { events } = read(buildCalendar({ name: "Club", timeZone: NY, now, events: series }));
    const recurring = events.filter((e) => e.isRecurring());
    expect(recurring.map((e) => [e.description, starts(e)])).toEqual([
      ["All levels", ["2026-03-10T22:00:00.000Z", "2026-03-17T22:00:00.000Z"]],
    ]);
    expect(events.filter((e) => !e.isRecurring()).map((e) => e.description)).toEqual(["Beginners only"]);
  });

  it("leaves a series with one week left as plain events, and a cancelled last week outside the rule", () => {
    const lone = weekly("series4@courtside", [3, 10], (e, i) => ({ ...e, cancelled: i === 1 }));
    const shortened = weekly("series5@courtside", [3, 10, 17], (e, i) => ({ ...e, cancelled: i === 2 }));
    const { events } = read(
      buildCalendar({ name: "Club", timeZone: NY, now, events: [...lone, ...shortened] }),
    );
    const status = (e: ICAL.Event) => e.component.getFirstPropertyValue("status");
    // A cancelled week the rule does not reach is written as any cancelled session is.
    expect(events.map((e) => [e.uid, starts(e).length, status(e)])).toEqual([
      ["series4-week0@courtside", 1, "CONFIRMED"],
      ["series5@courtside", 2, "CONFIRMED"],
      ["series4-week1@courtside", 1, "CANCELLED"],
      ["series5-week2@courtside", 1, "CANCELLED"],
    ]);
  });
});
