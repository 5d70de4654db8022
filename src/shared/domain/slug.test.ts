import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SLUG_ATTEMPTS, slugCandidate, slugify } from "./slug.js";

describe("slugify", () => {
  it.each([
    ["Riverside Pickleball", "riverside-pickleball"],
    ["  The Dink   Dynasty!! ", "the-dink-dynasty"],
    ["Smash/City #2", "smash-city-2"],
    ["Café Kitchen", "caf-kitchen"],
    ["---", "organization"],
    ["", "organization"],
  ])("%j -> %j", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it("always gives lowercase letters, digits and single inner hyphens", () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        expect(slugify(name)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      }),
    );
  });

  it("tries the base, then -1 to -4: five attempts in all", () => {
    expect(Array.from({ length: SLUG_ATTEMPTS }, (_, i) => slugCandidate("club", i))).toEqual([
      "club",
      "club-1",
      "club-2",
      "club-3",
      "club-4",
    ]);
  });
});
