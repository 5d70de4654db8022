// The TV's text colours against their backgrounds meet WCAG AA (4.5:1 for normal text), read
// from the palette in styles.css so a change of colour there is checked here.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const css = readFileSync(path.resolve(import.meta.dirname, "../../styles.css"), "utf8");
const palette: Record<string, string> = {
  white: "#ffffff",
  // Tailwind 4's slate-300, oklch(86.9% 0.022 252.894), in sRGB.
  "slate-300": "#cad5e2",
};
for (const [, name, hex] of css.matchAll(/--color-([\w-]+):\s*(#[0-9a-f]{6})/gi)) palette[name!] = hex!;

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

// [text, background, where]: every pairing tv-board.tsx and tv-court.tsx draw.
const pairs: [string, string, string][] = [
  ["white", "ink", "club name, waiting and wait time"],
  ["brand-200", "ink", "session name"],
  ["ink", "white", "names and court names on a card, the line"],
  ["brand-800", "white", "times, vs, labels in the line"],
  ["ink", "slate-300", "a court out of play"],
  ["brand-800", "slate-300", "a court out of play's status"],
  ["ink", "ball", "a call"],
];

describe("the TV's colours", () => {
  it("knows the palette", () => {
    expect(contrast("#ffffff", "#000000")).toBeCloseTo(21, 5);
    for (const [text, background] of pairs)
      expect([palette[text], palette[background]]).not.toContain(undefined);
  });

  for (const [text, background, where] of pairs) {
    it(`${text} on ${background} (${where}) is at least 4.5:1`, () => {
      expect(contrast(palette[text]!, palette[background]!)).toBeGreaterThanOrEqual(4.5);
    });
  }
});
