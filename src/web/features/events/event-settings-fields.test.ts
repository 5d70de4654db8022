import { describe, expect, it } from "vitest";
import { settingsFormFor } from "./event-settings-fields.js";

describe("an event's default courts", () => {
  it("are a court for every four players, within the club's courts in use", () => {
    // 24 checked in at a 4-court club: 6 courts would plan games on courts the club does not have.
    expect(settingsFormFor(24, 4).courts).toBe("4");
    expect(settingsFormFor(10, 4).courts).toBe("2");
  });

  it("fall back to players / 4 when the club's courts are not known, and are never fewer than one", () => {
    expect(settingsFormFor(24).courts).toBe("6");
    expect(settingsFormFor(3, 4).courts).toBe("1");
    expect(settingsFormFor(8, 0).courts).toBe("1");
  });
});
