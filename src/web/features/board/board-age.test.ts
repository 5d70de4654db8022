import { describe, expect, it } from "vitest";
import { boardAgeText } from "./board-age.js";

describe("how old the board on screen is", () => {
  const at = Date.parse("2026-12-08T00:42:00Z");
  it("says live while the socket is up and the browser online", () => {
    expect(
      boardAgeText({ online: true, connected: true, updatedAt: at - 600_000 }, "America/New_York", at),
    ).toBe("live");
  });
  it("says offline with the club's clock time and the minutes since", () => {
    expect(
      boardAgeText({ online: false, connected: false, updatedAt: at }, "America/New_York", at + 4 * 60_000),
    ).toBe("offline · as of 7:42 PM, 4 min ago");
  });
  it("says reconnecting while online without the socket, and just now under a minute", () => {
    expect(
      boardAgeText({ online: true, connected: false, updatedAt: at }, "America/New_York", at + 30_000),
    ).toBe("reconnecting · as of 7:42 PM, just now");
  });
});
