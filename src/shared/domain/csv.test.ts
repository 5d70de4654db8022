import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv.js";

describe("csv", () => {
  it("quotes cells holding commas, quotes or line breaks, and doubles inner quotes", () => {
    expect(csvCell("Smith, Ann")).toBe('"Smith, Ann"');
    expect(csvCell('The "Ace"')).toBe('"The ""Ace"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("plain")).toBe("plain");
  });

  it("defuses cells a spreadsheet would run as a formula", () => {
    for (const attack of ['=HYPERLINK("x")', "+1+1", "-2+3", "@SUM(A1)", "\tcmd"]) {
      expect(csvCell(attack).replace(/^"/, "")).toMatch(/^'/);
    }
    // A number is a number, not text: a negative amount stays a value.
    expect(csvCell(-5)).toBe("-5");
  });

  it("writes empty cells for nulls, CRLF lines and a byte order mark for Excel", () => {
    const text = toCsv(
      ["Name", "Paid"],
      [
        ["José", 10],
        ["Ann", null],
      ],
    );
    expect(text).toBe("\ufeffName,Paid\r\nJosé,10\r\nAnn,\r\n");
  });
});
