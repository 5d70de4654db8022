// As many players as places: the only four ready are the four who just came off a court
// together. Straight back on, they would play each other all night; the court waits for the
// next to free (within half a typical game) and the two groups mix (waits-to-mix.ts).
import { describe, expect, it } from "vitest";
import { decide, waitingToMix } from "./decide.js";
import { unevenSession } from "./scenarios.js";
import { SessionSim } from "./simulate.js";

/**
 * Two courts at minute `now`: c2 started at `c2Started`; a, b, c, d have just played each other on
 * c1 (a and b partners) and are the only ones ready. Unless `freshSplit`, they have partnered each
 * other every way already: any game of the four repeats a partner.
 */
function cameOffTogether(
  now: number,
  c2Started: number,
  change: { lastPartnerOfA?: string; freshSplit?: boolean; offSince?: number; teams?: "separate" } = {},
) {
  const sim = new SessionSim(2, "fair", 1, { teams: change.teams });
  for (const id of ["a", "b", "c", "d", "e", "f", "g", "h"]) sim.arrive(id);
  const partners: Record<string, string[]> = change.freshSplit
    ? { a: ["b"], b: ["a"], c: ["d"], d: ["c"] }
    : { a: ["c", "d", "b"], b: ["d", "c", "a"], c: ["a", "b", "d"], d: ["b", "a", "c"] };
  if (change.lastPartnerOfA) partners.a = [...partners.a!.slice(0, -1), change.lastPartnerOfA];
  for (const [id, theirs] of Object.entries(partners)) {
    const p = sim.players.get(id)!;
    p.gamesPlayed = theirs.length;
    p.readySince = (change.offSince ?? now) * 60_000;
    p.recentPartners = theirs;
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
const filled = (input: ReturnType<typeof cameOffTogether>) => decide(input).assignments.map((a) => a.courtId);

describe("a court whose four came off together", () => {
  it("waits for the next court when every game of the four repeats a partner and it frees within half a game", () => {
    // c2 started at 0: at minute 8 it should end in 4 minutes (a typical game is 12).
    const input = cameOffTogether(8, 0);
    expect(filled(input)).toEqual([]);
    expect(waitingToMix(input)).toEqual(["c1"]);
  });

  it("starts at once when the organizer fills every court", () => {
    const input = { ...cameOffTogether(8, 0), startEveryCourt: true };
    expect(filled(input)).toEqual(["c1"]);
    expect(waitingToMix(input)).toEqual([]);
  });

  it("plays a split the four have not partnered in first: a wait would only cost a game", () => {
    const input = cameOffTogether(8, 0, { freshSplit: true });
    expect(filled(input)).toEqual(["c1"]);
    expect(waitingToMix(input)).toEqual([]);
  });

  it("goes straight back on when the next court is further off, or they have waited half a game", () => {
    // c2 started at 5: 9 minutes to go.
    expect(filled(cameOffTogether(8, 5))).toEqual(["c1"]);
    // Off since minute 1: at minute 8, c2 (started at 0) should end in 4 more: 11 in all.
    expect(filled(cameOffTogether(8, 0, { offSince: 1 }))).toEqual(["c1"]);
  });

  it("does not wait for four who did not all play together last, nor for women's and men's games", () => {
    expect(filled(cameOffTogether(8, 0, { lastPartnerOfA: "e" }))).toEqual(["c1"]);
    expect(waitingToMix(cameOffTogether(8, 0, { teams: "separate" }))).toEqual([]);
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
    expect(repeats).toBeLessThan(12);
    // The price: a few minutes' wait now and then, and a game less a night on some courts.
    const games = mean(engine.map((n) => n.sim.finished.length));
    expect(games).toBeGreaterThan(0.95 * mean(stack.map((n) => n.sim.finished.length)));
    expect(Math.max(...engine.map((n) => n.figures.maxWaitMinutes))).toBeLessThanOrEqual(7);
  });

  it("8 on 2 courts reach the counting bound, for about a game in ten", () => {
    const engine = nights(8, 2, "fair");
    for (const night of engine) expect(night.figures.partnerRepeats).toBe(night.figures.lowerBound);
    const games = mean(engine.map((n) => n.sim.finished.length));
    expect(games).toBeGreaterThan(
      0.88 * mean(nights(8, 2, "paddle-stack").map((n) => n.sim.finished.length)),
    );
  });
});
