import { describe, expect, it } from "vitest";
import { evenlySpaced } from "./player-view.js";

describe("a rating chart's points, evenly spaced", () => {
  it("keeps a short history whole", () => {
    expect(evenlySpaced([1, 2, 3], 60)).toEqual([1, 2, 3]);
  });

  it("thins a long one to the most drawn, keeping the first and the latest, in order", () => {
    const points = Array.from({ length: 200 }, (_, i) => i);
    const drawn = evenlySpaced(points, 60);
    expect(drawn).toHaveLength(60);
    expect(drawn[0]).toBe(0);
    expect(drawn.at(-1)).toBe(199);
    expect(drawn).toEqual([...drawn].sort((a, b) => a - b));
    expect(new Set(drawn).size).toBe(60);
    // Evenly: no gap between drawn points is more than one wider than another.
    const gaps = drawn.slice(1).map((p, i) => p - drawn[i]!);
    expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThanOrEqual(1);
  });
});
