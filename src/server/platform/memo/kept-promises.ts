// The one way this server keeps what it read, per instance: the signed-in sessions, club
// access, the board's shared view and the club reads all sit on it. A value is kept as the
// promise of it, so concurrent callers share one read; a read that fails is dropped at once so
// the next caller asks again (and the caller drops a value not worth keeping: nobody signed in,
// not a member); at most `max` keys are kept, the least recently used going first (lru-cache).
// A hit allocates nothing: these caches sit on every request.
import { LRUCache } from "lru-cache";

/** What is kept for a key: the value's promise, its mark, and the instant it stops holding. */
export type Kept<Value, Mark> = { readonly value: Promise<Value>; readonly mark: Mark; until: number };

const ignore = () => {};

export class KeptPromises<Value, Mark = null> {
  private readonly entries: LRUCache<string, Kept<Value, Mark>>;

  constructor(max: number) {
    this.entries = new LRUCache({ max });
  }

  /**
   * The value kept for `key` if it holds at `now` (in milliseconds) and, when asked,
   * `current` finds its mark current for this caller; else undefined.
   */
  hit(key: string, now: number, current?: (mark: Mark) => boolean): Promise<Value> | undefined {
    const kept = this.entries.get(key);
    if (kept === undefined || now >= kept.until) return undefined;
    return current === undefined || current(kept.mark) ? kept.value : undefined;
  }

  /**
   * Keeps `value` for `key` from now on, with its mark, holding until `until` (which the caller
   * may move once it knows better). A value that fails is dropped.
   */
  keep(key: string, value: Promise<Value>, mark: Mark, until: number): Kept<Value, Mark> {
    const kept: Kept<Value, Mark> = { value, mark, until };
    this.entries.set(key, kept);
    value.then(ignore, () => this.drop(key, kept));
    return kept;
  }

  /**
   * The value kept for `key` if it holds at `now`, else `read`'s, kept until `until` unless
   * `worthKeeping` refuses it once read (nobody signed in, not a member).
   */
  read(
    key: string,
    now: number,
    until: number,
    read: () => Promise<Value>,
    mark: Mark,
    worthKeeping?: (value: Value) => boolean,
  ): Promise<Value> {
    const hit = this.hit(key, now);
    if (hit) return hit;
    const kept = this.keep(key, read(), mark, until);
    if (worthKeeping) kept.value.then((value) => worthKeeping(value) || this.drop(key, kept), ignore);
    return kept.value;
  }

  /** Drops `kept` if it is still what is kept for `key` (a newer value stays). */
  drop(key: string, kept: Kept<Value, Mark>): void {
    if (this.entries.peek(key) === kept) this.entries.delete(key);
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
