import { describe, expect, it } from "vitest";
import { clubLabels } from "./club-labels.js";

const club = (id: string, name: string, location: string | null, slug = id) => ({ id, name, location, slug });

describe("the club switcher's names", () => {
  it("are the clubs' names when they differ", () => {
    const labels = clubLabels([club("a", "Riverside", "Austin, TX"), club("b", "Hilltop", null)]);
    expect([...labels.values()]).toEqual(["Riverside", "Hilltop"]);
  });

  it("tell same-named clubs apart by where they are, else by their address", () => {
    const labels = clubLabels([
      club("a", "Riverside Pickleball", "Austin, TX"),
      club("b", "Riverside Pickleball", "Portland, OR"),
      club("c", "Dink Society", "Reno, NV", "dink-society"),
      club("d", "Dink Society", "Reno, NV", "dink-society-2"),
      club("e", "Solo", null),
    ]);
    expect([...labels.values()]).toEqual([
      "Riverside Pickleball · Austin, TX",
      "Riverside Pickleball · Portland, OR",
      "Dink Society · /club/dink-society",
      "Dink Society · /club/dink-society-2",
      "Solo",
    ]);
  });
});
