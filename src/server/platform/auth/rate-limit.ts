// Fixed-window limits for sign-in, sign-up and reset, counted per address and per account in
// PostgreSQL so every app instance shares them.
import { sql } from "drizzle-orm";
import { messages } from "../../../shared/domain/messages.js";
import type { Db } from "../../db/database.js";
import { AppError } from "../errors/app-error.js";

export type Limit = { key: string; max: number; windowSeconds: number };

export async function consume(db: Db, limits: Limit[]): Promise<void> {
  for (const limit of limits) {
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
    const row = result.rows[0];
    if (row && row.count > limit.max) {
      throw new AppError(429, "RATE_LIMITED", messages.rateLimited, {
        headers: { "retry-after": String(Math.max(1, row.retry_after)) },
      });
    }
  }
}
