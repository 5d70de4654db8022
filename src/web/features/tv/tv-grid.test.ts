import { describe, expect, it } from "vitest";
import { ASIDE, boardPlan, CARD, CARD_LINES, courtRows, spread, type TvArea } from "./tv-grid.js";

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

/**
 * The room beside the header on a 16:9 screen of `width` CSS pixels, as tv-board.tsx measures
 * it: u is 1/100 of the width; the screen's padding (u), its header (2.4 u) and the gap below it
 * (u) are not the courts'.
 */
function screen(width: number): TvArea {
  const u = width / 100;
  return { width: width - 2 * u, height: (width * 9) / 16 - 2 * u - 2.4 * u - u, unit: u };
}

describe("boardPlan: the TV's courts and the line beside them", () => {
  const hd = screen(1920);

  it("makes names on court at least 48 px up to 9 courts and at least 40 px up to 12 on a 1920x1080 TV", () => {
    const sizes = Array.from({ length: 12 }, (_, i) => boardPlan(i + 1, hd).name);
    for (const [i, size] of sizes.entries())
      expect(size, `${i + 1} courts`).toBeGreaterThanOrEqual(i < 9 ? 48 : 40);
    // Before: 36.7 px on 8 courts (the cards' labels took the room) and on 12.
    expect(boardPlan(8, hd)).toMatchObject({ rows: [3, 3, 2], name: 49, queueName: 49 });
    expect(boardPlan(12, hd)).toMatchObject({ rows: [4, 4, 4], name: 40.3, queueName: 36.6 });
  });

  it("never draws the names in line larger than those on court", () => {
    for (const width of [1280, 1920, 3840])
      for (let count = 1; count <= 12; count++) {
        const plan = boardPlan(count, screen(width));
        expect(plan.queueName, `${count} courts at ${width}`).toBeLessThanOrEqual(plan.name);
        expect(plan.queueName).toBeLessThanOrEqual(ASIDE.nameU * (width / 100));
      }
  });

  it("plans the same rows as courtRows on a 16:9 TV, and cards that hold their names", () => {
    for (let count = 1; count <= 12; count++) {
      const plan = boardPlan(count, hd);
      expect(plan.rows.reduce((a, b) => a + b, 0)).toBe(count);
      expect(Math.max(...plan.rows) - Math.min(...plan.rows)).toBeLessThanOrEqual(1);
      const u = hd.unit;
      const widest = Math.max(...plan.rows);
      // Every card is as tall as a court's name, four names and the rule, and wide enough for
      // 8.5 names' sizes; the line is within its bounds.
      const cellHeight = (hd.height - (plan.rows.length - 1) * u) / plan.rows.length;
      expect(2 * CARD.padYU * u + CARD_LINES * plan.name, `${count} courts`).toBeLessThanOrEqual(cellHeight);
      const cellWidth = (hd.width - u - plan.aside - (widest - 1) * u) / widest;
      expect(2 * CARD.padXU * u + CARD.namesAcross * plan.name).toBeLessThanOrEqual(cellWidth + 0.01);
      expect(plan.aside).toBeGreaterThanOrEqual(ASIDE.minU * u - 0.1);
      expect(plan.aside).toBeLessThanOrEqual(ASIDE.maxU * u);
      expect(plan.title).toBeGreaterThanOrEqual(CARD.title * plan.name - 0.1);
      expect(plan.title).toBeLessThanOrEqual(plan.name);
    }
    for (let count = 1; count <= 12; count++) expect(boardPlan(count, hd).rows).toEqual(courtRows(count));
  });

  it("shows the same picture on a 4K TV, every size doubled", () => {
    for (const count of [4, 8, 12]) {
      const [at1080, at2160] = [boardPlan(count, hd), boardPlan(count, screen(3840))];
      expect(at2160.rows).toEqual(at1080.rows);
      expect(at2160.name / at1080.name).toBeCloseTo(2, 2);
      expect(at2160.queueName / at1080.queueName).toBeCloseTo(2, 2);
    }
  });

  it("gives the line what the courts cannot use: a wide line beside few courts, a narrow one beside 12", () => {
    expect(boardPlan(4, hd).aside).toBe(455);
    expect(boardPlan(4, hd).queueName).toBe(49.9);
    expect(boardPlan(12, hd).aside).toBeLessThan(boardPlan(8, hd).aside);
  });

  it("sizes the line alone when there are no courts", () => {
    expect(boardPlan(0, hd)).toMatchObject({ rows: [], queueName: 49.9 });
  });
});
