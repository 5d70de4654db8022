import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_RATING,
  expectedScore,
  gameScoreProblem,
  type MatchInput,
  matchWinner,
  replay,
  standings,
  streakTone,
} from "./index.js";

const plain = { k: 32, provisionalGames: 0, marginOfVictory: false };

describe("expectedScore", () => {
  // Wikipedia's Elo example: a 1613 player against 1609, 1477, 1388, 1586 and 1720 expects
  // 0.506, 0.686, 0.785, 0.539 and 0.351 (given to three places); exact logistic values below.
  it("matches the published worked example", () => {
    const published = [
      [1609, 0.506, 0.505756],
      [1477, 0.686, 0.6863],
      [1388, 0.785, 0.785027],
      [1586, 0.539, 0.538778],
      [1720, 0.351, 0.350705],
    ] as const;
    for (const [opponent, rounded, exact] of published) {
      const e = expectedScore(1613, opponent);
      expect(Math.abs(e - rounded)).toBeLessThan(5e-4);
      expect(e).toBeCloseTo(exact, 4);
    }
  });

  it("is 0.5 at equal ratings, about 0.76 at +200 and sums to 1 from both sides", () => {
    expect(expectedScore(1500, 1500)).toBe(0.5);
    expect(expectedScore(1700, 1500)).toBeCloseTo(0.759747, 5);
    expect(expectedScore(1400, 1650) + expectedScore(1650, 1400)).toBeCloseTo(1, 12);
  });
});

describe("replay", () => {
  it("plain Elo, singles: the example's player loses 32 x 0.505756 to a 1609", () => {
    const { ratings, steps } = replay([{ id: "m", teamA: ["a"], teamB: ["b"], winner: "B" }], {
      ...plain,
      initialRatings: { a: 1613, b: 1609 },
    });
    expect(steps[0]!.expectedA).toBeCloseTo(0.505756, 5);
    expect(ratings.get("a")).toBeCloseTo(1613 - 16.1842, 3);
    expect(ratings.get("b")).toBeCloseTo(1609 + 16.1842, 3);
  });

  it("plain Elo, doubles: by team average, both partners move by the team's change", () => {
    // A: 1600 and 1400 (average 1500) beat B: 1550 and 1650 (average 1600).
    // expectedA = 1 / (1 + 10^(100/400)) = 0.359935; change = 32 x (1 - 0.359935) = 20.4821.
    const { ratings, steps } = replay([{ id: "m", teamA: ["a1", "a2"], teamB: ["b1", "b2"], winner: "A" }], {
      ...plain,
      initialRatings: { a1: 1600, a2: 1400, b1: 1550, b2: 1650 },
    });
    expect(steps[0]!.expectedA).toBeCloseTo(0.359935, 5);
    expect(steps[0]!.deltas.a1).toBeCloseTo(20.4821, 4);
    expect(ratings.get("a2")).toBeCloseTo(1420.4821, 4);
    expect(ratings.get("b1")).toBeCloseTo(1529.5179, 4);
    expect(ratings.get("b2")).toBeCloseTo(1629.5179, 4);
  });

  it("gives newcomers a larger K for their first games, then the normal one", () => {
    const match = (id: string): MatchInput => ({ id, teamA: ["a"], teamB: ["b"], winner: "A" });
    const { steps } = replay(["1", "2"].map(match), {
      provisionalGames: 1,
      provisionalK: 64,
      marginOfVictory: false,
    });
    expect(steps[0]!.deltas.a).toBeCloseTo(32, 6);
    expect(steps[1]!.deltas.a).toBeLessThan(16);
  });

  it("moves more for a wide margin than a narrow one", () => {
    const won = (scoreB: number) =>
      replay([{ id: "m", teamA: ["a"], teamB: ["b"], winner: "A", scoreA: 11, scoreB }]).steps[0]!.deltas.a!;
    expect(won(1)).toBeGreaterThan(won(9));
  });

  it("a match won on games with no more points than the loser still moves the winner up", () => {
    // 11-9, 11-9, 7-11: 29 points each; 11-9, 11-9, 0-11: fewer points than the loser.
    for (const [scoreA, scoreB] of [
      [29, 29],
      [22, 29],
    ] as const) {
      const { deltas } = replay([{ id: "m", teamA: ["a"], teamB: ["b"], winner: "A", scoreA, scoreB }])
        .steps[0]!;
      expect(deltas.a).toBeGreaterThan(0);
      expect(deltas.b).toBeLessThan(0);
    }
  });

  it("an edited or deleted match replays to the same ratings as a fresh replay", () => {
    const matchArb = fc.record({
      teamA: fc.shuffledSubarray(["a", "b", "c", "d", "e", "f"], { minLength: 4, maxLength: 4 }),
      winner: fc.constantFrom("A" as const, "B" as const),
      scoreB: fc.integer({ min: 0, max: 9 }),
    });
    fc.assert(
      fc.property(fc.array(matchArb, { minLength: 2, maxLength: 30 }), fc.nat(), (raw, pick) => {
        const matches: MatchInput[] = raw.map((m, i) => ({
          id: `m${i}`,
          teamA: m.teamA.slice(0, 2),
          teamB: m.teamA.slice(2),
          winner: m.winner,
          scoreA: m.winner === "A" ? 11 : m.scoreB,
          scoreB: m.winner === "A" ? m.scoreB : 11,
        }));
        const index = pick % matches.length;
        const edited = matches.map((m, i) =>
          i === index ? ({ ...m, winner: m.winner === "A" ? "B" : "A" } as MatchInput) : m,
        );
        const deleted = matches.filter((_, i) => i !== index);
        // Replaying twice, or from the edited list, is a pure function of the list.
        expect([...replay(edited).ratings]).toEqual([...replay(edited.map((m) => ({ ...m }))).ratings]);
        expect([...replay(deleted).ratings]).toEqual([...replay([...deleted]).ratings]);
        // Everything before the edited match is untouched.
        expect(replay(edited).steps.slice(0, index)).toEqual(replay(matches).steps.slice(0, index));
      }),
    );
  });

  // How long this takes is bench:rating's question (it times the same 30,000-match replay):
  // a wall-clock bound here fails on a busy machine for reasons that are not bugs.
  it("replays a long history (30,000 matches): a step per match in order, each rating its start plus its changes", () => {
    const matches: MatchInput[] = Array.from({ length: 30_000 }, (_, i) => ({
      id: `m${i}`,
      teamA: [`p${i % 97}`, `p${(i * 7) % 97}`],
      teamB: [`p${(i * 13 + 1) % 97}`, `p${(i * 31 + 2) % 97}`],
      winner: i % 3 === 0 ? "B" : "A",
      scoreA: 11,
      scoreB: 6,
    }));
    const { ratings, steps } = replay(matches);
    expect(steps.map((step) => step.matchId)).toEqual(matches.map((match) => match.id));
    const changes = new Map<string, number>();
    for (const step of steps)
      for (const [id, delta] of Object.entries(step.deltas)) changes.set(id, (changes.get(id) ?? 0) + delta);
    expect([...ratings.keys()].sort()).toEqual([...changes.keys()].sort());
    for (const [id, rating] of ratings) {
      expect(Number.isFinite(rating), id).toBe(true);
      expect(rating, id).toBeCloseTo(DEFAULT_RATING + changes.get(id)!, 6);
    }
  });
});

