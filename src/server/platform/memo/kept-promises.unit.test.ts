// The one cache module: what every cache of this server relies on it for.
import { describe, expect, it } from "vitest";
import { KeptPromises } from "./kept-promises.js";

const counting = <Value>(values: Value[]) => {
  let calls = 0;
  return {
    read: async () => values[calls++ % values.length]!,
    get calls() {
      return calls;
    },
  };
};

describe("KeptPromises", () => {
  it("shares one read between concurrent callers and keeps it until it stops holding", async () => {
    const kept = new KeptPromises<string>(10);
    const source = counting(["a", "b"]);
    const options = { now: 0, until: 100, mark: null };
    const [one, two] = await Promise.all([
      kept.read("k", source.read, options),
      kept.read("k", source.read, options),
    ]);
    expect([one, two, source.calls]).toEqual(["a", "a", 1]);
    expect(await kept.read("k", source.read, { ...options, now: 99 })).toBe("a");
    expect(await kept.read("k", source.read, { ...options, now: 100 })).toBe("b");
    expect(source.calls).toBe(2);
  });

  it("drops a read that failed, and a value not worth keeping, so the next caller asks again", async () => {
    const kept = new KeptPromises<string | null>(10);
    const options = { now: 0, until: 100, mark: null, keepIf: (v: string | null) => v !== null };
    await expect(kept.read("k", () => Promise.reject(new Error("away")), options)).rejects.toThrow("away");
    expect(kept.size).toBe(0);
    expect(await kept.read("k", async () => null, options)).toBeNull();
    await Promise.resolve();
    expect(kept.size).toBe(0);
    expect(await kept.read("k", async () => "in", options)).toBe("in");
    expect(kept.size).toBe(1);
  });

  it("asks again when the mark kept is no longer current, and learns until when a value holds", async () => {
    const kept = new KeptPromises<{ at: number }, number>(10);
    const source = counting([{ at: 50 }, { at: 500 }]);
    const read = (stamp: number, now: number) =>
      kept.read("club", source.read, {
        now,
        until: Number.POSITIVE_INFINITY,
        mark: stamp,
        current: (keptStamp) => keptStamp >= stamp,
        untilOf: (value) => value.at,
      });
    expect(await read(1, 0)).toEqual({ at: 50 });
    expect(await read(1, 49)).toEqual({ at: 50 });
    expect(await read(1, 50)).toEqual({ at: 500 });
    expect(await read(2, 60)).toEqual({ at: 50 });
    expect(source.calls).toBe(3);
  });

  it("holds at most max keys, the least recently used going first, and forgets by key or match", async () => {
    const kept = new KeptPromises<string>(2);
    const options = { now: 0, until: 100, mark: null };
    await kept.read("a", async () => "a", options);
    await kept.read("b", async () => "b", options);
    await kept.read("a", async () => "stale", options);
    await kept.read("c", async () => "c", options);
    expect([...kept.kept()].map(([key]) => key)).toEqual(["c", "a"]);
    kept.forgetWhere((key) => key === "a");
    expect([...kept.kept()].map(([key]) => key)).toEqual(["c"]);
    kept.forget("c");
    expect(kept.size).toBe(0);
  });
});
