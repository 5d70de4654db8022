import { afterEach, describe, expect, it, vi } from "vitest";
import { type BatchLimits, batchesPerKey, type Settled } from "./batches.js";

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

const limits = (overrides: Partial<BatchLimits> = {}): BatchLimits => ({
  maxBatch: 10,
  maxWaitMs: 5_000,
  maxWaiting: 100,
  tooBusy: () => new Error("too busy"),
  ...overrides,
});

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("batchesPerKey", () => {
  it("starts a quiet key's call at once, and puts every call made meanwhile in the next batch, in order", async () => {
    const { batches, run } = controlledRun();
    const call = batchesPerKey(run, limits());
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
    const call = batchesPerKey(run, limits());
    const a = call("a", 1);
    const b = call("b", 1);
    expect(batches.map((x) => x.key)).toEqual(["a", "b"]);
    for (const batch of batches) batch.finish();
    expect(await Promise.all([a, b])).toEqual(["a:1", "b:1"]);
  });

  it("holds at most maxBatch calls in one batch", async () => {
    const { batches, run } = controlledRun();
    const call = batchesPerKey(run, limits({ maxBatch: 2 }));
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
      (key: string, items: number[]) =>
        items.includes(99) ? Promise.reject(new Error("line down")) : run(key, items),
      limits(),
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

  afterEach(() => {
    vi.useRealTimers();
  });

  it("fails a call that waited too long for a batch, and one that finds the line full, with tooBusy", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { batches, run } = controlledRun();
    const call = batchesPerKey(run, limits({ maxWaitMs: 5_000, maxWaiting: 2 }));
    const running = call("club", 1);
    const [late, alsoLate] = [call("club", 2), call("club", 3)];
    await expect(call("club", 4)).rejects.toThrow("too busy");
    vi.advanceTimersByTime(5_001);
    await expect(late).rejects.toThrow("too busy");
    await expect(alsoLate).rejects.toThrow("too busy");
    // The batch that was running is not touched, and nothing of the late calls runs after it.
    batches[0]!.finish();
    expect(await running).toBe("club:1");
    await tick();
    expect(batches).toHaveLength(1);
    // A call taken into a batch in time is not failed by its timer.
    const prompt = call("club", 5);
    vi.advanceTimersByTime(10_000);
    batches[1]!.finish();
    expect(await prompt).toBe("club:5");
  });
});
