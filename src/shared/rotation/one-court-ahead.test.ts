// A small group on one court planned to the end of its new partners (one-court-ahead.ts): the
// round it gives keeps the fairness rules, and where no new partners are left it gives none.
import { describe, expect, it } from "vitest";
import { effectiveGames } from "./fair-order.js";
import { History } from "./history.js";
import { planOneCourtAhead } from "./one-court-ahead.js";
import { SessionSim } from "./simulate.js";

function group(size: number) {
  const sim = new SessionSim(1, "fair", 1);
  for (let i = 0; i < size; i++) sim.arrive(`p${i}`);
  return sim;
}

describe("one court, planned ahead", () => {
  it("gives two new pairs, with everyone behind on games and everyone sat to the limit on court", () => {
    const sim = group(9);
    for (let round = 0; round < 5; round++) sim.round();
    const players = [...sim.players.values()];
    const history = new History(players);
    // 9 on one court: 5 sit each round, so the sit rule allows 2 in a row, and one more.
    const teams = planOneCourtAhead(players, 2, history, 1)!;
    const on = teams.flat();
    expect(new Set(on).size).toBe(4);
    for (const [a, b] of teams) expect(history.partnered(a!, b!)).toBe(0);
    const fewest = Math.min(...players.map(effectiveGames));
    const boundary = [...players.map(effectiveGames)].sort((a, b) => a - b)[3]!;
    for (const p of players) {
      if (effectiveGames(p) < boundary) expect(on, `${p.id} is behind`).toContain(p.id);
      if (p.gamesWaited >= 3) expect(on, `${p.id} sat 3 rounds`).toContain(p.id);
    }
    expect(boundary - fewest).toBeLessThanOrEqual(1);
  });

  it("gives nothing once every pair has partnered: the court is then filled court by court", () => {
    const sim = group(5);
    // 5 players have 10 pairs: 5 rounds use them all.
    for (let round = 0; round < 5; round++) sim.round();
    const players = [...sim.players.values()];
    expect(planOneCourtAhead(players, 1, new History(players), 1)).toBeNull();
    // The engine still fills the court, repeating a partner.
    expect(sim.round().assignments).toHaveLength(1);
  });

  it("is the same round for the same state and seed", () => {
    const sim = group(13);
    for (let round = 0; round < 7; round++) sim.round();
    const players = [...sim.players.values()];
    const first = planOneCourtAhead(players, 3, new History(players), 4);
    const again = planOneCourtAhead([...players].reverse(), 3, new History(players), 4);
    expect(again).toEqual(first);
  });
});
