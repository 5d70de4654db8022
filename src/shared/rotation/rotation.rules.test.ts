// The rules of the second-generation engine, each on the cases the benchmark reports.
import { describe, expect, it } from "vitest";
import { pairKey } from "./history.js";
import { seededRandom } from "./prng.js";
import { roundsBeforeRepeat, unevenSession } from "./scenarios.js";
import { SessionSim } from "./simulate.js";

const session = (
  players: number,
  courts: number,
  ...rest: [SessionSim["mode"]?, number?, ConstructorParameters<typeof SessionSim>[3]?]
) => {
  const sim = new SessionSim(courts, ...rest);
  for (let i = 0; i < players; i++) sim.arrive(`p${i}`);
  return sim;
};

// Each test plays whole nights through the engine (80 of them for levelling): seconds of work
// that a busy two-core machine stretches past vitest's 5 s default. These are not timed tests.
const WHOLE_NIGHTS = { timeout: 60_000 };

describe("uneven play (courts free one at a time)", WHOLE_NIGHTS, () => {
  it.each([
    [24, 4, 40],
    [16, 3, 40],
    [12, 2, 40],
    [40, 8, 100],
  ])(
    "%i players on %i courts, %i games: partner repeats within 2 of the counting lower bound",
    (players, courts, games) => {
      let over = 0;
      for (const seed of [1, 2, 3]) {
        // Untold when the night ends, the engine never trades a repeat for levelling; the wait
        // cap can force one (a player who has waited long enough goes on whoever is free).
        const { figures } = unevenSession(players, courts, games, seed, { endUntold: true });
        expect(figures.partnerRepeats - figures.lowerBound, `seed ${seed}`).toBeGreaterThanOrEqual(0);
        expect(figures.partnerRepeats - figures.lowerBound, `seed ${seed}`).toBeLessThanOrEqual(2);
        over += figures.partnerRepeats - figures.lowerBound;
        // Nobody is ever two games ahead of someone waiting (the spread can reach 3 only
        // because games of different lengths end in between fills).
        expect(figures.gamesSpread).toBeLessThanOrEqual(3);
      }
      // Most nights are at the bound: at most one of the three is over it.
      expect(over).toBeLessThanOrEqual(2);
    },
  );

  it("told when the night ends, everyone ends it within a game of everyone else", () => {
    const spreads: number[] = [];
    let extraRepeats = 0;
    let keptEmpty = 0;
    const cases = [24, 4, 16, 3, 12, 2, 40, 8];
    for (let i = 0; i < cases.length; i += 2)
      for (const games of [40, 100])
        for (let seed = 1; seed <= 10; seed++) {
          const { figures } = unevenSession(cases[i]!, cases[i + 1]!, games, seed);
          spreads.push(figures.endOfNightSpread);
          extraRepeats += figures.partnerRepeats - figures.lowerBound;
          keptEmpty += figures.courtMinutesKeptEmpty;
        }
    // 80 nights, all within a game. Levelling alone left one of them two apart (16 on 3 courts,
    // seed 9): the last call keeps a court empty for its last minutes there. Since the last call
    // counts a game that may run to the long end as ending after the night, and the stretch is
    // played ahead, more nights keep a court empty near their end: 36 court minutes in all, 0.45
    // a night, most of it one night (40 on 8 courts, seed 5: 13).
    expect(Math.max(...spreads)).toBeLessThanOrEqual(1);
    expect(keptEmpty).toBeGreaterThan(0);
    expect(keptEmpty).toBeLessThanOrEqual(40);
    // Levelling's price, once about one repeated partner a night over the lower bound (0.9), is
    // now 0.0375 (3 in 80 nights): a game ahead may save a repeat where the night still levels,
    // a court does not leave behind a group that can only play with a repeat, the stretch is
    // played ahead on drawn nights (0.14 on typical lengths alone), a court whose next few in
    // line can only make a repeat looks down the whole line, and the wait cap no longer forces
    // a repeat on a player who would wait out the night anyway (decision 025; wait-cap.test.ts
    // pins that). The bound leaves one repeat's room for a change that gains elsewhere.
    expect(extraRepeats / spreads.length).toBeLessThanOrEqual(0.05);
  });

  it("without levelling, games at the end of the night can differ by 2 (what the rule fixes)", () => {
    const spreads = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(
      (seed) => unevenSession(24, 4, 100, seed, { endUntold: true }).figures.endOfNightSpread,
    );
    expect(Math.max(...spreads)).toBe(2);
  });

  it.each([
    [24, 4],
    [16, 3],
    [12, 2],
    [40, 8],
  ])(
    "%i players on %i courts: nobody waits more than 1.1 times the paddle stack's longest wait",
    (players, courts) => {
      for (const games of [40, 100]) {
        const longest = (mode: "fair" | "paddle-stack") =>
          Math.max(
            ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(
              (seed) => unevenSession(players, courts, games, seed, { mode }).figures.maxWaitMinutes,
            ),
          );
        // Counting court changes alone, one player sat through two long games (21 minutes to 15
        // at 12 on 2 courts); levelling once sat one out the night's last two games (18 to 14).
        expect(longest("fair"), `${games} games`).toBeLessThanOrEqual(1.1 * longest("paddle-stack"));
      }
    },
  );

  it("never sends the same partners on twice in a row while others are free", () => {
    for (const seed of [1, 2, 3, 4]) {
      expect(unevenSession(24, 4, 40, seed).figures.backToBackPartners).toBe(0);
      expect(unevenSession(40, 8, 100, seed).figures.backToBackPartners).toBe(0);
    }
  });
});

