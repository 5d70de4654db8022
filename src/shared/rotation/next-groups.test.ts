// The next groups the board announces are the engine's own choice played forward: when the
// courts free in the order and at the times the projection assumed, what goes on is exactly
// what was announced, where the line cut into fours rarely is.
import { describe, expect, it } from "vitest";
import { decide } from "./decide.js";
import { projectNextGroups } from "./next-groups.js";
import { SessionSim } from "./simulate.js";

const TYPICAL = { short: 10, typical: 12, long: 14 };
const sorted = (ids: string[] | undefined) => [...(ids ?? [])].sort().join(",");

/**
 * A fair night whose games all take the typical length, announced before each court frees. It
 * ends an hour after the games checked: in its last stretch the fill plays its choice ahead on
 * drawn nights, which the announcement does not (next-groups.ts).
 */
function announcedAndPlayed(players: number, courts: number, games: number) {
  const endsAt = (games * 12) / courts + 60;
  const sim = new SessionSim(courts, "fair", 7, { gameLength: TYPICAL, endsAt });
  for (let i = 0; i < players; i++) sim.arrive(`p${i}`);
  let clock = 0;
  sim.fill(clock);
  // Courts start a few minutes apart, as on a real night, so they free one at a time.
  const offsets = new Map(sim.courts.map((c, i) => [c.id, (i * 12) / courts]));
  for (const game of sim.playing.values()) game.startedAt = offsets.get(game.courtId)!;
  const checked = { games: 0, asAnnounced: 0, asLineFirstFour: 0 };
  while (checked.games < games) {
    const input = sim.input(clock);
    const announced = projectNextGroups(input);
    const line = decide({
      ...input,
      courts: input.courts.map((c) => (c.status === "free" ? { ...c, status: "unavailable" as const } : c)),
    }).queue.map((q) => q.playerId);
    const [next] = [...sim.playing.values()].sort((a, b) => a.startedAt - b.startedAt);
    clock = next!.startedAt + TYPICAL.typical;
    sim.finish(next!.courtId, true, clock);
    const placed = sim.fill(clock).assignments.find((a) => a.courtId === next!.courtId);
    if (!placed) continue;
    checked.games += 1;
    if (sorted(placed.teams.flat()) === sorted(announced.get(next!.courtId))) checked.asAnnounced += 1;
    if (sorted(placed.teams.flat()) === sorted(line.slice(0, 4))) checked.asLineFirstFour += 1;
  }
  return checked;
}

describe("the next groups announced", () => {
  it("are the groups that go on, when the courts free as expected", () => {
    for (const [players, courts] of [
      [16, 3],
      [24, 4],
      [12, 2],
    ] as const) {
      const night = announcedAndPlayed(players, courts, 30);
      expect(night.asAnnounced, `${players} on ${courts}`).toBe(night.games);
      // The line's first four: what the board announced before, and mostly not what went on.
      expect(night.asLineFirstFour, `${players} on ${courts}`).toBeLessThan(night.games / 2);
    }
  });

  it("name a group for a free court first, then one for each running court, nobody twice", () => {
    const sim = new SessionSim(2, "fair", 3, { gameLength: TYPICAL });
    for (let i = 0; i < 11; i++) sim.arrive(`p${i}`);
    sim.fill(0);
    sim.finish("c1", true, 12);
    const input = sim.input(12);
    const groups = projectNextGroups(input);
    expect([...groups.keys()].sort()).toEqual(["c1", "c2"]);
    const everyone = [...groups.values()].flat();
    expect(new Set(everyone).size).toBe(everyone.length);
    // The free court's group is the engine's fill now.
    const now = decide(input).assignments.find((a) => a.courtId === "c1")!;
    expect(sorted(groups.get("c1"))).toBe(sorted(now.teams.flat()));
  });
});
