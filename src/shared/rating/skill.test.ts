import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { glickoPeriod } from "./glicko2.js";
import {
  conservative,
  isProvisional,
  type MatchInput,
  normalCdf,
  PROVISIONAL_SIGMA,
  rateMatches,
  SKILL_DEFAULTS,
  winChance,
} from "./index.js";

const match = (id: string, teamA: string[], teamB: string[], winner: "A" | "B", extra = {}): MatchInput => ({
  id,
  teamA,
  teamB,
  winner,
  ...extra,
});

describe("normalCdf", () => {
  it("matches the table values", () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.96)).toBeCloseTo(0.975, 4);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 5);
  });
});

describe("winChance", () => {
  it("is even for equal teams, favours the stronger, and is symmetric", () => {
    const p = { mu: 1500, sigma: 100 };
    const strong = { mu: 1700, sigma: 100 };
    expect(winChance([p, p], [p, p])).toBeCloseTo(0.5, 8);
    expect(winChance([strong, p], [p, p])).toBeGreaterThan(0.5);
    expect(winChance([strong, p], [p, p]) + winChance([p, p], [strong, p])).toBeCloseTo(1, 9);
  });

  it("is less sure when the ratings are less sure", () => {
    const sure = winChance([{ mu: 1700, sigma: 50 }], [{ mu: 1500, sigma: 50 }]);
    const unsure = winChance([{ mu: 1700, sigma: 300 }], [{ mu: 1500, sigma: 300 }]);
    expect(unsure).toBeLessThan(sure);
    expect(unsure).toBeGreaterThan(0.5);
  });
});

describe("rateMatches", () => {
  it("moves the winners up and the losers down, and shrinks every sigma", () => {
    const { ratings, steps } = rateMatches([match("m1", ["a", "b"], ["c", "d"], "A")]);
    expect(steps[0]!.expectedA).toBeCloseTo(0.5, 8);
    for (const id of ["a", "b"]) expect(ratings.get(id)!.mu).toBeGreaterThan(SKILL_DEFAULTS.initialMu);
    for (const id of ["c", "d"]) expect(ratings.get(id)!.mu).toBeLessThan(SKILL_DEFAULTS.initialMu);
    for (const r of ratings.values()) {
      expect(r.sigma).toBeLessThan(SKILL_DEFAULTS.initialSigma);
      expect(r.matches).toBe(1);
    }
  });

  it("moves the unsure partner more than the settled one", () => {
    const history = Array.from({ length: 40 }, (_, i) =>
      match(`h${i}`, ["a", `x${i}`], [`y${i}`, `z${i}`], i % 2 ? "A" : "B"),
    );
    const { ratings, steps } = rateMatches([...history, match("new", ["a", "n"], ["c", "d"], "A")]);
    const last = steps.at(-1)!.deltas;
    expect(ratings.get("a")!.sigma).toBeLessThan(ratings.get("n")!.sigma);
    expect(last.n!.total).toBeGreaterThan(last.a!.total);
    // The newcomer's extra is the certainty part; the surprise is the same seat's.
    expect(last.n!.certainty).toBeGreaterThan(last.a!.certainty);
    expect(last.n!.surprise).toBeCloseTo(last.a!.surprise, 9);
  });

  it("counts a big win more than a narrow one", () => {
    const narrow = rateMatches([match("m", ["a"], ["b"], "A", { scoreA: 11, scoreB: 9 })]);
    const big = rateMatches([match("m", ["a"], ["b"], "A", { scoreA: 11, scoreB: 1 })]);
    expect(big.ratings.get("a")!.mu).toBeGreaterThan(narrow.ratings.get("a")!.mu);
    expect(big.steps[0]!.deltas.a!.margin).toBeGreaterThan(narrow.steps[0]!.deltas.a!.margin);
    expect(narrow.steps[0]!.deltas.a!.surprise).toBeCloseTo(big.steps[0]!.deltas.a!.surprise, 9);
  });

  it("grows sigma with the days away, up to the newcomer's", () => {
    const first = match("m1", ["a"], ["b"], "A", { playedAt: "2024-01-01T00:00:00Z" });
    const soon = rateMatches([first, match("m2", ["a"], ["c"], "A", { playedAt: "2024-01-02T00:00:00Z" })]);
    const late = rateMatches([first, match("m2", ["a"], ["c"], "A", { playedAt: "2025-01-01T00:00:00Z" })]);
    expect(late.steps[1]!.deltas.a!.total).toBeGreaterThan(soon.steps[1]!.deltas.a!.total);
    // Ten years away: as unsure as the newcomer across the net, so both shrink alike.
    const years = rateMatches([first, match("m2", ["a"], ["c"], "A", { playedAt: "2034-01-01T00:00:00Z" })], {
      driftPerDay: 10,
    });
    expect(years.ratings.get("a")!.sigma).toBeCloseTo(years.ratings.get("c")!.sigma, 9);
  });

  it("explains every change: surprise + margin + certainty = total (property)", () => {
    const ids = ["a", "b", "c", "d", "e", "f"];
    const arbitraryMatch = fc
      .tuple(
        fc.shuffledSubarray(ids, { minLength: 4, maxLength: 4 }),
        fc.boolean(),
        fc.option(fc.tuple(fc.nat(21), fc.nat(21))),
        fc.nat(30),
      )
      .map(([players, aWins, score, day]) => ({ players, aWins, score, day }));
    fc.assert(
      fc.property(fc.array(arbitraryMatch, { minLength: 1, maxLength: 30 }), (list) => {
        let day = 0;
        const matches = list.map((m, i) => {
          day += m.day;
          return match(
            `m${i}`,
            m.players.slice(0, 2),
            m.players.slice(2),
            m.aWins ? "A" : "B",
            m.score ? { scoreA: m.score[0], scoreB: m.score[1], playedAt: new Date(day * 86_400_000) } : {},
          );
        });
        const { ratings, steps } = rateMatches(matches);
        const sums = new Map<string, number>();
        for (const step of steps)
          for (const [id, d] of Object.entries(step.deltas)) {
            expect(d.surprise + d.margin + d.certainty).toBeCloseTo(d.total, 9);
            sums.set(id, (sums.get(id) ?? 0) + d.total);
          }
        for (const [id, r] of ratings) {
          expect(r.mu).toBeCloseTo(SKILL_DEFAULTS.initialMu + sums.get(id)!, 6);
          expect(r.sigma).toBeGreaterThan(0);
          expect(r.sigma).toBeLessThanOrEqual(SKILL_DEFAULTS.initialSigma);
        }
      }),
    );
  });

  it("is deterministic over 30,000 matches", () => {
    const players = Array.from({ length: 120 }, (_, i) => `p${i}`);
    const matches = Array.from({ length: 30_000 }, (_, i) =>
      match(
        `m${i}`,
        [players[(i * 7) % 120]!, players[(i * 11 + 1) % 120]!],
        [players[(i * 13 + 2) % 120]!, players[(i * 17 + 3) % 120]!],
        i % 3 ? "A" : "B",
        {
          scoreA: 11,
          scoreB: i % 10,
          playedAt: new Date(Date.UTC(2024, 0, 1) + Math.floor(i / 8) * 86_400_000),
        },
      ),
    ).filter((m) => new Set([...m.teamA, ...m.teamB]).size === 4);
    const first = rateMatches(matches);
    const second = rateMatches(matches);
    // How fast is bench/rating's to measure (a test's clock on shared cores proves nothing).
    expect(second.ratings).toEqual(first.ratings);
  });
});