describe("equal rounds", WHOLE_NIGHTS, () => {
  it.each([
    [5, 1],
    [8, 2],
    [9, 2],
    [12, 3],
    [13, 3],
    [16, 4],
    [20, 4],
    [24, 5],
    [40, 8],
  ])("%i players on %i courts reach the counting bound before a partner repeats", (players, courts) => {
    const result = roundsBeforeRepeat(players, courts);
    expect(result.rounds).toBe(result.bound);
  });

  it("for every group of 5 to 16 on 1 to 4 courts: sit-out runs at ceil(s / 4c) + 1, games within 1", () => {
    for (let players = 5; players <= 16; players++) {
      for (let courts = 1; courts * 4 <= players && courts <= 4; courts++) {
        const result = roundsBeforeRepeat(players, courts);
        expect(result.longestSitRun, `${players}/${courts}`).toBeLessThanOrEqual(result.sitRunAllowed);
        expect(result.gamesSpread, `${players}/${courts}`).toBeLessThanOrEqual(1);
      }
    }
  });

  it.each([
    [8, 1],
    [12, 1],
    [14, 1],
    [16, 1],
    [11, 2],
    [14, 2],
    [15, 2],
    [16, 2],
  ])(
    "%i players on %i courts are not locked into halves: the bound is reached and everyone meets everyone",
    (players, courts) => {
      const result = roundsBeforeRepeat(players, courts);
      expect(result.rounds).toBe(result.bound);
      expect(result.mixingFewest).toBe(players - 1);
    },
  );

  it("every group of 5 to 16 on 1 to 4 courts reaches the bound", () => {
    const short: string[] = [];
    for (let players = 5; players <= 16; players++)
      for (let courts = 1; courts * 4 <= players && courts <= 4; courts++) {
        const result = roundsBeforeRepeat(players, courts);
        if (result.rounds < result.bound)
          short.push(`${players}/${courts}: ${result.rounds} of ${result.bound}`);
      }
    // Round by round, looking one round ahead, 15 on one court stopped at 47 of 52; planned to
    // the end (one-court-ahead.ts) it reaches 52.
    expect(short).toEqual([]);
  });

  it("on one court, planned to the end: over five seeds every group of 5 to 16 reaches the bound but one, within the sit and games rules", () => {
    const short: string[] = [];
    for (let players = 5; players <= 16; players++)
      for (const seed of [1, 2, 3, 4, 5]) {
        const result = roundsBeforeRepeat(players, 1, seed);
        if (result.rounds < result.bound)
          short.push(`${players}@${seed}: ${result.rounds} of ${result.bound}`);
        expect(result.longestSitRun, `${players}@${seed}`).toBeLessThanOrEqual(result.sitRunAllowed);
        expect(result.gamesSpread, `${players}@${seed}`).toBeLessThanOrEqual(1);
      }
    // Round by round nine fell short here (16 players, seed 4: 14 of 60); the search's budget
    // still runs out once.
    expect(short).toEqual(["16@3: 55 of 60"]);
  });

  it("an extra sit is taken only where it mixes: groups the strict rule already mixes keep it", () => {
    for (const [players, courts] of [
      [10, 1],
      [12, 2],
      [16, 3],
      [20, 4],
      [40, 8],
    ] as const) {
      const result = roundsBeforeRepeat(players, courts);
      expect(result.longestSitRun, `${players}/${courts}`).toBe(result.sitRunBound);
    }
  });

  it.each([
    [14, 4],
    [11, 3],
    [6, 2],
  ])("%i players on one court sit at most %i rounds in a row over 30 rounds", (players, bound) => {
    const sim = session(players, 1);
    const run = new Map<string, number>();
    let longest = 0;
    for (let round = 0; round < 30; round++) {
      const { passedOver } = sim.round();
      for (const id of sim.players.keys()) run.set(id, passedOver.includes(id) ? (run.get(id) ?? 0) + 1 : 0);
      longest = Math.max(longest, ...run.values());
    }
    expect(longest).toBeLessThanOrEqual(bound);
  });
});

