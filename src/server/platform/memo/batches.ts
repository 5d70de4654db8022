// Work done one batch at a time per key. A call made while its key's batch runs waits, and
// goes with every other call made meanwhile in the next batch: under a burst, N calls cost a
// few batches rather than N turns each. A quiet key's call starts at once, in a batch of one.

/** One call's outcome in a batch: its own value, or its own error. */
export type Settled<Result> = { ok: true; value: Result } | { ok: false; error: unknown };

type Waiting<Item, Result> = {
  item: Item;
  resolve: (value: Result) => void;
  reject: (error: unknown) => void;
};

/**
 * `run` gets the key and the items of one batch, in arrival order, and settles each (same
 * order). A batch holds at most `maxBatch` items; the rest wait for the next. If `run` throws,
 * every call of that batch fails with its error.
 */
export function batchesPerKey<Item, Result>(
  run: (key: string, items: Item[]) => Promise<Settled<Result>[]>,
  maxBatch: number,
) {
  const waiting = new Map<string, Waiting<Item, Result>[]>();
  const running = new Set<string>();

  async function drain(key: string): Promise<void> {
    running.add(key);
    try {
      for (let queue = waiting.get(key); queue?.length; queue = waiting.get(key)) {
        const batch = queue.splice(0, maxBatch);
        if (queue.length === 0) waiting.delete(key);
        try {
          const settled = await run(
            key,
            batch.map((w) => w.item),
          );
          batch.forEach((w, i) => {
            const outcome = settled[i]!;
            if (outcome.ok) w.resolve(outcome.value);
            else w.reject(outcome.error);
          });
        } catch (error) {
          for (const w of batch) w.reject(error);
        }
      }
    } finally {
      running.delete(key);
    }
  }

  return (key: string, item: Item): Promise<Result> =>
    new Promise<Result>((resolve, reject) => {
      const queue = waiting.get(key) ?? [];
      queue.push({ item, resolve, reject });
      waiting.set(key, queue);
      if (!running.has(key)) void drain(key);
    });
}
