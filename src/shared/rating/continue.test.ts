// Going on from a stored state gives exactly what a replay from the start gives: the ladder
// keeps its state and applies a result at the end of history alone (constant cost).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type MatchInput, rateMatches, replay, type SkillStart, type Standing, standings } from "./index.js";

const players = ["a", "b", "c", "d", "e", "f", "g"];
const DAY = 86_400_000;

/** A club's history: random doubles and singles among seven players over a few months. */
const history = fc
  .array(
    fc.record({
      seats: fc.shuffledSubarray(players, { minLength: 4, maxLength: 4 }),
      singles: fc.boolean(),
      winner: fc.constantFrom("A" as const, "B" as const),
      loser: fc.integer({ min: 0, max: 9 }),
      scored: fc.boolean(),
      gapDays: fc.integer({ min: 0, max: 40 }),
    }),
    { minLength: 2, maxLength: 40 },
  )
  .map((drawn) => {
    let at = Date.UTC(2026, 0, 1);
    return drawn.map((m, i): MatchInput => {
      at += m.gapDays * DAY;
      const [p, q, r, s] = m.seats;
      const score = m.winner === "A" ? [11, m.loser] : [m.loser, 11];
      return {
        id: String(i),
        teamA: m.singles ? [p!] : [p!, q!],
        teamB: m.singles ? [r!] : [r!, s!],
        winner: m.winner,
        playedAt: new Date(at),
        ...(m.scored ? { scoreA: score[0], scoreB: score[1] } : {}),
      };
    });
  });

/** Everything the ladder stores per player after `matches`, from `start` states when given. */
function run(matches: MatchInput[], start?: { elo: Map<string, Standing>; skill: Map<string, SkillStart> }) {
  const result = replay(matches, start ? { start: start.elo } : {});
  const lines = standings(matches, result, start?.elo);
  const skills = rateMatches(matches, {}, start?.skill).ratings;
  const elo = new Map(start?.elo);
  for (const line of lines) elo.set(line.playerId, line);
  const skill = new Map(start?.skill);
  for (const [id, s] of skills) {
    const last = matches.findLast((m) => m.teamA.includes(id) || m.teamB.includes(id));
    skill.set(id, { ...s, lastPlayedAt: last?.playedAt as Date });
  }
  return { elo, skill, steps: result.steps };
}

describe("going on from a stored state", () => {
  it("equals a replay from the start, to the last bit, wherever history is cut", () => {
    fc.assert(
      fc.property(history, fc.nat(), (matches, at) => {
        const cut = 1 + (at % (matches.length - 1));
        const whole = run(matches);
        const before = run(matches.slice(0, cut));
        const after = run(matches.slice(cut), before);
        expect(after.elo).toEqual(whole.elo);
        expect(after.skill).toEqual(whole.skill);
        // The changes and their parts of the later matches are the same too.
        expect(after.steps).toEqual(whole.steps.slice(cut));
      }),
      { numRuns: 300 },
    );
  });

  it("a player away for months comes back less sure either way", () => {
    const first: MatchInput[] = [
      { id: "1", teamA: ["a", "b"], teamB: ["c", "d"], winner: "A", playedAt: new Date("2026-01-01") },
    ];
    const later: MatchInput[] = [
      { id: "2", teamA: ["a", "c"], teamB: ["b", "d"], winner: "A", playedAt: new Date("2026-06-01") },
    ];
    const stored = run(first);
    const soon = rateMatches([{ ...later[0]!, playedAt: new Date("2026-01-02") }], {}, stored.skill);
    const away = rateMatches(later, {}, stored.skill);
    expect(Math.abs(away.steps[0]!.deltas.a!.total)).toBeGreaterThan(
      Math.abs(soon.steps[0]!.deltas.a!.total),
    );
  });
});
