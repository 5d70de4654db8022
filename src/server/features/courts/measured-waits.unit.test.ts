import { describe, expect, it } from "vitest";
import { averageWaitMinutes, waitsBetweenGames } from "./measured-waits.js";

const at = (minute: number) => new Date(Date.UTC(2026, 11, 5, 18, minute));
const game = (players: string[], start: number, end: number | null) => ({
  teamA: players.slice(0, 2),
  teamB: players.slice(2, 4),
  startedAt: at(start),
  endedAt: end === null ? null : at(end),
});
const average = (played: ReturnType<typeof game>[], checkedIn = new Map<string, number>()) =>
  averageWaitMinutes(waitsBetweenGames(played, checkedIn));

describe("averageWaitMinutes", () => {
  it("is null before any game, and while everyone has gone straight on", () => {
    expect(average([])).toBeNull();
    // Two courts filled at the start, one game over: nobody has stood in the line yet.
    expect(average([game(["a", "b", "c", "d"], 0, 12), game(["e", "f", "g", "h"], 0, null)])).toBeNull();
  });

  it("leaves out first games gone straight on to, which no one waited in line for", () => {
    const night = [
      game(["a", "b", "c", "d"], 0, 12),
      game(["e", "f", "g", "h"], 0, 14),
      // i-l waited from the first start for the first court to free; a-d sit 2 minutes.
      game(["i", "j", "k", "l"], 12, 24),
      game(["a", "b", "c", "d"], 14, null),
    ];
    // The old mean of every wait, the opening zeros among them, said 4: (4 x 12 + 4 x 2) / 16.
    expect([...waitsBetweenGames(night).values()].flat()).toHaveLength(16);
    // Waits in a line: i-l 12 (four), a-d 2 (four), counted as a-d go on, not when they come off.
    expect(average(night)).toBe(7);
  });

  it("counts a court filled late as the wait it was", () => {
    // Court 3 opened at minute 8 for i-l, who had stood in line since the start.
    const night = [game(["a", "b", "c", "d"], 0, 12), game(["i", "j", "k", "l"], 8, null)];
    expect(average(night)).toBe(8);
  });

  it("starts a late arrival's first wait at their check-in, not at the night's first game", () => {
    const night = [game(["a", "b", "c", "d"], 0, 30), game(["q", "r", "s", "t"], 42, null)];
    const checkedIn = new Map(["q", "r", "s", "t"].map((id) => [id, at(40).getTime()]));
    expect(average(night, checkedIn)).toBe(2);
    // Checked in before play began: the wait starts with the first game.
    expect(average(night, new Map([["q", at(-20).getTime()]]))).toBe(42);
  });

  it("counts going straight back on after a game as a wait of 0", () => {
    const night = [
      game(["a", "b", "c", "d"], 0, 12),
      game(["e", "f", "g", "h"], 12, 24),
      game(["a", "b", "c", "d"], 12, 20),
    ];
    // e-h waited 12 (four), a-d 0 (four).
    expect(average(night)).toBe(6);
  });
});
