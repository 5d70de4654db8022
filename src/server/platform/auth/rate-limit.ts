// Fixed-window limits, counted where every app instance shares them (PostgreSQL, or Redis when
// the app has one). `consume` counts an attempt before it is made, in one atomic step per
// limit, so parallel attempts cannot all slip under a limit. Sign-in then gives the count back (`release`) when the attempt was
// not a failure, so a person who gets it right is never held back by attempts not theirs.
import { inArray, sql } from "drizzle-orm";
import { messages } from "../../../shared/domain/messages.js";
import type { Db } from "../../db/database.js";
import { rateLimits } from "../../db/schema/auth.js";
import { AppError } from "../errors/app-error.js";

export type Limit = {
  key: string;
  max: number;
  windowSeconds: number;
  /** What a refusal says, given the wait in words; "Too many attempts…" unless the limit says. */
  refusal?: (wait: string) => string;
};

/**
 * The key a client's address is counted under. An IPv6 host usually holds a whole /64, so it
 * is counted per /64; otherwise one machine could use 2^64 fresh addresses.
 */
export function addressKey(ip: string): string {
  const address = ip.split("%")[0] ?? ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(":")) return address;
  const [head = "", tail = ""] = address.toLowerCase().split("::");
  const headParts = head ? head.split(":") : [];
  const tailParts = address.includes("::") && tail ? tail.split(":") : [];
  const zeros = Array<string>(Math.max(0, 8 - headParts.length - tailParts.length)).fill("0");
  const hextets = [...headParts, ...zeros, ...tailParts].slice(0, 4);
  return `${hextets.map((h) => h.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

/** "a minute", "2 minutes", "3 hours": the wait as the message says it, rounded up. */
export function waitInWords(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  // A day's cap says "5 hours", not "300 minutes".
  if (minutes > 90) return `${Math.ceil(minutes / 60)} hours`;
  return minutes === 1 ? "a minute" : `${minutes} minutes`;
}

export function rateLimited(retryAfterSeconds: number, say = messages.rateLimited): AppError {
  const seconds = Math.max(1, retryAfterSeconds);
  return new AppError("RATE_LIMITED", say(waitInWords(seconds)), {
    headers: { "retry-after": String(seconds) },
  });
}

/**
 * Where the counts are kept. PostgreSQL by default; Redis when the app has REDIS_URL
 * (redis-rate-limits.ts). Either way every instance shares them.
 */
export type RateLimitStore = {
  /** Counts one attempt against `limit`; returns the count so far and the window's seconds left. */
  count(limit: Limit): Promise<{ count: number; retryAfter: number }>;
  /** Gives back one count of every limit (never below zero). */
  release(keys: string[]): Promise<void>;
  /** Forgets the counts of these limits. */
  clear(keys: string[]): Promise<void>;
};

function postgresStore(db: Db): RateLimitStore {
  return {
    async count(limit) {
      // One statement: start a new window when the old one is over, else count this attempt.
      const result = await db.execute<{ count: number; retry_after: number }>(sql`
        insert into rate_limits (key, window_started_at, count) values (${limit.key}, now(), 1)
        on conflict (key) do update set
          count = case when rate_limits.window_started_at < now() - make_interval(secs => ${limit.windowSeconds})
                       then 1 else rate_limits.count + 1 end,
          window_started_at = case when rate_limits.window_started_at < now() - make_interval(secs => ${limit.windowSeconds})
                       then now() else rate_limits.window_started_at end
        returning count,
          ceil(extract(epoch from (window_started_at + make_interval(secs => ${limit.windowSeconds}) - now())))::int as retry_after`);
      const row = result.rows[0]!;
      return { count: row.count, retryAfter: row.retry_after };
    },
    async release(keys) {
      await db.execute(sql`
        update rate_limits set count = greatest(count - 1, 0)
        where key in (${sql.join(
          keys.map((key) => sql`${key}`),
          sql`, `,
        )})`);
    },
    async clear(keys) {
      await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
    },
  };
}

// The store of each app, found by its database handle (as the route code that counts holds
// one). An app without an entry counts in its PostgreSQL.
const stores = new WeakMap<Db, RateLimitStore>();

/** From now on this app's limits are counted in `store` (compose.ts, when REDIS_URL is set). */
export function countRateLimitsIn(db: Db, store: RateLimitStore): void {
  stores.set(db, store);
}

function storeOf(db: Db): RateLimitStore {
  let store = stores.get(db);
  if (!store) {
    store = postgresStore(db);
    stores.set(db, store);
  }
  return store;
}

/** Counts this attempt against every limit; refuses with 429 once one is over. */
export async function consume(db: Db, limits: Limit[]): Promise<void> {
  const store = storeOf(db);
  for (const limit of limits) {
    const { count: used, retryAfter } = await store.count(limit);
    if (used > limit.max) throw rateLimited(retryAfter, limit.refusal);
  }
}

/** Counts this attempt against `limit`: the count so far in its window, and the seconds the window has left. */
export function countAttempt(db: Db, limit: Limit): Promise<{ count: number; retryAfter: number }> {
  return storeOf(db).count(limit);
}

/** Counts this attempt against `limit` and says whether it is over, without refusing. */
export async function overLimit(db: Db, limit: Limit): Promise<boolean> {
  return (await storeOf(db).count(limit)).count > limit.max;
}

/**
 * The IPv6 /48 a client's address belongs to (a site's usual allocation), for limits that a
 * guesser holding many /64s must not step around; undefined for IPv4.
 */
export function siteKey(ip: string): string | undefined {
  const key = addressKey(ip);
  if (!key.endsWith("::/64")) return undefined;
  return `${key.slice(0, -"::/64".length).split(":").slice(0, 3).join(":")}::/48`;
}

/** Gives back one count of every limit (the attempt turned out not to count). */
export async function release(db: Db, limits: Limit[]): Promise<void> {
  if (limits.length === 0) return;
  await storeOf(db).release(limits.map((l) => l.key));
}

/** Forgets the counts of these limits (after a success). */
export async function clear(db: Db, limits: Limit[]): Promise<void> {
  if (limits.length === 0) return;
  await storeOf(db).clear(limits.map((l) => l.key));
}
