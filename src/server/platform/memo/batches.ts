// Work done one batch at a time per key. A call made while its key's batch runs waits, and
// goes with every other call made meanwhile in the next batch: under a burst, N calls cost a
// few batches rather than N turns each. A quiet key's call starts at once, in a batch of one.
// Waits are bounded like every other wait on the database: a call that waited `maxWaitMs`
// without being taken into a batch, or that finds `maxWaiting` calls ahead of it, fails with
// `tooBusy()` instead.

/** One call's outcome in a batch: its own value, or its own error. */
export type Settled<Result> = { ok: true; value: Result } | { ok: false; error: unknown };

type Waiting<Item, Result> = {
  item: Item;
  resolve: (value: Result) => void;
  reject: (error: unknown) => void;
  // Set only for an item that waits behind a running batch.
  timer?: NodeJS.Timeout;
};

export type BatchLimits = {
  /** The most calls one batch takes (at least one). */
  maxBatch: number;
  /** The longest a call waits to be taken into a batch. */
  maxWaitMs: number;
  /** The most calls that may wait at once per key. */
  maxWaiting: number;
  /** The error of a call that waited too long or found too many ahead of it. */
  tooBusy: () => Error;
};

/**
 * `run` gets the key and the items of one batch, in arrival order, and settles each (same
 * order). If `run` throws, every call of that batch fails with its error.
 */
export function batchesPerKey<Item, Result>(
  run: (key: string, items: Item[]) => Promise<Settled<Result>[]>,
  limits: BatchLimits,
) {
  const maxBatch = Math.max(1, limits.maxBatch);
  const waiting = new Map<string, Waiting<Item, Result>[]>();
  const running = new Set<string>();

  function take(key: string): Waiting<Item, Result>[] {
    const queue = waiting.get(key) ?? [];
    const batch = queue.splice(0, maxBatch);
    if (queue.length === 0) waiting.delete(key);
    for (const w of batch) clearTimeout(w.timer);
    return batch;
  }

  async function drain(key: string): Promise<void> {
    running.add(key);
    try {
      for (let batch = take(key); batch.length > 0; batch = take(key)) {
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
      if (queue.length >= limits.maxWaiting) {
        reject(limits.tooBusy());
        return;
      }
      const entry: Waiting<Item, Result> = { item, resolve, reject };
      queue.push(entry);
      waiting.set(key, queue);
      // Nothing running for the key: the batch starts now, and takes this one with it.
      if (!running.has(key)) return void drain(key);
      entry.timer = setTimeout(() => {
        const at = queue.indexOf(entry);
        if (at === -1) return;
        queue.splice(at, 1);
        if (queue.length === 0 && waiting.get(key) === queue) waiting.delete(key);
        reject(limits.tooBusy());
      }, limits.maxWaitMs);
    });
}
