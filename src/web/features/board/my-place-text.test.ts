import { describe, expect, it } from "vitest";
import type { MyPlace } from "../../../shared/contracts/board.js";
import { boardCourt } from "../../test/board-court.js";
import { calledAtOf, myPlaceText } from "./my-place-text.js";

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

describe("a player just called to a court", () => {
  const called = Date.parse("2026-12-05T19:00:00Z");
  const playing = place({ state: "playing", courtName: "Court 2" });

  it("is told to go there now until they answer, for five minutes at most", () => {
    expect(myPlaceText(playing, called + 60_000, called)).toBe("You're on Court 2 now: head over");
    expect(myPlaceText({ ...playing, answered: true }, called + 60_000, called)).toBe(
      "You're playing on Court 2",
    );
    expect(myPlaceText(playing, called + 5 * 60_000, called)).toBe("You're playing on Court 2");
  });

  it("was called when their court's game started", () => {
    const courts = [
      boardCourt(1, { id: "g1", startedAt: called - 600_000 }),
      boardCourt(2, { id: "g2", startedAt: called }),
    ];
    expect(calledAtOf(playing, courts)).toBe(called);
    expect(calledAtOf(place({ state: "up-next", courtName: "Court 2" }), courts)).toBeUndefined();
    expect(calledAtOf(place({ state: "playing", courtName: "Court 3" }), courts)).toBeUndefined();
  });
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
