import { describe, expect, it } from "vitest";
import { allTimeZones, currentName } from "./time-zones.js";

describe("the time-zone list", () => {
  it("offers today's names, not the ones IANA retired", () => {
    const zones = allTimeZones();
    expect(zones).toContain("Europe/Kyiv");
    expect(zones).toContain("Asia/Kolkata");
    expect(zones).not.toContain("Europe/Kiev");
    expect(zones).not.toContain("Asia/Calcutta");
    expect(zones).toContain("UTC");
    expect(new Set(zones).size).toBe(zones.length);
    // Every name offered is one the engine (and so the server) accepts.
    for (const zone of zones) expect(() => new Intl.DateTimeFormat("en", { timeZone: zone })).not.toThrow();
  });

  it("renames an old zone the browser reports", () => {
    expect(currentName("Asia/Calcutta")).toBe("Asia/Kolkata");
    expect(currentName("America/New_York")).toBe("America/New_York");
  });
});
