// Mixed doubles and separate games (TeamRule): teams follow the rule wherever the players
// present allow it, and the fairness rules (who plays next, games within 1) hold as in open play.
import { describe, expect, it } from "vitest";
import { teamRuleMisses } from "./grouping.js";
import { teamRuleNight as night } from "./scenarios.js";
import { SessionSim } from "./simulate.js";
import { teamsNote } from "./teams-note.js";
import type { Gender } from "./types.js";

describe("mixed doubles", () => {
  it.each([
    [8, 8, 2],
    [12, 12, 4],
    [10, 10, 3],
  ])("%i women and %i men on %i courts: every team is a woman and a man, in equal rounds", (w, m, c) => {
    const { misses, spread } = night(w, m, c, "mixed", { rounds: 20 });
    expect(misses).toBe(0);
    expect(spread).toBeLessThanOrEqual(1);
  });

  it("courts freeing one at a time: with as many women as men, at most 1 team in 100 games is not mixed", () => {
    for (const [w, m, c] of [
      [8, 8, 2],
      [12, 12, 4],
    ] as const) {
      const { misses, played } = night(w, m, c, "mixed");
      expect(misses / (played.length * 2)).toBeLessThanOrEqual(0.01);
    }
  });

  it("with fewer women, every woman's team is mixed: the men's doubles are only the ones the numbers force", () => {
    const { played, genders, spread } = night(6, 10, 2, "mixed");
    const womenTeams = played.flat().filter((team) => team.some((id) => genders.get(id) === "woman"));
    const twoWomen = womenTeams.filter((team) => team.every((id) => genders.get(id) === "woman"));
    expect(twoWomen.length).toBeLessThanOrEqual(1);
    // Fairness is not traded for it: games stay as level as in open play.
    expect(spread).toBeLessThanOrEqual(night(6, 10, 2, "open").spread + 1);
  });

  it("a player who declared nothing fits any team", () => {
    const genders = new Map<string, Gender>([
      ["w0", "woman"],
      ["w1", "woman"],
      ["m0", "man"],
    ]);
    expect(
      teamRuleMisses(
        [
          ["u0", "w0"],
          ["u1", "m0"],
        ],
        "mixed",
        genders,
      ),
    ).toBe(0);
    expect(
      teamRuleMisses(
        [
          ["w0", "w1"],
          ["u1", "m0"],
        ],
        "mixed",
        genders,
      ),
    ).toBe(1);
    expect(
      teamRuleMisses(
        [
          ["w0", "u0"],
          ["u1", "m0"],
        ],
        "separate",
        genders,
      ),
    ).toBe(1);
    expect(
      teamRuleMisses(
        [
          ["w0", "u0"],
          ["u1", "w1"],
        ],
        "separate",
        genders,
      ),
    ).toBe(0);
  });
});

describe("separate games", () => {
  it("with enough of each, no game mixes women and men", () => {
    expect(night(8, 8, 2, "separate").misses).toBe(0);
    expect(night(12, 12, 4, "separate", { rounds: 20 }).misses).toBe(0);
  });

  it("three women cannot make a game alone: they play in mixed games, as often as everyone", () => {
    const { sim, spread } = night(3, 9, 2, "separate");
    expect(spread).toBeLessThanOrEqual(2);
    const women = [...sim.players.values()].filter((p) => p.id.startsWith("w")).map((p) => p.gamesPlayed);
    const men = [...sim.players.values()].filter((p) => p.id.startsWith("m")).map((p) => p.gamesPlayed);
    expect(Math.min(...women)).toBeGreaterThanOrEqual(Math.min(...men) - 1);
  });
});

describe("open play", () => {
  it("ignores genders: the same night as without them", () => {
    const withGenders = night(8, 8, 2, "open").played;
    const sim = new SessionSim(2, "fair", 1);
    for (let i = 0; i < 8; i++) sim.arrive(`w${i}`);
    for (let i = 0; i < 8; i++) sim.arrive(`m${i}`);
    expect(sim.fill().assignments.map((a) => a.teams)).toEqual(withGenders.slice(0, 2));
  });
});

describe("what the organizer is told", () => {
  it("says nothing when the numbers allow the rule, and what happens instead when they do not", () => {
    expect(teamsNote("open", 1, 9, 0)).toBeNull();
    expect(teamsNote("mixed", 6, 6, 0)).toBeNull();
    expect(teamsNote("mixed", 4, 8, 0)).toBe(
      "Mixed doubles with 4 women and 8 men: teams are a woman and a man wherever they can be; the rest are two men. Games stay level.",
    );
    expect(teamsNote("mixed", 0, 8, 0)).toBe(
      "Mixed doubles needs women and men: with 0 women and 8 men checked in, teams are made as in open play.",
    );
    expect(teamsNote("separate", 3, 9, 1)).toBe(
      "Separate games with 3 women and 9 men: too few women for a game of their own, so they play in mixed games until a fourth is here. 1 player has not said a gender and fits any team.",
    );
    expect(teamsNote("separate", 8, 8, 0)).toBeNull();
  });
});
