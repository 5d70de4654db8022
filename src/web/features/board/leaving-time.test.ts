import { describe, expect, it } from "vitest";
import { clockText, inputValue, nextAtClock } from "./leaving-time.js";

const NY = "America/New_York";

describe("a leaving time typed on the club's clock", () => {
  it("is tonight when it is still ahead", () => {
    // 6 PM in New York (EST, UTC-5).
    const now = new Date("2026-11-26T23:00:00Z");
    expect(nextAtClock("20:30", now, NY)?.toISOString()).toBe("2026-11-27T01:30:00.000Z");
  });

  it("is tomorrow when that time has gone by (1:00 typed at 11 PM)", () => {
    const now = new Date("2026-11-27T04:00:00Z");
    expect(nextAtClock("01:00", now, NY)?.toISOString()).toBe("2026-11-27T06:00:00.000Z");
  });

  it("follows the club's zone, not the phone's", () => {
    const now = new Date("2026-11-26T17:00:00Z");
    expect(nextAtClock("20:30", now, "Europe/London")?.toISOString()).toBe("2026-11-26T20:30:00.000Z");
  });

  it("refuses what is not a time", () => {
    expect(nextAtClock("", new Date(), NY)).toBeNull();
    expect(nextAtClock("25:00", new Date(), NY)).toBeNull();
  });

  it("reads back as the club's clock shows it", () => {
    expect(clockText("2026-11-27T01:30:00.000Z", NY)).toBe("8:30 PM");
    expect(inputValue("2026-11-27T01:30:00.000Z", NY)).toBe("20:30");
  });
});