describe("standings", () => {
  it("counts streaks of wins positive and losses negative, most recent run only", () => {
    const results: Array<"A" | "B"> = ["B", "A", "A", "A", "B", "B"];
    const matches = results.map((winner, i) => ({ id: `m${i}`, teamA: ["me"], teamB: [`x${i}`], winner }));
    const lines = standings(matches, replay(matches));
    const me = lines.find((l) => l.playerId === "me")!;
    expect(me).toMatchObject({ games: 6, wins: 3, streak: -2 });
    const afterThreeWins = standings(matches.slice(0, 4), replay(matches.slice(0, 4))).find(
      (l) => l.playerId === "me",
    )!;
    expect(afterThreeWins.streak).toBe(3);
    expect(streakTone(3)).toBe("positive");
    expect(streakTone(2)).toBe("neutral");
    expect(streakTone(-1)).toBe("neutral");
    expect(streakTone(-2)).toBe("negative");
    expect(me.change).toBeCloseTo(replay(matches).steps[5]!.deltas.me!, 9);
  });
});

describe("game scores", () => {
  it("accepts games to 11, 15 or 21 won by 2", () => {
    for (const [a, b, target] of [
      [11, 7, 11],
      [9, 11, 11],
      [12, 10, 11],
      [15, 13, 15],
      [21, 0, 21],
      [23, 21, 21],
    ] as const)
      expect(gameScoreProblem({ a, b }, target), `${a}-${b} to ${target}`).toBeNull();
  });

  it("refuses what no game ends on, with a reason", () => {
    expect(gameScoreProblem({ a: 11, b: 10 }, 11)).toBe("A game is won by 2 points.");
    expect(gameScoreProblem({ a: 10, b: 8 }, 11)).toBe("The winner needs at least 11 points.");
    expect(gameScoreProblem({ a: 14, b: 10 }, 11)).toBe(
      "Past 11, a game ends as soon as one side leads by 2.",
    );
    expect(gameScoreProblem({ a: 11, b: 5 }, 13)).toBe("Games are played to 11, 15 or 21.");
    expect(gameScoreProblem({ a: -1, b: 11 }, 11)).toBe("Scores are whole numbers, 0 or more.");
    expect(gameScoreProblem({ a: 11.5, b: 2 }, 11)).toBe("Scores are whole numbers, 0 or more.");
  });

  it("names the match winner by games won", () => {
    expect(matchWinner([{ a: 11, b: 7 }])).toBe("A");
    expect(
      matchWinner([
        { a: 11, b: 7 },
        { a: 5, b: 11 },
        { a: 9, b: 11 },
      ]),
    ).toBe("B");
    expect(
      matchWinner([
        { a: 11, b: 7 },
        { a: 5, b: 11 },
      ]),
    ).toBeNull();
  });
});
