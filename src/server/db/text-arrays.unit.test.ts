import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseTextArray, pgParser } from "./text-arrays.js";

const general = pgParser(1009, "text");

/** An array literal as PostgreSQL writes one: elements quoted when they need it. */
function literal(values: Array<string | null>): string {
  const quoted = values.map((v) => {
    if (v === null) return "NULL";
    if (v === "" || v.toUpperCase() === "NULL" || /[{}",\\\s]/.test(v))
      return `"${v.replace(/[\\"]/g, "\\$&")}"`;
    return v;
  });
  return `{${quoted.join(",")}}`;
}

describe("parseTextArray", () => {
  it("reads what pg's own parser reads, for any text array PostgreSQL could write", () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.string(), { nil: null })), (values) => {
        const text = literal(values);
        expect(parseTextArray(text)).toEqual(general(text));
        expect(parseTextArray(text)).toEqual(values);
      }),
      { numRuns: 2000 },
    );
  });

  it("takes the fast way for ids, and hands nested arrays to pg's parser", () => {
    expect(parseTextArray("{}")).toEqual([]);
    expect(parseTextArray("{a1,b2,NULL}")).toEqual(["a1", "b2", null]);
    expect(parseTextArray('{"NULL",x}')).toEqual(["NULL", "x"]);
    expect(parseTextArray("{{a,b},{c,d}}")).toEqual(general("{{a,b},{c,d}}"));
  });
});
