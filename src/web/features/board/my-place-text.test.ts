import { describe, expect, it } from "vitest";
import type { MyPlace } from "../../../shared/contracts/board.js";
import { myPlaceText } from "./my-place-text.js";

const place = (fields: Partial<MyPlace>): MyPlace => ({
  state: "waiting",
  courtName: null,
  position: null,
  estimatedWaitMinutes: null,
  waitRange: null,
  answered: false,
  leavesAt: null,
  ...fields,
});

describe("a player's place tonight, in one sentence", () => {
  it("names the court they play on or are called to", () => {
    expect(myPlaceText(place({ state: "playing", courtName: "Court 2" }))).toBe("You're playing on Court 2");
    expect(myPlaceText(place({ state: "up-next", courtName: "Court 3" }))).toBe("You're up next on Court 3");
    expect(
      myPlaceText(place({ state: "up-next", courtName: "Court 3", waitRange: { low: 2, high: 7 } })),
    ).toBe("You're up next on Court 3 · about 2-7 min");
  });

  it("gives their place in line and the wait, or soon when there is no estimate yet", () => {
    expect(myPlaceText(place({ position: 3, waitRange: { low: 8, high: 12 } }))).toBe(
      "You're number 3 in line · about 8-12 min",
    );
    expect(myPlaceText(place({ position: 1 }))).toBe("You're number 1 in line · soon");
    // Every court out of play: no wait to tell, and not "about now".
    expect(myPlaceText(place({ position: 1, waitRange: { low: 0, high: 0 } }))).toBe(
      "You're number 1 in line",
    );
  });

  it("tells a break from a leaving time that has come", () => {
    const now = Date.parse("2026-12-05T21:00:00Z");
    expect(myPlaceText(place({ state: "on-break" }), now)).toBe("You're on a break");
    expect(myPlaceText(place({ state: "on-break", leavesAt: "2026-12-05T22:00:00Z" }), now)).toBe(
      "You're on a break",
    );
    expect(myPlaceText(place({ state: "on-break", leavesAt: "2026-12-05T20:30:00Z" }), now)).toBe(
      "Your leaving time has come: you're off the line",
    );
  });

  it("says nothing to someone not checked in", () => {
    expect(myPlaceText(place({ state: "not-checked-in" }))).toBeNull();
  });
});
