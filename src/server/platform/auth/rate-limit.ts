// Fixed-window limits, counted in PostgreSQL so every app instance shares them. Two ways to
// count: `consume` counts every attempt (sending mail, creating things), while `check` then
// `recordFailure` count only failures (signing in), so a person who gets it right is never
// held back by attempts that were not theirs.
import { inArray, sql } from "drizzle-orm";
import { messages } from "../../../shared/domain/messages.js";
import type { Db } from "../../db/database.js";
import { rateLimits } from "../../db/schema.js";
import { AppError } from "../errors/app-error.js";

export type Limit = { key: string; max: number; windowSeconds: number };

/** "a minute", "2 minutes": the wait as the message says it, rounded up. */
export function waitInWords(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? "a minute" : `${minutes} minutes`;
}

export function rateLimited(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, retryAfterSeconds);
  return new AppError(429, "RATE_LIMITED", messages.rateLimited(waitInWords(seconds)), {
    headers: { "retry-after": String(seconds) },
  });
}

async function count(db: Db, limit: Limit): Promise<{ count: number; retryAfter: number }> {
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
}

/** Counts this attempt against every limit; refuses with 429 once one is over. */
export async function consume(db: Db, limits: Limit[]): Promise<void> {
  for (const limit of limits) {
    const { count: used, retryAfter } = await count(db, limit);
    if (used > limit.max) throw rateLimited(retryAfter);
  }
}

/** Refuses with 429 when a limit is already used up, without counting this attempt. */
export async function check(db: Db, limits: Limit[]): Promise<void> {
  if (limits.length === 0) return;
  const result = await db.execute<{ key: string; count: number; retry_after: number }>(sql`
    select key, count,
      ceil(extract(epoch from (window_started_at - now())))::int as retry_after
    from rate_limits where key in (${sql.join(
      limits.map((l) => sql`${l.key}`),
      sql`, `,
    )})`);
  for (const limit of limits) {
    const row = result.rows.find((r) => r.key === limit.key);
    const retryAfter = (row?.retry_after ?? 0) + limit.windowSeconds;
    if (row && retryAfter > 0 && row.count >= limit.max) throw rateLimited(retryAfter);
  }
}

/** Counts a failed attempt against every limit. */
export async function recordFailure(db: Db, limits: Limit[]): Promise<void> {
  for (const limit of limits) await count(db, limit);
}

/** Forgets the counts of these limits (after a success). */
export async function clear(db: Db, limits: Limit[]): Promise<void> {
  if (limits.length === 0) return;
  await db.delete(rateLimits).where(
    inArray(
      rateLimits.key,
      limits.map((l) => l.key),
    ),
  );
}
