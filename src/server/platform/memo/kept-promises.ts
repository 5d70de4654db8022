// The one way this server keeps what it read, per instance: the signed-in sessions, club
// access, the board's shared view and the club reads all sit on it. A value is kept as the
// promise of it, so concurrent callers share one read; a read that fails, or whose value is not
// worth keeping (nobody signed in, not a member), is dropped at once so the next caller asks
// again; at most `max` keys are kept, the least recently used going first (lru-cache).
import { LRUCache } from "lru-cache";

/** What is kept for a key: the value's promise, its mark, and the instant it stops holding. */
export type Kept<Value, Mark> = { value: Promise<Value>; mark: Mark; until: number };

export type KeepOptions<Value, Mark> = {
  /** The clock of the caller, in milliseconds. */
  now: number;
  /** Until when a value read now holds (Infinity: until its mark stops being current). */
  until: number;
  /** What a value read now is kept with, for `current` to judge later (a club's data stamp). */
  mark: Mark;
  /** Whether what is kept is current for this caller; without it, what is kept until `until` is. */
  current?: (kept: Mark) => boolean;
  /** Whether a value is worth keeping once read; a value refused is dropped. */
  keepIf?: (value: Value) => boolean;
  /** A value that knows how long it holds: the instant it stops (undefined keeps `until`). */
  untilOf?: (value: Value) => number | undefined;
};

export class KeptPromises<Value, Mark = null> {
  private readonly entries: LRUCache<string, Kept<Value, Mark>>;

  constructor(max: number) {
    this.entries = new LRUCache({ max });
  }

  /** The value kept for `key` while it holds for this caller, else `read`'s, kept in its place. */
  read(key: string, read: () => Promise<Value>, options: KeepOptions<Value, Mark>): Promise<Value> {
    const kept = this.entries.get(key);
    if (kept && options.now < kept.until && (options.current?.(kept.mark) ?? true)) return kept.value;
    const value = read();
    const fresh: Kept<Value, Mark> = { value, mark: options.mark, until: options.until };
    this.entries.set(key, fresh);
    const drop = () => {
      if (this.entries.peek(key) === fresh) this.entries.delete(key);
    };
    value.then((found) => {
      if (options.keepIf && !options.keepIf(found)) return drop();
      const until = options.untilOf?.(found);
      if (until !== undefined) fresh.until = until;
    }, drop);
    return value;
  }

  forget(key: string): void {
    this.entries.delete(key);
  }

  /** Forgets every key `match` names, with what is kept for it. */
  forgetWhere(match: (key: string, kept: Kept<Value, Mark>) => boolean): void {
    const doomed = [...this.entries.entries()].filter(([key, kept]) => match(key, kept));
    for (const [key] of doomed) this.entries.delete(key);
  }

  /** Every key with what is kept for it, the most recently used first. */
  kept(): IterableIterator<[string, Kept<Value, Mark>]> {
    return this.entries.entries();
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
