import { describe, expect, it } from "vitest";
import { instantOf } from "../../../shared/domain/time-zones.js";
import { buildCalendar } from "./ics.js";

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
