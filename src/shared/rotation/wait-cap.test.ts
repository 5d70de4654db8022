// The longest wait (decide.ts waitCap): a player who, passed over now, would still be waiting past
// the cap when the next court frees goes on now, even with a partner they have had. But a court
// that frees only after the night has ended frees for nobody: then they are not forced on.
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

  it("still does when waiting out the night would itself pass it", () => {
    // Off since 85: 12 minutes now, 15 by the night's end at 100.
    expect(onCourt(xHasWaited(100, 85))).toContain("x");
  });

  it("holds as ever once the night has run past its end, which is no end any more", () => {
    for (const endsAt of [90, 80]) expect(onCourt(xHasWaited(endsAt)), `ended at ${endsAt}`).toContain("x");
  });
});
