import { describe, expect, it } from "vitest";
import { pairKey } from "./history.js";
import { SessionSim } from "./simulate.js";

function partnerCounts(sim: SessionSim) {
  const counts = new Map<string, number>();
  for (const game of sim.finished)
    for (const [a, b] of game.teams) counts.set(pairKey(a!, b!), (counts.get(pairKey(a!, b!)) ?? 0) + 1);
  return counts;
}

function session(players: number, courts: number) {
  const sim = new SessionSim(courts);
  for (let i = 1; i <= players; i++) sim.arrive(`p${i}`);
  return sim;
}

describe("fair mode golden scenarios", () => {
  it("8 players on 2 courts: 7 rounds partner every pair exactly once", () => {
    const sim = session(8, 2);
    for (let r = 0; r < 7; r++) sim.round();
    const counts = partnerCounts(sim);
    expect(counts.size).toBe(28);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect([...sim.players.values()].every((p) => p.gamesPlayed === 7)).toBe(true);
  });

  it("9 players on 2 courts: 9 rounds, each sits out once, no pair partnered twice", () => {
    const sim = session(9, 2);
    const sitters: string[] = [];
    for (let r = 0; r < 9; r++) sitters.push(...sim.round().passedOver);
    expect([...sitters].sort()).toEqual([...sim.players.keys()].sort());
    const counts = partnerCounts(sim);
    expect(counts.size).toBe(36);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });

  it("13 players on 3 courts: sit-outs even, games spread at most 1, no partner twice in the first 8 rounds", () => {
    const sim = session(13, 3);
    for (let r = 0; r < 8; r++) {
      sim.round();
      const players = [...sim.players.values()];
      const games = players.map((p) => p.gamesPlayed);
      const sits = players.map((p) => p.sitOuts);
      expect(Math.max(...games) - Math.min(...games)).toBeLessThanOrEqual(1);
      expect(Math.max(...sits) - Math.min(...sits)).toBeLessThanOrEqual(1);
    }
    expect([...partnerCounts(sim).values()].every((n) => n === 1)).toBe(true);
  });
});
