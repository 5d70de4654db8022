// The ladder's current ratings, for other features (the court queue's skill-balanced play).
import { and, eq, inArray } from "drizzle-orm";
import type { MatchFormat } from "../../../shared/contracts/ladder.js";
import type { Skill } from "../../../shared/rating/skill.js";
import type { Db, Tx } from "../../db/database.js";
import { playerRatings } from "../../db/schema/ladder.js";

/**
 * The skill of each of `userIds` who has one in `format`, by user id: the skill filter's
 * estimate on the Elo scale, which predicts results better than the Elo rating and is what
 * skill-balanced play weighs teams by (bench/results/rating.json).
 */
export async function currentRatings(
  db: Db | Tx,
  organizationId: string,
  userIds: string[],
  format: MatchFormat,
): Promise<Map<string, number>> {
  const skills = await currentSkills(db, organizationId, userIds, format);
  return new Map([...skills].map(([userId, skill]) => [userId, skill.mu]));
}

/** The skill estimate and how sure it is, for each of `userIds` rated in `format`: for win chances. */
export async function currentSkills(
  db: Db | Tx,
  organizationId: string,
  userIds: string[],
  format: MatchFormat,
): Promise<Map<string, Skill>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: playerRatings.userId, mu: playerRatings.skillMu, sigma: playerRatings.skillSigma })
    .from(playerRatings)
    .where(
      and(
        eq(playerRatings.organizationId, organizationId),
        eq(playerRatings.format, format),
        inArray(playerRatings.userId, userIds),
      ),
    );
  return new Map(rows.map((r) => [r.userId, { mu: r.mu, sigma: r.sigma }]));
}
