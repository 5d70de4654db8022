import { describe, expect, it } from "vitest";
import { instantOf } from "../../../shared/domain/time-zones.js";
import { buildCalendar, type CalendarEvent } from "./ics.js";
import { identityIn } from "./series.js";

const NY = "America/New_York";

describe("buildCalendar", () => {
  const first = instantOf({ year: 2026, month: 3, day: 3, hour: 18, minute: 0 }, NY);
  const second = instantOf({ year: 2026, month: 3, day: 10, hour: 18, minute: 0 }, NY);
  const ics = buildCalendar({
    name: "Riverside, Open Play",
    timeZone: NY,
    now: new Date("2026-02-01T00:00:00Z"),
    events: [first, second].map((startsAt, i) => ({
      uid: `s${i}@courtside`,
      title: "Open Play: all levels",
      startsAt,
      endsAt: new Date(startsAt.getTime() + 2 * 3_600_000),
    })),
  });

  it("writes both sessions at 6 PM club time, on both sides of the DST change", () => {
    expect(ics).toContain("DTSTART;TZID=America/New_York:20260303T180000");
    expect(ics).toContain("DTSTART;TZID=America/New_York:20260310T180000");
    expect(ics).toContain("DTEND;TZID=America/New_York:20260310T200000");
  });

  it("describes the zone's real transitions", () => {
    expect(ics).toMatch(
      /BEGIN:DAYLIGHT\r\nDTSTART:20260308T020000\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400/,
    );
    expect(ics).toMatch(
      /BEGIN:STANDARD\r\nDTSTART:20261101T020000\r\nTZOFFSETFROM:-0400\r\nTZOFFSETTO:-0500/,
    );
  });

  it("escapes text and uses CRLF line ends", () => {
    expect(ics).toContain("SUMMARY:Open Play: all levels");
    expect(ics).toContain("X-WR-CALNAME:Riverside\\, Open Play");
    expect(ics.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  });

  it("keeps a bare CR, LF or control character in user text from starting a line of its own", () => {
    const hostile = buildCalendar({
      name: "Club\rBEGIN:VALARM",
      timeZone: NY,
      now: new Date("2026-02-01T00:00:00Z"),
      events: [
        {
          uid: "x@courtside",
          title: "Night\rBEGIN:VALARM\rTRIGGER:-PT5M",
          description: "a\nb\r\nc\u0000d",
          startsAt: first,
          endsAt: second,
        },
      ],
    });
    const lines = hostile.split("\r\n");
    expect(lines.some((line) => line.startsWith("BEGIN:VALARM") || line.startsWith("TRIGGER"))).toBe(false);
    const body = hostile.replace(/\r\n/g, "");
    expect(["\r", "\n", String.fromCharCode(0)].some((c) => body.includes(c))).toBe(false);
    expect(hostile).toContain("SUMMARY:Night\\nBEGIN:VALARM\\nTRIGGER:-PT5M");
  });
});

describe("folding and weekly series, as written", () => {
  const event = (title: string) => ({
    uid: "f@courtside",
    title,
    startsAt: new Date("2026-03-03T23:00:00Z"),
    endsAt: new Date("2026-03-04T01:00:00Z"),
  });
  const lines = (title: string) =>
    buildCalendar({ name: "C", timeZone: NY, now: new Date(0), events: [event(title)] }).split("\r\n");

  it("folds only past 75 octets, continuing with a space that counts, never inside an emoji", () => {
    // "SUMMARY:" is 8 octets: 67 more make 75.
    expect(lines("x".repeat(67))).toContain(`SUMMARY:${"x".repeat(67)}`);
    const folded = lines(`${"x".repeat(66)}🏓yz`);
    const at = folded.indexOf(`SUMMARY:${"x".repeat(66)}`);
    // The emoji's 4 octets do not fit after 74: all of it moves to the next line.
    expect(folded.slice(at, at + 2)).toEqual([`SUMMARY:${"x".repeat(66)}`, " 🏓yz"]);
  });

  it("writes a series as one event with a weekly rule and its cancelled week excluded, in club time", () => {
    const days = [3, 10, 17];
    const ics = buildCalendar({
      name: "C",
      timeZone: NY,
      now: new Date(0),
      events: days.map((day, i) => ({
        uid: `w${i}@courtside`,
        title: "Open Play",
        startsAt: instantOf({ year: 2026, month: 3, day, hour: 18, minute: 0 }, NY),
        endsAt: instantOf({ year: 2026, month: 3, day, hour: 20, minute: 0 }, NY),
        cancelled: i === 1,
        series: { uid: "series@courtside" },
      })),
    });
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(ics).toContain(
      [
        "UID:series@courtside",
        "DTSTAMP:19700101T000000Z",
        "DTSTART;TZID=America/New_York:20260303T180000",
        "DTEND;TZID=America/New_York:20260303T200000",
        "RRULE:FREQ=WEEKLY;COUNT=3",
        "EXDATE;TZID=America/New_York:20260310T180000",
      ].join("\r\n"),
    );
  });

  it("names a week of a series written alone by the series and that week, a cancelled week too", () => {
    const at = (day: number, hour: number) => instantOf({ year: 2026, month: 3, day, hour, minute: 0 }, NY);
    // Four Tuesdays at 6 PM: the second cancelled, the fourth moved to 7 PM on its own.
    const events: CalendarEvent[] = [3, 10, 17, 24].map((day, i) => ({
      uid: `w${i}@courtside`,
      title: "Open Play",
      startsAt: at(day, i === 3 ? 19 : 18),
      endsAt: at(day, 20),
      cancelled: i === 1,
      series: { uid: "series@courtside" },
    }));
    const names = events.map((e) => identityIn(events, NY, e.uid));
    expect(names).toEqual([
      { uid: "series@courtside", recurrenceId: events[0]!.startsAt },
      { uid: "series@courtside", recurrenceId: events[1]!.startsAt },
      { uid: "series@courtside", recurrenceId: events[2]!.startsAt },
      { uid: "w3@courtside" },
    ]);
    const alone = buildCalendar({
      name: "C",
      timeZone: NY,
      now: new Date(0),
      events: [{ ...events[1]!, ...names[1]!, series: undefined }],
    });
    expect(alone).toContain("UID:series@courtside\r\n");
    expect(alone).toContain("RECURRENCE-ID;TZID=America/New_York:20260310T180000\r\n");
    expect(alone).toContain("STATUS:CANCELLED");
    expect(alone).not.toContain("RRULE");
  });
});
