// The night's last call (decide.ts lastCall): a court freeing so near the end that its game is
// the last for its players stays empty rather than put someone two games ahead of a player
// still on court, and the board is told which courts it keeps.
import { describe, expect, it } from "vitest";
import { decide, keptForTheEnd } from "./decide.js";
import { SessionSim } from "./simulate.js";

/**
 * Two courts, a night ending at minute 100: c1's game started at minute 92 (a typical game of
 * 12 minutes ends after the night); c2 frees at minute 97. On c1, players with `onCourt` games
 * played; waiting, four with `waiting` games.
 */
function lastMinutes(onCourt: number, waiting: number[], c1StartedAt = 92, now = 97) {
  const sim = new SessionSim(2, "fair", 1, { endsAt: 100 });
  const court = ["a", "b", "c", "d"];
  const waitingIds = waiting.map((_, i) => `w${i}`);
  // Everyone arrives first (a later arrival would join at the median of games played).
  for (const id of [...court, ...waitingIds]) sim.arrive(id);
  for (const id of court) sim.players.get(id)!.gamesPlayed = onCourt;
  for (const [i, id] of waitingIds.entries()) sim.players.get(id)!.gamesPlayed = waiting[i]!;
  sim.playing.set("c1", {
    courtId: "c1",
    teams: [court.slice(0, 2), court.slice(2)],
    startedAt: c1StartedAt,
  });
  return sim.input(now);
}

describe("the last call", () => {
  it("keeps a court empty rather than send on four who would end two games ahead", () => {
    // On c1 with 3 played, they end on 4; the four waiting have 5 and would end on 6.
    const input = lastMinutes(3, [5, 5, 5, 5]);
    expect(decide(input).assignments).toEqual([]);
    expect(keptForTheEnd(input)).toEqual(["c2"]);
  });

  it("counts a game past its long end as the last for its players in the night's last two minutes", () => {
    // c1 started at minute 83 and has run 15 minutes, the long end: expected to end at 99, its
    // players could not go on again before 100, and the four waiting would end two ahead.
    const input = lastMinutes(3, [5, 5, 5, 5], 83, 98);
    expect(decide(input).assignments).toEqual([]);
    expect(keptForTheEnd(input)).toEqual(["c2"]);
  });

  it("sends on those who end level, and fills the court with them", () => {
    // They end on 5 with the four on c1 ending on 4.
    const input = lastMinutes(3, [4, 4, 4, 4]);
    const [game] = decide(input).assignments;
    expect(game?.courtId).toBe("c2");
    expect(keptForTheEnd(input)).toEqual([]);
  });

  it("puts the players behind on before anyone ahead, whoever has waited longer", () => {
    // Five waiting: one a game behind (4), who must go on; of the four on 5 only three fit.
    const input = lastMinutes(4, [5, 5, 4, 5, 5]);
    const [game] = decide(input).assignments;
    expect(game?.teams.flat()).toContain("w2");
  });

  it("is not called while a game started now would end before the night does", () => {
    const input = { ...lastMinutes(3, [5, 5, 5, 5]), now: 80 * 60_000 };
    expect(decide(input).assignments).toHaveLength(1);
    expect(keptForTheEnd(input)).toEqual([]);
  });

  it("is not called when the night's end is not known", () => {
    const input = { ...lastMinutes(3, [5, 5, 5, 5]), endsAt: undefined };
    expect(decide(input).assignments).toHaveLength(1);
    expect(keptForTheEnd(input)).toEqual([]);
  });
});
