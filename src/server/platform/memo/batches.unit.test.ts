import { describe, expect, it } from "vitest";
import { batchesPerKey, type Settled } from "./batches.js";

/** A run whose batches finish when the test says so, recording what each batch held. */
function controlledRun() {
  const batches: Array<{ key: string; items: number[]; finish: (settled?: Settled<string>[]) => void }> = [];
  const run = (key: string, items: number[]) =>
    new Promise<Settled<string>[]>((resolve) => {
      batches.push({
        key,
        items,
        finish: (settled) => resolve(settled ?? items.map((n) => ({ ok: true, value: `${key}:${n}` }))),
      });
    });
  return { batches, run };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("batchesPerKey", () => {
  it("starts a quiet key's call at once, and puts every call made meanwhile in the next batch, in order", async () => {
    const { batches, run } = controlledRun();
    const call = batchesPerKey(run, 10);
    const first = call("club", 1);
    expect(batches.map((b) => b.items)).toEqual([[1]]);
    const later = [call("club", 2), call("club", 3), call("club", 4)];
    await tick();
    expect(batches).toHaveLength(1);
    batches[0]!.finish();
    expect(await first).toBe("club:1");
    await tick();
    expect(batches.map((b) => b.items)).toEqual([[1], [2, 3, 4]]);
    batches[1]!.finish();
    expect(await Promise.all(later)).toEqual(["club:2", "club:3", "club:4"]);
  });

  it("runs different keys side by side", async () => {
    const { batches, run } = controlledRun();
    const call = batchesPerKey(run, 10);
    const a = call("a", 1);
    const b = call("b", 1);
    expect(batches.map((x) => x.key)).toEqual(["a", "b"]);
    for (const batch of batches) batch.finish();
    expect(await Promise.all([a, b])).toEqual(["a:1", "b:1"]);
  });

  it("holds at most maxBatch calls in one batch", async () => {
    const { batches, run } = controlledRun();
    const call = batchesPerKey(run, 2);
    const calls = [1, 2, 3, 4, 5, 6].map((n) => call("club", n));
    batches[0]!.finish();
    await tick();
    batches[1]!.finish();
    await tick();
    batches[2]!.finish();
    await tick();
    batches[3]!.finish();
    expect(batches.map((b) => b.items)).toEqual([[1], [2, 3], [4, 5], [6]]);
    expect(await Promise.all(calls)).toHaveLength(6);
  });

  it("fails each call alone with its own error, or every call of a batch whose run throws", async () => {
    const { batches, run } = controlledRun();
    const call = batchesPerKey(
      (key, items: number[]) => (items.includes(99) ? Promise.reject(new Error("line down")) : run(key, items)),
      10,
    );
    const first = call("club", 1);
    const [good, bad] = [call("club", 2), call("club", 3)];
    batches[0]!.finish();
    await first;
    await tick();
    batches[1]!.finish([
      { ok: true, value: "two" },
      { ok: false, error: new Error("three refused") },
    ]);
    expect(await good).toBe("two");
    await expect(bad).rejects.toThrow("three refused");
    await expect(call("club", 99)).rejects.toThrow("line down");
    // The key works again after a failed batch.
    const after = call("club", 5);
    await tick();
    batches.at(-1)!.finish();
    expect(await after).toBe("club:5");
  });
});
