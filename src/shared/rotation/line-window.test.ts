// A freed court chooses from the player whose turn it is and the next eight in line
// (choose-group.ts rankGroups), so that four who just came off are not sent back on together; but
// when every game within those eight repeats a partner, it looks down the whole line.
import { describe, expect, it } from "vitest";
import { decide } from "./decide.js";
import type { Game } from "./grouping.js";
import { SessionSim } from "./simulate.js";

/**
 * Minute 30 of open play on two courts, c2 busy: twelve players wait, all on 3 games, in line
 * p0 (whose turn it is) to p11; p0 has already partnered each of `partneredByP0`.
 */
function line(partneredByP0: string[]) {
  const sim = new SessionSim(2, "fair", 1);
  const waiting = Array.from({ length: 12 }, (_, i) => `p${i}`);
  const busy = ["x0", "x1", "x2", "x3"];
  for (const id of [...waiting, ...busy]) sim.arrive(id);
  for (const p of sim.players.values()) {
    p.gamesPlayed = 3;
    p.readySince = 29 * 60_000;
  }
  for (const id of partneredByP0) {
    sim.players.get("p0")!.recentPartners.push(id);
    sim.players.get(id)!.recentPartners.push("p0");
  }
  sim.playing.set("c2", { courtId: "c2", teams: [busy.slice(0, 2), busy.slice(2)], startedAt: 25 });
  return sim.input(30);
}

const partnerOf = (game: Game, id: string) => game.find((team) => team.includes(id))!.find((o) => o !== id);

describe("the line a freed court chooses from", () => {
  it("reaches past the next eight when each of them would repeat a partner", () => {
    const eight = ["p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8"];
    const [game] = decide(line(eight)).assignments;
    expect(game!.teams.flat()).toContain("p0");
    expect(["p9", "p10", "p11"]).toContain(partnerOf(game!.teams, "p0"));
  });

  it("stays within the next eight while they hold a fresh partner", () => {
    const [game] = decide(line(["p1", "p2", "p3"])).assignments;
    expect(game!.teams.flat()).toContain("p0");
    expect(game!.teams.flat().filter((id) => ["p9", "p10", "p11"].includes(id))).toEqual([]);
  });
});
