import { describe, expect, it } from "vitest";
import { jsonDepth, MAX_JSON_DEPTH } from "./json-depth.js";

describe("jsonDepth", () => {
  it("counts nesting outside strings only", () => {
    expect(jsonDepth('{"a":1}')).toBe(1);
    expect(jsonDepth('{"a":[{"b":[]}]}')).toBe(4);
    expect(jsonDepth('{"a":"[[[[{{{{\\"]]"}')).toBe(1);
    expect(jsonDepth("3")).toBe(0);
  });

  it("finds a 10,000-deep document too deep without recursing", () => {
    const deep = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
    expect(jsonDepth(deep)).toBeGreaterThan(MAX_JSON_DEPTH);
  });
});
