import { describe, expect, it } from "vitest";
import { decide, estimateWaitFromCourts, minutesUntilFree } from "./decide.js";
import type { PlayerState } from "./types.js";

const now = Date.parse("2026-11-24T20:00:00Z");
const minutesAgo = (m: number) => now - m * 60_000;

describe("waits counted from the running games", () => {
  it("right after every court filled, the next group waits about a whole game, not a minute", () => {
    const courts = Array.from({ length: 5 }, (_, i) => ({ id: `c${i}`, status: "playing", startedAt: now }));
    const freeAt = minutesUntilFree(courts, [], now, 12);
    expect(freeAt).toEqual([12, 12, 12, 12, 12]);
    expect(estimateWaitFromCourts(0, freeAt, 20, 12)).toBe(12);
    // The sixth group goes on in the second round of games.
    expect(estimateWaitFromCourts(20, freeAt, 20, 12)).toBe(24);
  });

  it("the first group goes on when the oldest game should end; one that ran over gives a minute", () => {
    const courts = [
      { id: "a", status: "playing", startedAt: minutesAgo(10) },
      { id: "b", status: "playing", startedAt: minutesAgo(4) },
      { id: "c", status: "playing", startedAt: minutesAgo(20) },
    ];
    const freeAt = minutesUntilFree(courts, [], now, 12);
    expect(freeAt).toEqual([1, 2, 8]);
    expect([0, 4, 8, 12].map((i) => estimateWaitFromCourts(i, freeAt, 12, 12))).toEqual([1, 2, 8, 13]);
  });

  it("the engine uses it when it is told the time", () => {
    const players: PlayerState[] = Array.from({ length: 12 }, (_, i) => ({
      id: `p${i}`,
      arrivedAt: i,
      gamesPlayed: 0,
      gamesWaited: 0,
      sitOuts: 0,
      onBreak: false,
      present: true,
      recentPartners: [],
      recentOpponents: [],
    }));
    const courts = [
      { id: "a", status: "playing" as const, players: ["p0", "p1", "p2", "p3"], startedAt: now },
      { id: "b", status: "playing" as const, players: ["p4", "p5", "p6", "p7"], startedAt: now },
    ];
    const output = decide({ mode: "fair", players, courts, seed: 1, now });
    expect(output.queue[0]!.estimatedWaitMinutes).toBe(12);
  });
});
