import { describe, expect, it } from "vitest";
import { courtRows, spread } from "./tv-grid.js";

describe("courtRows: the TV's rows of courts", () => {
  // The layout a club sees on a 16:9 TV, for every club size we support.
  const expected: Record<number, number[]> = {
    1: [1],
    2: [2],
    3: [2, 1],
    4: [2, 2],
    5: [3, 2],
    6: [3, 3],
    7: [3, 2, 2],
    8: [3, 3, 2],
    9: [3, 3, 3],
    10: [4, 3, 3],
    11: [4, 4, 3],
    12: [4, 4, 4],
  };

  for (let count = 1; count <= 12; count++) {
    it(`${count} court${count === 1 ? "" : "s"} -> ${expected[count]!.join(" + ")}`, () => {
      const rows = courtRows(count);
      expect(rows).toEqual(expected[count]);
    });

    it(`${count} courts fill every row, longer rows first, differing by at most one`, () => {
      for (const aspect of [1, 1.2, 1.5, 1.9, 2.5]) {
        const rows = courtRows(count, aspect);
        expect(rows.reduce((a, b) => a + b, 0)).toBe(count);
        expect(Math.min(...rows)).toBeGreaterThanOrEqual(1);
        expect(Math.max(...rows) - Math.min(...rows)).toBeLessThanOrEqual(1);
        expect([...rows].sort((a, b) => b - a)).toEqual(rows);
      }
    });
  }

  it("a wide, short area puts more courts in a row; a narrow, tall one fewer", () => {
    expect(courtRows(8, 1.9)).toEqual([4, 4]);
    expect(courtRows(2, 1.2)).toEqual([1, 1]);
    expect(courtRows(12, 1.2)).toEqual([3, 3, 3, 3]);
  });

  it("has nothing to lay out without courts", () => {
    expect(courtRows(0)).toEqual([]);
  });
});

describe("spread", () => {
  it("shares items among rows, the extra ones in the first rows", () => {
    expect(spread(5, 2)).toEqual([3, 2]);
    expect(spread(10, 3)).toEqual([4, 3, 3]);
    expect(spread(4, 4)).toEqual([1, 1, 1, 1]);
  });
});
