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
    const read = (now: number) => kept.read("k", now, 100, source.read, null);
    const [one, two] = await Promise.all([read(0), read(0)]);
    expect([one, two, source.calls]).toEqual(["a", "a", 1]);
    expect(await read(99)).toBe("a");
    expect(await read(100)).toBe("b");
    expect(source.calls).toBe(2);
  });

  it("drops a read that failed, and a value not worth keeping, so the next caller asks again", async () => {
    const kept = new KeptPromises<string | null>(10);
    await expect(kept.read("k", 0, 100, () => Promise.reject(new Error("away")), null)).rejects.toThrow(
      "away",
    );
    expect(kept.size).toBe(0);
    const worthKeeping = (value: string | null) => value !== null;
    expect(await kept.read("k", 0, 100, async () => null, null, worthKeeping)).toBeNull();
    await Promise.resolve();
    expect(kept.hit("k", 0)).toBeUndefined();
    expect(await kept.read("k", 0, 100, async () => "in", null, worthKeeping)).toBe("in");
    expect(await kept.hit("k", 0)).toBe("in");
    // A newer value is not dropped by an older one's caller.
    const older = kept.keep("k", Promise.resolve("old"), null, 100);
    kept.keep("k", Promise.resolve("new"), null, 100);
    kept.drop("k", older);
    expect(await kept.hit("k", 0)).toBe("new");
  });

  it("answers a hit only while its mark is current for the caller, until the instant it stops", async () => {
    const kept = new KeptPromises<string, number>(10);
    const entry = kept.keep("club", Promise.resolve("built at 2"), 2, Number.POSITIVE_INFINITY);
    const atLeast = (stamp: number) => (mark: number) => mark >= stamp;
    expect(await kept.hit("club", 0, atLeast(2))).toBe("built at 2");
    expect(await kept.hit("club", 0, atLeast(1))).toBe("built at 2");
    expect(kept.hit("club", 0, atLeast(3))).toBeUndefined();
    // The caller learns until when the value holds once it is built.
    entry.until = 50;
    expect(await kept.hit("club", 49, atLeast(2))).toBe("built at 2");
    expect(kept.hit("club", 50, atLeast(2))).toBeUndefined();
  });

  it("holds at most max keys, the least recently used going first, and forgets by key or match", async () => {
    const kept = new KeptPromises<string>(2);
    await kept.read("a", 0, 100, async () => "a", null);
    await kept.read("b", 0, 100, async () => "b", null);
    expect(await kept.read("a", 0, 100, async () => "stale", null)).toBe("a");
    await kept.read("c", 0, 100, async () => "c", null);
    expect([...kept.kept()].map(([key]) => key)).toEqual(["c", "a"]);
    kept.forgetWhere((key) => key === "a");
    expect([...kept.kept()].map(([key]) => key)).toEqual(["c"]);
    kept.forget("c");
    expect(kept.size).toBe(0);
  });
});
