// The night's last stretch (decide.ts levelling, stillLevels; fill-as-courts-free.ts): only the
// fewest games go on, but a player a game ahead may still save a repeated partner where the night
// can still end level, and a court does not leave behind a group that can only play with a
// repeated partner.
import { describe, expect, it } from "vitest";
import { decide, decideCourtByCourt, levelling } from "./decide.js";
import type { Game } from "./grouping.js";
import { bestPlayedAhead, drawnLengths, playAhead } from "./play-ahead.js";
import { unevenSession } from "./scenarios.js";
import { SessionSim } from "./simulate.js";

/**
 * The decision at minute `now` of a night on three courts ending at minute 100; nothing measured
 * yet, so games are taken to run 12 minutes and at most 18. c1 is free; c2 and c3 started at
 * `runningSince`, with eight players on 4 games. Waiting, off court for a minute: `waiting[i]`
 * games for w{i}; `partnered` lists who has already partnered whom.
 */
function stretch(runningSince: number, now: number, waiting: number[], partnered: Array<[string, string]>) {
  const sim = new SessionSim(3, "fair", 1, { endsAt: 100 });
  const onCourt = ["a", "b", "c", "d", "e", "f", "g", "h"];
  const waitingIds = waiting.map((_, i) => `w${i}`);
  for (const id of [...onCourt, ...waitingIds]) sim.arrive(id);
  for (const id of onCourt) sim.players.get(id)!.gamesPlayed = 4;
  for (const [i, id] of waitingIds.entries()) {
    sim.players.get(id)!.gamesPlayed = waiting[i]!;
    // Off court a minute before the decision: nobody is near the longest wait.
    sim.players.get(id)!.readySince = (now - 1) * 60_000;
  }
  for (const [x, y] of partnered) {
    sim.players.get(x)!.recentPartners.push(y);
    sim.players.get(y)!.recentPartners.push(x);
  }
  sim.playing.set("c2", {
    courtId: "c2",
    teams: [onCourt.slice(0, 2), onCourt.slice(2, 4)],
    startedAt: runningSince,
  });
  sim.playing.set("c3", {
    courtId: "c3",
    teams: [onCourt.slice(4, 6), onCourt.slice(6)],
    startedAt: runningSince,
  });
  return sim.input(now);
}

const everyPair = (ids: string[]) =>
  ids.flatMap((a, i) => ids.slice(i + 1).map((b): [string, string] => [a, b]));
const twoTeams = (a: string, b: string, c: string, d: string): Game => [
  [a, b],
  [c, d],
];
const partnersIn = (game: Game) => game.map((team) => [...team].sort().join("+"));

describe("the last stretch", () => {
  it("lets a player a game ahead save a repeated partner when the night can still level", () => {
    // w0-w3, the fewest games, have all partnered each other; c2 and c3 free again by minute 84
    // even if their games run long, so whoever sits now still plays once more.
    const [game] = decide(
      stretch(66, 80, [4, 4, 4, 4, 5, 5], everyPair(["w0", "w1", "w2", "w3"])),
    ).assignments;
    expect(game?.teams.flat()).toEqual(expect.arrayContaining(["w4", "w5"]));
    for (const [a, b] of everyPair(["w0", "w1", "w2", "w3"]))
      expect(partnersIn(game!.teams)).not.toContain([a, b].sort().join("+"));
  });

  it("keeps to the fewest games, repeat and all, when those left out might not play again", () => {
    // The running games could end after the night: a 4 left sitting could end two behind a 6.
    const [game] = decide(
      stretch(84, 87, [4, 4, 4, 4, 5, 5], everyPair(["w0", "w1", "w2", "w3"])),
    ).assignments;
    expect(game?.teams.flat().sort()).toEqual(["w0", "w1", "w2", "w3"]);
  });

  it("does not leave behind a group of the fewest games that can only play with a repeat", () => {
    // Seven on 4 games: the first four in line would leave w4-w6, who have all partnered each
    // other, to go on together next.
    const [game] = decide(stretch(66, 80, [4, 4, 4, 4, 4, 4, 4], everyPair(["w4", "w5", "w6"]))).assignments;
    const taken = new Set(game?.teams.flat());
    expect(["w4", "w5", "w6"].some((id) => taken.has(id))).toBe(true);
  });

  it("played ahead, a game that leaves a repeat for later costs that repeat", () => {
    // Two courts, the night ending at minute 95. c2 (a-d, on 5 games) started at minute 75 and
    // frees at 87, the last call, when the four left waiting must go on together (c1's game may
    // run past the end, so none of them can wait for it); w4-w7 have all partnered.
    const sim = new SessionSim(2, "fair", 1, { endsAt: 95 });
    const waiting = ["w0", "w1", "w2", "w3", "w4", "w5", "w6", "w7"];
    for (const id of ["a", "b", "c", "d", ...waiting]) sim.arrive(id);
    for (const id of ["a", "b", "c", "d"]) sim.players.get(id)!.gamesPlayed = 5;
    for (const id of waiting) {
      sim.players.get(id)!.gamesPlayed = 5;
      sim.players.get(id)!.readySince = 79 * 60_000;
    }
    for (const [x, y] of everyPair(["w4", "w5", "w6", "w7"])) {
      sim.players.get(x)!.recentPartners.push(y);
      sim.players.get(y)!.recentPartners.push(x);
    }
    sim.playing.set("c2", {
      courtId: "c2",
      teams: [
        ["a", "b"],
        ["c", "d"],
      ],
      startedAt: 75,
    });
    const input = sim.input(80);
    const leavesThem: Game = [
      ["w0", "w1"],
      ["w2", "w3"],
    ];
    const splitsThem: Game = [
      ["w0", "w4"],
      ["w1", "w5"],
    ];
    expect(playAhead(input, "c1", leavesThem, decideCourtByCourt)).toBeGreaterThan(0);
    expect(playAhead(input, "c1", splitsThem, decideCourtByCourt)).toBe(0);
  });

  it("plays ahead to an end even when a running game's start is not known", () => {
    // Ten minutes before the end; a0's game has no start time (its end cannot be reckoned), and
    // it sorts before the free courts.
    const players = Array.from({ length: 14 }, (_, i) => ({
      id: `p${i}`,
      arrivedAt: i,
      gamesPlayed: 4,
      gamesWaited: 0,
      sitOuts: 0,
      onBreak: false,
      present: true,
      recentPartners: [] as string[],
      recentOpponents: [] as string[],
      readySince: 89 * 60_000,
    }));
    const output = decide({
      mode: "fair",
      players,
      seed: 1,
      now: 90 * 60_000,
      endsAt: 100 * 60_000,
      courts: [
        { id: "c1", status: "free" },
        { id: "c2", status: "free" },
        { id: "a0", status: "playing", players: ["p10", "p11", "p12", "p13"] },
      ],
    });
    expect(output.assignments.map((a) => a.courtId)).toEqual(["c1", "c2"]);
  });
});

