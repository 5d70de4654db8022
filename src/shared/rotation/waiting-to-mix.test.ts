// As many players as places: the only four ready are the four who just came off a court
// together. Straight back on, they would play each other all night; the court waits for the
// next to free (within half a typical game) and the two groups mix (fair.ts waitsToMix).
import { describe, expect, it } from "vitest";
import { decide, waitingToMix } from "./decide.js";
import { unevenSession } from "./scenarios.js";
import { SessionSim } from "./simulate.js";

/**
 * Two courts at minute `now`: c2 started at `c2Started`; a, b, c, d have just played each other on
 * c1 (a and b partners) and are the only ones ready.
 */
function cameOffTogether(now: number, c2Started: number, lastPartnerOfA = "b") {
  const sim = new SessionSim(2, "fair", 1);
  for (const id of ["a", "b", "c", "d", "e", "f", "g", "h"]) sim.arrive(id);
  const four = { a: lastPartnerOfA, b: "a", c: "d", d: "c" } as const;
  for (const [id, partner] of Object.entries(four)) {
    const p = sim.players.get(id)!;
    p.gamesPlayed = 1;
    p.readySince = now * 60_000;
    p.recentPartners = [partner];
    p.recentOpponents = id === "a" || id === "b" ? ["c", "d"] : ["a", "b"];
  }
  sim.playing.set("c2", {
    courtId: "c2",
    teams: [
      ["e", "f"],
      ["g", "h"],
    ],
    startedAt: c2Started,
  });
  return sim.input(now);
}

describe("a court whose four came off together", () => {
  it("waits for the next court when that should free within half a typical game", () => {
    // c2 started at 0: at minute 8 it should end in 4 minutes (a typical game is 12).
    const input = cameOffTogether(8, 0);
    expect(decide(input).assignments).toEqual([]);
    expect(waitingToMix(input)).toEqual(["c1"]);
  });

  it("goes straight back on when the next court is further off", () => {
    // c2 started at 5: 9 minutes to go.
    const input = cameOffTogether(8, 5);
    expect(decide(input).assignments.map((a) => a.courtId)).toEqual(["c1"]);
    expect(waitingToMix(input)).toEqual([]);
  });

  it("does not wait for four who did not all play together last", () => {
    const input = cameOffTogether(8, 0, "e");
    expect(decide(input).assignments.map((a) => a.courtId)).toEqual(["c1"]);
    expect(waitingToMix(input)).toEqual([]);
  });
});

describe("as many players as places, courts freeing one at a time", () => {
  const nights = (players: number, courts: number, mode: "fair" | "paddle-stack") =>
    [1, 2, 3, 4, 5].map((seed) => unevenSession(players, courts, 40, seed, { mode }));
  const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;

  it("16 on 4 courts mix: a few repeated partners a night, not a court's four all night", () => {
    const engine = nights(16, 4, "fair");
    const stack = nights(16, 4, "paddle-stack");
    const repeats = mean(engine.map((n) => n.figures.partnerRepeats));
    // The paddle stack keeps each court's four: about 59 repeats in 41 games.
    expect(mean(stack.map((n) => n.figures.partnerRepeats))).toBeGreaterThan(50);
    expect(repeats).toBeLessThan(15);
    // The price: a few minutes' wait now and then, and a game or so less a night each.
    const games = mean(engine.map((n) => n.sim.finished.length));
    expect(games).toBeGreaterThan(0.9 * mean(stack.map((n) => n.sim.finished.length)));
    expect(Math.max(...engine.map((n) => n.figures.maxWaitMinutes))).toBeLessThanOrEqual(8);
  });

  it("8 on 2 courts reach the counting bound", () => {
    for (const night of nights(8, 2, "fair"))
      expect(night.figures.partnerRepeats).toBe(night.figures.lowerBound);
  });
});