describe("provisional and conservative", () => {
  it("calls a newcomer provisional and a settled player not", () => {
    expect(isProvisional({ mu: 1500, sigma: SKILL_DEFAULTS.initialSigma })).toBe(true);
    expect(isProvisional({ mu: 1500, sigma: SKILL_DEFAULTS.settledSigma })).toBe(false);
    // The 95% interval at the threshold is 400 points wide.
    expect(2 * 1.96 * PROVISIONAL_SIGMA).toBeCloseTo(400, 9);
  });

  it("orders a sure 1600 above an unsure 1650", () => {
    expect(conservative({ mu: 1600, sigma: 60 })).toBeGreaterThan(conservative({ mu: 1650, sigma: 200 }));
  });
});

describe("Glicko-2", () => {
  // Glickman's worked example ("Example of the Glicko-2 system"): 1500/200/0.06, tau 0.5,
  // beats 1400/30, loses to 1550/100 and 1700/300: 1464.06 / 151.52 / 0.05999. The paper
  // rounds its intermediate values (mu' = -0.2069); unrounded the rating is 1464.051.
  it("matches the published worked example", () => {
    const after = glickoPeriod(
      { rating: 1500, rd: 200, volatility: 0.06 },
      [
        { rating: 1400, rd: 30 },
        { rating: 1550, rd: 100 },
        { rating: 1700, rd: 300 },
      ],
      [1, 0, 0],
      0.5,
    );
    expect(Math.abs(after.rating - 1464.06)).toBeLessThan(0.015);
    expect(after.rd).toBeCloseTo(151.52, 2);
    expect(Math.abs(after.volatility - 0.05999)).toBeLessThan(1e-5);
  });
});
