// A player's week on the ladder, for the weekly summary: matches counted and how their rating moved.
import { and, count, eq, gte, inArray, sum } from "drizzle-orm";
import type { Queryable } from "../../db/database.js";
import { ratingHistory } from "../../db/schema/ladder.js";

export type WeekOfPlay = { games: number; ratingChange: number };

/** Per player: the counted matches played since `since`, and the sum of their rating changes. */
export async function weekOfPlay(
  db: Queryable,
  organizationId: string,
  userIds: string[],
  since: Date,
): Promise<Map<string, WeekOfPlay>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: ratingHistory.userId, games: count(), change: sum(ratingHistory.delta) })
    .from(ratingHistory)
    .where(
      and(
        eq(ratingHistory.organizationId, organizationId),
        inArray(ratingHistory.userId, userIds),
        gte(ratingHistory.playedAt, since),
      ),
    )
    .groupBy(ratingHistory.userId);
  return new Map(
    rows.map((r) => [r.userId, { games: r.games, ratingChange: Math.round(Number(r.change ?? 0)) }]),
  );
}
