import { describe, expect, it } from "vitest";
import { boardCourt } from "../../test/board-court.js";
import { CALL_MS, JUST_CALLED_MS, noteCalls, recentCalls } from "./tv-calls.js";

const T0 = Date.parse("2026-03-01T18:00:00.000Z");

describe("noteCalls and recentCalls: who was just called to a court", () => {
  it("on the first board, a game started seconds ago is a call and one started long ago is not", () => {
    const courts = [
      boardCourt(1, { id: "g1", startedAt: T0 - 5_000 }),
      boardCourt(2, { id: "g2", startedAt: T0 - 600_000 }),
    ];
    const calls = noteCalls(null, courts, T0);
    expect(recentCalls(courts, calls, T0).map((c) => c.name)).toEqual(["Court 1"]);
  });

  it("a game that appears later is called when the TV first sees it, whatever its start time says", () => {
    const before = [boardCourt(1), boardCourt(2, { id: "g2", startedAt: T0 - 600_000 })];
    let calls = noteCalls(null, before, T0);
    // The server's clock runs 5 minutes behind the TV's: the start looks old, the call is new.
    const after = [boardCourt(1, { id: "g1", startedAt: T0 + 10_000 - 300_000 }), before[1]!];
    calls = noteCalls(calls, after, T0 + 10_000);
    expect(recentCalls(after, calls, T0 + 10_000).map((c) => c.name)).toEqual(["Court 1"]);
    // Refetches of the same board keep the first sighting.
    calls = noteCalls(calls, after, T0 + 20_000);
    expect(calls.get("g1")).toBe(T0 + 10_000);
  });

  it("a call lasts 15 seconds, then the TV shows the board again, the court marked for a minute", () => {
    const courts = [boardCourt(3, { id: "g3", startedAt: T0 })];
    const calls = noteCalls(new Map(), courts, T0);
    expect(CALL_MS).toBe(15_000);
    expect(recentCalls(courts, calls, T0 + CALL_MS - 1)).toHaveLength(1);
    expect(recentCalls(courts, calls, T0 + CALL_MS)).toHaveLength(0);
    expect(recentCalls(courts, calls, T0 + CALL_MS, JUST_CALLED_MS)).toHaveLength(1);
    expect(recentCalls(courts, calls, T0 + JUST_CALLED_MS, JUST_CALLED_MS)).toHaveLength(0);
  });

  it("a start in the future (the server's clock ahead) is a call from now", () => {
    const courts = [boardCourt(1, { id: "g1", startedAt: T0 + 120_000 })];
    const calls = noteCalls(null, courts, T0);
    expect(calls.get("g1")).toBe(T0);
    expect(recentCalls(courts, calls, T0 + 1_000)).toHaveLength(1);
  });

  it("forgets games that left the board", () => {
    const calls = noteCalls(null, [boardCourt(1, { id: "g1", startedAt: T0 })], T0);
    expect([...noteCalls(calls, [boardCourt(1)], T0 + 1_000).keys()]).toEqual([]);
  });

  it("lists every court called at once (filling the courts), in board order", () => {
    const empty = [boardCourt(1), boardCourt(2), boardCourt(3)];
    let calls = noteCalls(null, empty, T0);
    const filled = [1, 2, 3].map((n) => boardCourt(n, { id: `g${n}`, startedAt: T0 }));
    calls = noteCalls(calls, filled, T0 + 1_000);
    expect(recentCalls(filled, calls, T0 + 2_000).map((c) => c.name)).toEqual([
      "Court 1",
      "Court 2",
      "Court 3",
    ]);
  });
});