describe("arrivals and byes", () => {
  it("a late arrival joins at the median of games played and takes their turn sitting like everyone", () => {
    const sim = session(8, 2);
    for (let round = 0; round < 4; round++) sim.round();
    sim.arrive("late");
    expect(sim.players.get("late")!.gamesCredit).toBe(4);
    const sat = new Map<string, number>();
    for (let round = 0; round < 9; round++)
      for (const id of sim.round().passedOver) sat.set(id, (sat.get(id) ?? 0) + 1);
    // 9 players, 2 courts: one sits each round, each exactly once, the newcomer too.
    expect([...sim.players.keys()].map((id) => sat.get(id) ?? 0)).toEqual(Array(9).fill(1));
  });

  it("a player who asked for a bye sits the first round, then plays", () => {
    const sim = new SessionSim(2);
    for (let i = 0; i < 8; i++) sim.arrive(`p${i}`, undefined, { wantsBye: i === 3 });
    sim.arrive("p8");
    expect(sim.round().passedOver).toEqual(["p3"]);
    expect(sim.round().passedOver).not.toContain("p3");
  });
});

describe("the seed", () => {
  it("changes which ties are taken, never how fair the schedule is", () => {
    const schedule = (seed: number) => {
      const sim = session(13, 3, "fair", seed);
      const sat: string[] = [];
      for (let round = 0; round < 13; round++) sat.push(...sim.round().passedOver);
      return { sim, sat };
    };
    const one = schedule(1);
    const two = schedule(2);
    expect(one.sim.finished.map((g) => g.teams)).not.toEqual(two.sim.finished.map((g) => g.teams));
    for (const { sim, sat } of [one, two]) {
      expect([...sat].sort()).toEqual([...sim.players.keys()].sort());
      const pairs = new Set(sim.finished.flatMap((g) => g.teams.map((t) => pairKey(t[0]!, t[1]!))));
      expect(pairs.size).toBe(13 * 6);
    }
    expect(schedule(1).sim.finished).toEqual(one.sim.finished);
  });
});

describe("organizers' pairings", () => {
  const pairings = {
    together: [["p0", "p1"]] as [string, string][],
    apart: [["p2", "p3"]] as [string, string][],
  };

  it("fixed partners always play together and kept-apart players are never partners", () => {
    for (const sim of [
      unevenSession(16, 3, 60, 1, { pairings }).sim,
      (() => {
        const s = session(10, 2, "fair", 1, { pairings });
        for (let round = 0; round < 12; round++) s.round();
        return s;
      })(),
    ]) {
      const together = sim.finished.filter((g) => g.teams.flat().includes("p0"));
      expect(together.length).toBeGreaterThan(0);
      for (const game of together)
        expect(game.teams.some((t) => t.includes("p0") && t.includes("p1"))).toBe(true);
      for (const game of sim.finished)
        expect(game.teams.some((t) => t.includes("p2") && t.includes("p3"))).toBe(false);
    }
  });
});

