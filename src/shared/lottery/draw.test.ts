// The weighted draw: reproducible from its seed, in proportion to the weights (first places and
// whole seasons of simulated weeks), an assured place always given, and nobody's luck forgotten.
import { describe, expect, it } from "vitest";
import { drawOrder, type Entrant, newSeed, ticketOf, weightOf } from "./draw.js";

const none = { guaranteeAfter: null };

describe("a ticket", () => {
  it("is the same for the same seed and id, in (0, 1), and differs otherwise", () => {
    expect(ticketOf("abc", "p1")).toBe(ticketOf("abc", "p1"));
    expect(ticketOf("abc", "p1")).not.toBe(ticketOf("abd", "p1"));
    expect(ticketOf("abc", "p1")).not.toBe(ticketOf("abc", "p2"));
    for (let i = 0; i < 1000; i++) {
      const t = ticketOf(`s${i}`, "x");
      expect(t).toBeGreaterThan(0);
      expect(t).toBeLessThan(1);
    }
  });

  it("is spread evenly: 20,000 tickets in ten bins pass a chi-square test at 99.9%", () => {
    const bins = new Array(10).fill(0);
    for (let i = 0; i < 20_000; i++) bins[Math.floor(ticketOf("seed", `player-${i}`) * 10)]++;
    const chiSquare = bins.reduce((sum, observed) => sum + (observed - 2000) ** 2 / 2000, 0);
    // The 99.9% point of chi-square with 9 degrees of freedom.
    expect(chiSquare).toBeLessThan(27.88);
  });
});

describe("the draw", () => {
  it("is reproducible: the same seed and entrants give the same order, whatever order they came in", () => {
    const entrants: Entrant[] = Array.from({ length: 30 }, (_, i) => ({ id: `p${i}`, losses: i % 4 }));
    const a = drawOrder("0f3c", entrants, none).map((d) => d.id);
    const b = drawOrder("0f3c", [...entrants].reverse(), none).map((d) => d.id);
    expect(a).toEqual(b);
    expect(drawOrder("0f3d", entrants, none).map((d) => d.id)).not.toEqual(a);
    expect(new Set(a).size).toBe(30);
  });

  it("gives the first place in proportion to the weights (1, 2, 4, 8 over 40,000 draws, within 1.5 points)", () => {
    const entrants: Entrant[] = [0, 1, 2, 3].map((losses) => ({ id: `lost-${losses}`, losses }));
    const firsts = new Map<string, number>();
    const draws = 40_000;
    for (let i = 0; i < draws; i++) {
      const [first] = drawOrder(`draw-${i}`, entrants, none);
      firsts.set(first!.id, (firsts.get(first!.id) ?? 0) + 1);
    }
    for (const e of entrants) {
      const expected = weightOf(e.losses) / 15;
      expect(Math.abs((firsts.get(e.id) ?? 0) / draws - expected), e.id).toBeLessThan(0.015);
    }
  });

  it("over simulated weeks, shares places by past losses as the weights say, and nobody loses for long", () => {
    // 24 players want 16 places every week for 2,000 weeks; losses reset on getting in.
    const players = Array.from({ length: 24 }, (_, i) => ({ id: `p${i}`, losses: 0 }));
    const asked = new Map<number, number>();
    const won = new Map<number, number>();
    let longestLosing = 0;
    for (let week = 0; week < 2_000; week++) {
      const order = drawOrder(`week-${week}`, players, none);
      const winners = new Set(order.slice(0, 16).map((d) => d.id));
      for (const p of players) {
        asked.set(p.losses, (asked.get(p.losses) ?? 0) + 1);
        if (winners.has(p.id)) {
          won.set(p.losses, (won.get(p.losses) ?? 0) + 1);
          p.losses = 0;
        } else {
          p.losses += 1;
          longestLosing = Math.max(longestLosing, p.losses);
        }
      }
    }
    const rate = (losses: number) => (won.get(losses) ?? 0) / (asked.get(losses) ?? 1);
    // Without memory everyone would get in 2 weeks in 3; with it, one loss makes a place more
    // likely than none, and two losses more likely still.
    expect(rate(1)).toBeGreaterThan(rate(0) + 0.1);
    expect(rate(2)).toBeGreaterThan(rate(1));
    expect(longestLosing).toBeLessThanOrEqual(5);
  });

  it("puts those assured a place first, every time, and the rest by weight", () => {
    const rules = { guaranteeAfter: 3 };
    for (let i = 0; i < 500; i++) {
      const entrants: Entrant[] = [
        ...Array.from({ length: 20 }, (_, j) => ({ id: `fresh-${j}`, losses: 0 })),
        { id: "unlucky", losses: 3 },
        { id: "unluckier", losses: 5 },
      ];
      const order = drawOrder(newSeed(), entrants, rules);
      expect(
        order
          .slice(0, 2)
          .map((d) => d.id)
          .sort(),
      ).toEqual(["unluckier", "unlucky"]);
      expect(order.slice(0, 2).every((d) => d.assured)).toBe(true);
      expect(order.map((d) => d.position)).toEqual(Array.from({ length: 22 }, (_, k) => k + 1));
    }
  });

  it("a seed is 32 hex characters, fresh each time", () => {
    const a = newSeed();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newSeed()).not.toBe(a);
  });
});
