import { describe, expect, it } from "vitest";
import { onePerOwner } from "./one-per-owner.js";

describe("onePerOwner", () => {
  it("makes one value per owner, on first use, and keeps it", () => {
    let made = 0;
    const counterOf = onePerOwner((owner: { name: string }) => ({ owner: owner.name, serial: ++made }));
    const a = { name: "a" };
    const b = { name: "b" };
    expect(made).toBe(0);
    const first = counterOf(a);
    expect(counterOf(a)).toBe(first);
    expect(counterOf(b)).toEqual({ owner: "b", serial: 2 });
    expect(first).toEqual({ owner: "a", serial: 1 });
    expect(made).toBe(2);
  });
});