describe("the stretch played ahead on drawn nights", () => {
  // Nothing measured yet: games take 10, 12 and 15 minutes at the quartiles.
  const input = stretch(70, 80, [4, 4, 4, 4, 5, 5], []);

  it("draws new games' lengths spread as the measured quartiles", () => {
    const lengths = Array.from({ length: 400 }, (_, night) => drawnLengths(input, night)(0, 1, 80) - 80).sort(
      (a, b) => a - b,
    );
    expect(lengths[100]).toBeCloseTo(10, 0);
    expect(lengths[200]).toBeCloseTo(12, 0);
    expect(lengths[300]).toBeCloseTo(15, 0);
    expect(lengths[0]).toBeGreaterThanOrEqual(8);
    expect(lengths.at(-1)).toBeLessThanOrEqual(18);
  });

  it("draws a running game longer than it has run, and the same night for every game weighed", () => {
    // c2 started at minute 70, ten minutes ago: it ends at 81 at the soonest.
    for (let night = 0; night < 50; night++) {
      const endOf = drawnLengths(input, night);
      expect(endOf(1, 0, 70)).toBeGreaterThanOrEqual(81);
      expect(endOf(1, 0, 70)).toBe(drawnLengths(input, night)(1, 0, 70));
    }
    const firsts = new Set(Array.from({ length: 50 }, (_, night) => drawnLengths(input, night)(1, 0, 70)));
    expect(firsts.size).toBeGreaterThan(40);
  });

  it("takes the game that weighing every candidate on every night would take", () => {
    // Stretches of real nights, where the search stops early, against the full weighing.
    let compared = 0;
    let differing = 0;
    for (const seed of [1, 2, 3])
      unevenSession(16, 3, 40, seed, {
        decide: (at) => {
          const free = at.courts.find((c) => c.status === "free");
          const busy = new Set(at.courts.flatMap((c) => c.players ?? []));
          const [a, b, c, d, e, f] = at.players.filter((p) => !busy.has(p.id)).map((p) => p.id);
          if (free && f && levelling(at.now, at.endsAt, 12)) {
            const candidates = [
              twoTeams(a!, b!, c!, d!),
              twoTeams(a!, c!, b!, e!),
              twoTeams(a!, d!, e!, f),
              twoTeams(b!, c!, d!, f),
              twoTeams(a!, f, c!, e!),
            ];
            const costs = candidates.map((game) => playAhead(at, free.id, game, decideCourtByCourt));
            const weighed = candidates[costs.indexOf(Math.min(...costs))];
            expect(bestPlayedAhead(at, free.id, candidates, decideCourtByCourt)).toBe(weighed);
            compared += 1;
            if (new Set(costs).size > 1) differing += 1;
          }
          return decide(at);
        },
      });
    expect(compared).toBeGreaterThan(10);
    expect(differing).toBeGreaterThan(0);
  });
});
