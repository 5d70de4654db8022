import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addWeeksInZone,
  instantOf,
  offsetMinutes,
  parseWallTime,
  toWallTimeInput,
  wallTimeAt,
} from "./time-zones.js";

const NY = "America/New_York";

describe("club time zones", () => {
  it("knows New York's offset in winter and summer", () => {
    expect(offsetMinutes(new Date("2026-01-15T12:00:00Z"), NY)).toBe(-300);
    expect(offsetMinutes(new Date("2026-07-15T12:00:00Z"), NY)).toBe(-240);
  });

  it("reads a wall time in the club's zone as the right instant", () => {
    expect(instantOf({ year: 2026, month: 1, day: 15, hour: 18, minute: 0 }, NY).toISOString()).toBe(
      "2026-01-15T23:00:00.000Z",
    );
    expect(instantOf({ year: 2026, month: 7, day: 15, hour: 18, minute: 0 }, NY).toISOString()).toBe(
      "2026-07-15T22:00:00.000Z",
    );
  });

  it("keeps 6 PM at 6 PM when a weekly repeat crosses the spring change", () => {
    // DST starts in the US on Sunday March 8, 2026.
    const first = instantOf({ year: 2026, month: 3, day: 3, hour: 18, minute: 0 }, NY);
    const weeks = [0, 1, 2].map((n) => addWeeksInZone(first, n, NY));
    expect(weeks.map((d) => d.toISOString())).toEqual([
      "2026-03-03T23:00:00.000Z",
      "2026-03-10T22:00:00.000Z",
      "2026-03-17T22:00:00.000Z",
    ]);
    expect(weeks.map((d) => toWallTimeInput(d, NY))).toEqual([
      "2026-03-03T18:00",
      "2026-03-10T18:00",
      "2026-03-17T18:00",
    ]);
  });

  it("and across the autumn change, in Europe too", () => {
    const paris = "Europe/Paris";
    const first = instantOf({ year: 2026, month: 10, day: 20, hour: 19, minute: 30 }, paris);
    const next = addWeeksInZone(first, 1, paris);
    expect(toWallTimeInput(next, paris)).toBe("2026-10-27T19:30");
    expect(next.getTime() - first.getTime()).toBe((7 * 24 + 1) * 3_600_000);
  });

  // The nights the clocks change, in two zones whose rules differ: a skipped wall time moves
  // forward by the length of the gap; a repeated one is its first occurrence (RFC 5545's rule).
  const Berlin = "Europe/Berlin";
  const at = (zone: string, year: number, month: number, day: number, hour: number, minute: number) =>
    instantOf({ year, month, day, hour, minute }, zone).toISOString();

  it("moves a wall time in the spring gap forward by the gap, in New York and Berlin", () => {
    expect(at(NY, 2026, 3, 8, 2, 30)).toBe("2026-03-08T07:30:00.000Z"); // 03:30 EDT
    expect(at(NY, 2026, 3, 8, 2, 0)).toBe("2026-03-08T07:00:00.000Z"); // 03:00 EDT
    expect(at(NY, 2026, 3, 8, 1, 59)).toBe("2026-03-08T06:59:00.000Z"); // still EST
    expect(at(Berlin, 2026, 3, 29, 2, 30)).toBe("2026-03-29T01:30:00.000Z"); // 03:30 CEST
    expect(at(Berlin, 2026, 3, 29, 3, 0)).toBe("2026-03-29T01:00:00.000Z");
  });

  it("reads a repeated autumn wall time as its first occurrence, in New York and Berlin", () => {
    expect(at(NY, 2026, 11, 1, 1, 30)).toBe("2026-11-01T05:30:00.000Z"); // 01:30 EDT, not EST
    expect(at(NY, 2026, 11, 1, 2, 0)).toBe("2026-11-01T07:00:00.000Z"); // after the overlap
    expect(at(Berlin, 2026, 10, 25, 2, 30)).toBe("2026-10-25T00:30:00.000Z"); // 02:30 CEST, not CET
    expect(at(Berlin, 2026, 10, 25, 1, 59)).toBe("2026-10-24T23:59:00.000Z");
  });

  it("keeps a weekly 02:30 at 02:30 on either side of a change night, and at 03:30 on it", () => {
    const first = instantOf({ year: 2026, month: 3, day: 1, hour: 2, minute: 30 }, NY);
    expect([0, 1, 2].map((n) => toWallTimeInput(addWeeksInZone(first, n, NY), NY))).toEqual([
      "2026-03-01T02:30",
      "2026-03-08T03:30",
      "2026-03-15T02:30",
    ]);
    const autumn = instantOf({ year: 2026, month: 10, day: 18, hour: 2, minute: 30 }, Berlin);
    const repeats = [0, 1, 2].map((n) => addWeeksInZone(autumn, n, Berlin));
    expect(repeats.map((d) => toWallTimeInput(d, Berlin))).toEqual([
      "2026-10-18T02:30",
      "2026-10-25T02:30",
      "2026-11-01T02:30",
    ]);
    expect(repeats[1]!.toISOString()).toBe("2026-10-25T00:30:00.000Z");
  });

  it("round-trips any wall time outside a DST gap", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2020-01-01"), max: new Date("2035-01-01"), noInvalidDate: true }),
        (date) => {
          const minute = new Date(Math.floor(date.getTime() / 60_000) * 60_000);
          const wall = parseWallTime(toWallTimeInput(minute, NY))!;
          const back = instantOf(wall, NY);
          // In the repeated autumn hour the first occurrence wins; elsewhere the instant is exact.
          expect(toWallTimeInput(back, NY)).toBe(toWallTimeInput(minute, NY));
          expect(wallTimeAt(back, NY).minute).toBe(wall.minute);
        },
      ),
    );
  });
});