describe("king of the court", () => {
  it("winners move up a court, losers down, the top court's winners stay, and partners split", () => {
    const sim = session(14, 3, "king-of-the-court");
    const first = sim.fill().assignments;
    const games = new Map(first.map((a) => [a.courtId, a.teams]));
    for (const a of first) sim.finish(a.courtId, true);
    const next = new Map(sim.fill().assignments.map((a) => [a.courtId, a.teams.flat()]));
    const [c1, c2, c3] = ["c1", "c2", "c3"].map((id) => games.get(id)!);
    expect(new Set(next.get("c1"))).toEqual(new Set([...c1![0], ...c2![0]]));
    expect(new Set(next.get("c2"))).toEqual(new Set([...c1![1], ...c3![0]]));
    // The bottom court takes the second court's losers and the queue; its losers wait.
    expect(next.get("c3")).toEqual(expect.arrayContaining(c2![1]));
    for (const id of c3![1]) expect(next.get("c3")).not.toContain(id);
    // Last game's partners are split on their new court.
    const top = sim.playing.get("c1")!.teams;
    expect(top.some((t) => t.includes(c1![0][0]!) && t.includes(c1![0][1]!))).toBe(false);
  });
});

describe("king of the court with few players", () => {
  it("fills the courts it can even when everyone's target court is short", () => {
    // Four players, two courts: after a game the winners target court 1, the losers court 2.
    const sim = session(4, 2, "king-of-the-court");
    sim.fill();
    sim.finish("c1", false);
    expect(sim.fill().assignments).toHaveLength(1);
  });
});

describe("singles courts", () => {
  it("take two players, one a side, beside doubles courts", () => {
    const sim = session(10, 3, "fair", 1, { singlesCourts: ["c3"] });
    for (let round = 0; round < 6; round++) {
      const { assignments } = sim.round();
      const singles = assignments.find((a) => a.courtId === "c3")!;
      expect(singles.teams.map((t) => t.length)).toEqual([1, 1]);
      for (const a of assignments.filter((x) => x.courtId !== "c3"))
        expect(a.teams.map((t) => t.length)).toEqual([2, 2]);
    }
  });

  it("take two when the club's only court is a singles court, round after round", () => {
    // A one-court club plans its rounds ahead to the end of new partners (one-court-ahead.ts):
    // that plan is of doubles games, and once put four players on the singles court.
    for (const players of [3, 5, 8]) {
      const sim = session(players, 1, "fair", 1, { singlesCourts: ["c1"] });
      for (let round = 0; round < 6; round++) {
        const { assignments } = sim.round();
        expect(assignments).toHaveLength(1);
        expect(assignments[0]!.teams.map((t) => t.length)).toEqual([1, 1]);
      }
    }
  });

  it("work in paddle stack and winners stay too", () => {
    for (const mode of ["paddle-stack", "winners-stay"] as const) {
      const sim = session(7, 2, mode, 1, { singlesCourts: ["c2"] });
      const { assignments } = sim.round();
      expect(assignments.map((a) => a.teams.flat().length)).toEqual([4, 2]);
    }
  });
});

describe("skill-balanced play", () => {
  it("makes the teams far closer than fair mixing, without repeating partners more", () => {
    const gap = (mode: "fair" | "skill-balanced") => {
      const gaps: number[] = [];
      let repeats = 0;
      for (const seed of [1, 2, 3]) {
        const random = seededRandom(seed);
        const ratings = new Map(Array.from({ length: 24 }, (_, i) => [`p${i}`, 1100 + random() * 800]));
        const { sim, figures } = unevenSession(24, 4, 60, seed, { mode, ratings });
        repeats += figures.partnerRepeats;
        for (const game of sim.finished) {
          const average = (team: string[]) => team.reduce((s, id) => s + ratings.get(id)!, 0) / team.length;
          gaps.push(Math.abs(average(game.teams[0]) - average(game.teams[1])));
        }
      }
      return { mean: gaps.reduce((s, g) => s + g, 0) / gaps.length, repeats };
    };
    const fair = gap("fair");
    const skill = gap("skill-balanced");
    expect(skill.mean).toBeLessThan(fair.mean * 0.6);
    expect(skill.repeats).toBeLessThanOrEqual(fair.repeats + 3);
  });
});
