// The longest wait (decide.ts waitCap): a player who, passed over now, would still be waiting past
// the cap when the next court frees goes on now, even with a partner they have had. But a court
// that frees only after the night has ended frees for nobody: then they are not forced on. And
// four the cap holds to one court who can only play each other again may leave one to the next
// court, when it is due any minute.
import { describe, expect, it } from "vitest";
import { decide } from "./decide.js";
import { SessionSim } from "./simulate.js";

/**
 * Two courts; c1's game started at minute 92, and the decision is c2's, at minute 97. Waiting:
 * x, off court since `xOffSince` (minute 89), who has partnered each of the other four waiting
 * (none of whom has partnered another), so any game with x repeats a partner; those four have
 * been ready since minute 96. Everyone has played 5 games.
 */
function xHasWaited(endsAt: number | undefined, xOffSince = 89) {
  const sim = new SessionSim(2, "fair", 1, { endsAt });
  const court = ["a", "b", "c", "d"];
  const others = ["y", "z", "v", "w"];
  // x is last in line: only the wait cap sends x on ahead of the others.
  for (const id of [...court, ...others, "x"]) sim.arrive(id);
  for (const p of sim.players.values()) {
    p.gamesPlayed = 5;
    p.readySince = 96 * 60_000;
  }
  sim.players.get("x")!.recentPartners = [...others];
  for (const id of others) sim.players.get(id)!.recentPartners = ["x"];
  sim.players.get("x")!.readySince = xOffSince * 60_000;
  sim.playing.set("c1", { courtId: "c1", teams: [court.slice(0, 2), court.slice(2)], startedAt: 92 });
  return sim.input(97);
}

const onCourt = (input: ReturnType<typeof xHasWaited>) => decide(input).assignments[0]?.teams.flat() ?? [];

describe("the wait cap", () => {
  it("sends on a player who would wait past it, with a partner they have had", () => {
    // Off since 89, c1 should free at 104: 15 minutes, past the cap of 13.8.
    expect(onCourt(xHasWaited(undefined))).toContain("x");
  });

  it("still does when the next court frees before the night ends", () => {
    expect(onCourt(xHasWaited(110))).toContain("x");
  });

  it("does not when the next court frees after the night has ended: x would not play again anyway", () => {
    // The night ends at 100, before c1 frees: the four who have never partnered go on instead.
    const players = onCourt(xHasWaited(100));
    expect(players).toHaveLength(4);
    expect(players).not.toContain("x");
  });

  it("still does in the night's last minute: the night's end frees no court for anyone", () => {
    // Off since 84: 13 minutes now, and the night ends at 98.
    expect(onCourt(xHasWaited(98, 84))).toContain("x");
  });

  it("still does when waiting out the night would itself pass it", () => {
    // Off since 85: 12 minutes now, 15 by the night's end at 100.
    expect(onCourt(xHasWaited(100, 85))).toContain("x");
  });

  it("holds as ever once the night has run past its end, which is no end any more", () => {
    for (const endsAt of [90, 80]) expect(onCourt(xHasWaited(endsAt)), `ended at ${endsAt}`).toContain("x");
  });
});

/**
 * Two courts; c2 frees at minute 97 and c1's game started at `c1StartedAt`. Waiting: a, b, c and
 * d, who came off one court together at minute `offSince` after three games together (each has
 * partnered the other three and faced them twice: every game of the four repeats a partner), and
 * y, z, v and w, ready since 96, who have partnered nobody. Everyone has played 5 games. Two sit
 * at a time here, so a player is due after two courts' games; the cap is 13.8 minutes.
 */
function fourCameOffTogether(c1StartedAt: number, offSince = 82.5, gamesWaited = 0, endsAt?: number) {
  const sim = new SessionSim(2, "fair", 1, { endsAt });
  const four = ["a", "b", "c", "d"];
  const others = ["y", "z", "v", "w"];
  const onC1 = ["e", "f", "g", "h"];
  for (const id of [...four, ...others, ...onC1]) sim.arrive(id);
  for (const p of sim.players.values()) {
    p.gamesPlayed = 5;
    p.readySince = 96 * 60_000;
  }
  // Their three games: ab v cd, ac v bd, ad v bc.
  const games: [string[], string[]][] = [
    [
      ["a", "b"],
      ["c", "d"],
    ],
    [
      ["a", "c"],
      ["b", "d"],
    ],
    [
      ["a", "d"],
      ["b", "c"],
    ],
  ];
  for (const [one, other] of games)
    for (const [mine, theirs] of [
      [one, other],
      [other, one],
    ] as const)
      for (const id of mine) {
        const p = sim.players.get(id)!;
        p.recentPartners.push(mine.find((o) => o !== id)!);
        p.recentOpponents.push(...theirs);
      }
  for (const id of four) {
    const p = sim.players.get(id)!;
    p.readySince = offSince * 60_000;
    p.gamesWaited = gamesWaited;
  }
  sim.playing.set("c1", { courtId: "c1", teams: [onC1.slice(0, 2), onC1.slice(2)], startedAt: c1StartedAt });
  return sim.input(97);
}

describe("the wait cap and four who waited together", () => {
  const game = (c1StartedAt: number, offSince?: number, gamesWaited?: number, endsAt?: number) =>
    decide(fourCameOffTogether(c1StartedAt, offSince, gamesWaited, endsAt)).assignments[0]!.teams;
  const fourOf = (teams: string[][]) => teams.flat().filter((id) => "abcd".includes(id));
  const repeats = (teams: string[][]) =>
    teams.filter((t) => "abcd".includes(t[0]!) && "abcd".includes(t[1]!));

  it("lets one of them wait for the other court when it is due any minute", () => {
    // c1 started at 80: 17 minutes in, just past the long end of 15. The four have waited 14.5
    // minutes. Three of them go on now with one of the others, one repeated partner (going on
    // once overdue outweighs one), and the fourth goes on at c1 in a minute or so, within a
    // minute of the cap. All four would repeat two.
    const teams = game(80);
    expect(fourOf(teams)).toHaveLength(3);
    expect(repeats(teams)).toHaveLength(1);
  });

  it("holds them to the cap when the other court may run long: all four go on now, two repeats", () => {
    // c1 started at 93: it may not free for 11 minutes.
    const teams = game(93);
    expect(fourOf(teams)).toHaveLength(4);
    expect(repeats(teams)).toHaveLength(2);
    // Three minutes from its long end is not any minute either.
    expect(fourOf(game(85, 85.5, 2))).toHaveLength(4);
  });

  it("holds them to it when the other court's game is far past a long one: it may be unscored", () => {
    // c1 started at 40: 57 minutes on, nobody knows when it frees.
    expect(fourOf(game(40))).toHaveLength(4);
  });

  it("holds them to it in the night's last minute: a court freeing then frees for nobody", () => {
    expect(fourOf(game(80, 82.5, 0, 97.5))).toHaveLength(4);
  });

  it("holds them to it when their wait is already well past it, even with a court due any minute", () => {
    // Off since 80: 17 minutes, past the cap by more than the minute the next court may take.
    expect(fourOf(game(80, 80))).toHaveLength(4);
    // Passed over for more courts than the group's size makes necessary: that is a rule.
    expect(fourOf(game(80, 82.5, 3))).toHaveLength(4);
  });
});
