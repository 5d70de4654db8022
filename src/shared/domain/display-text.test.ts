import { describe, expect, it } from "vitest";
import { isPlainDisplayText, isPlainMultilineText } from "./display-text.js";

const char = (code: number) => String.fromCodePoint(code);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe("a name shows as typed", () => {
  it("takes letters of any script, digits, spaces and punctuation", () => {
    for (const name of [
      "Riverside Pickleball",
      "Zoë O'Brien-Núñez",
      "北京匹克球",
      "نادي الكرة",
      "Court #1 (east)",
    ])
      expect(isPlainDisplayText(name), name).toBe(true);
  });

  it("refuses every C0 and C1 control character, line breaks and NUL among them", () => {
    for (const code of [...range(0x00, 0x1f), 0x7f, ...range(0x80, 0x9f), 0x2028, 0x2029])
      expect(isPlainDisplayText(`Club${char(code)}Name`), code.toString(16)).toBe(false);
  });

  it("refuses bidirectional marks, embeddings, overrides and isolates", () => {
    for (const code of [0x061c, 0x200e, 0x200f, ...range(0x202a, 0x202e), ...range(0x2066, 0x2069)])
      expect(isPlainDisplayText(`evil${char(code)}gnp.exe`), code.toString(16)).toBe(false);
  });
});

describe("hidden characters", () => {
  it("refuses zero-width characters in a name, where they make two equal-looking names differ", () => {
    for (const code of [0x200b, 0x200c, 0x200d, 0x2060, 0xfeff])
      expect(isPlainDisplayText(`River${char(code)}side`), code.toString(16)).toBe(false);
  });

  it("lets a text of several lines keep its line breaks, tabs and emoji joiners, and nothing else hidden", () => {
    expect(isPlainMultilineText("Bring water.\n\tCourts 1-4 only.\n👨‍👩‍👧 welcome")).toBe(true);
    for (const code of [0x00, 0x07, 0x1b, 0x7f, 0x85, 0x200b, 0x200e, 0x202e, 0x2066, 0x2028, 0xfeff])
      expect(isPlainMultilineText(`Bring${char(code)}water`), code.toString(16)).toBe(false);
  });
});
