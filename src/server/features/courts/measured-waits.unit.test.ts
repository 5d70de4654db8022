import { describe, expect, it } from "vitest";
import { averageWaitMinutes, waitsBetweenGames } from "./measured-waits.js";

const at = (minute: number) => new Date(Date.UTC(2026, 11, 5, 18, minute));
const game = (players: string[], start: number, end: number) => ({
  teamA: players.slice(0, 2),
  teamB: players.slice(2, 4),
  startedAt: at(start),
  endedAt: at(end),
});

describe("averageWaitMinutes", () => {
  it("is null before any game has finished, and before anyone has waited for a court", () => {
    expect(averageWaitMinutes([])).toBeNull();
    // Two courts filled at the start, one game over: nobody has stood in the line yet.
    expect(averageWaitMinutes([game(["a", "b", "c", "d"], 0, 12)])).toBeNull();
  });

  it("leaves out the opening games' zeros, which no one waited in line for", () => {
    const night = [
      game(["a", "b", "c", "d"], 0, 12),
      game(["e", "f", "g", "h"], 1, 14),
      // i-l waited from the first start for the first court to free; a-d sit 2 minutes.
      game(["i", "j", "k", "l"], 12, 24),
      game(["a", "b", "c", "d"], 14, 26),
    ];
    // All waits, the opening zeros among them: a-d 0 then 2, e-h 1, i-l 12.
    expect([...waitsBetweenGames(night).values()].flat().length).toBe(16);
    // Those that were waits in a line: i-l 12 (four), a-d 2 (four): 7 minutes.
    expect(averageWaitMinutes(night)).toBe(7);
  });

  it("counts a game begun after the first game ended as a wait, even at 0", () => {
    const night = [game(["a", "b", "c", "d"], 0, 12), game(["e", "f", "g", "h"], 12, 24)];
    expect(averageWaitMinutes(night)).toBe(12);
    // Off court and straight back on: a wait of 0 that counts (e-h's 12 and a-d's 0).
    expect(averageWaitMinutes([...night, game(["a", "b", "c", "d"], 12, 20)])).toBe(6);
  });
});
