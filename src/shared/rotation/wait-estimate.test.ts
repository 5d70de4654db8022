import { describe, expect, it } from "vitest";
import { decide, estimateWaitFromCourts, minutesUntilFree } from "./decide.js";
import { DEFAULT_GAME_LENGTH, gameLength } from "./game-length.js";
import { unevenSession } from "./scenarios.js";
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

describe("the pace the waits are built on", () => {
  it("is tonight's once five games have ended, the club's before that, and a default with neither", () => {
    expect(gameLength([], [])).toEqual(DEFAULT_GAME_LENGTH);
    const club = [10, 11, 12, 13, 14, 15, 16, 17, 18];
    expect(gameLength([20, 20], club)).toEqual({ typical: 14, short: 12, long: 16 });
    expect(gameLength([8, 9, 9, 10, 11], club)).toEqual({ typical: 9, short: 9, long: 10 });
  });

  it("leaves out what cannot have been a game: a score tapped at once, a game left running", () => {
    expect(gameLength([0.2, 1, 12, 12, 13, 14, 15, 240], [])).toEqual({ typical: 13, short: 12, long: 14 });
  });

  it("gives each player a range: the wait if games run short, and if they run long", () => {
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
      { id: "a", status: "playing" as const, players: ["p0", "p1", "p2", "p3"], startedAt: minutesAgo(5) },
      { id: "b", status: "playing" as const, players: ["p4", "p5", "p6", "p7"], startedAt: minutesAgo(2) },
    ];
    const gameLengthHere = { typical: 14, short: 11, long: 18 };
    const output = decide({ mode: "fair", players, courts, seed: 1, now, gameLength: gameLengthHere });
    // The court that started five minutes ago frees first: in 6, 9 or 13 minutes.
    expect(output.queue[0]).toMatchObject({ estimatedWaitMinutes: 9, waitRange: { low: 6, high: 13 } });
    for (const entry of output.queue) {
      expect(entry.waitRange.low).toBeLessThanOrEqual(entry.estimatedWaitMinutes);
      expect(entry.waitRange.high).toBeGreaterThanOrEqual(entry.estimatedWaitMinutes);
    }
  });

  it("in simulated nights of 8-16 minute games, what a player is told on joining the line is within 3 minutes at the median", () => {
    for (const [players, courts] of [
      [24, 4],
      [40, 8],
    ] as const) {
      const { errors } = unevenSession(players, courts, 100, 1).estimates;
      const sorted = [...errors].sort((a, b) => a - b);
      expect(sorted.length).toBeGreaterThan(50);
      expect(sorted[Math.floor(sorted.length / 2)]!, `${players}/${courts}`).toBeLessThan(3);
    }
  });
});
