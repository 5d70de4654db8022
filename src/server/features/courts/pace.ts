// The pace of play the board's waits are built on: how long games take (this session's once it
// has played a few, else the club's latest) and how long players have really waited tonight.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { type GameLength, gameLength, SESSION_SAMPLE } from "../../../shared/rotation/game-length.js";
import type { Queryable } from "../../db/database.js";
import { games } from "../../db/schema/courts.js";
import { gamesOf } from "./board-store.js";
import { averageWaitMinutes, waitsBetweenGames } from "./measured-waits.js";

/** The club's latest results read for their length: enough for quartiles, few enough to be recent. */
const CLUB_SAMPLE = 30;

const minutesPlayed = (game: { startedAt: Date; endedAt: Date | null }) =>
  game.endedAt ? (game.endedAt.getTime() - game.startedAt.getTime()) / 60_000 : null;

export type Pace = {
  length: GameLength;
  averageWaitMinutes: number | null;
  /** When each player last came off court tonight (ms), by registration. */
  lastOffCourt: Map<string, number>;
};

export async function paceOf(db: Queryable, organizationId: string, sessionId: string): Promise<Pace> {
  const tonight = await db
    .select({ teamA: games.teamA, teamB: games.teamB, startedAt: games.startedAt, endedAt: games.endedAt })
    .from(games)
    .where(and(gamesOf({ organizationId, sessionId }), eq(games.status, "finished")))
    .orderBy(asc(games.startedAt));
  const lengths = tonight.map(minutesPlayed).filter((m): m is number => m !== null);
  // The club's own pace only while tonight's is still too short to tell.
  const club =
    lengths.length >= SESSION_SAMPLE
      ? []
      : await db
          .select({ startedAt: games.startedAt, endedAt: games.endedAt })
          .from(games)
          .where(
            and(
              eq(games.organizationId, organizationId),
              eq(games.status, "finished"),
              sql`${games.endedAt} is not null`,
            ),
          )
          .orderBy(desc(games.endedAt))
          .limit(CLUB_SAMPLE);
  return {
    length: gameLength(
      lengths,
      club.map(minutesPlayed).filter((m): m is number => m !== null),
    ),
    averageWaitMinutes: averageWaitMinutes(waitsBetweenGames(tonight)),
    lastOffCourt: new Map(
      tonight.flatMap((game) =>
        game.endedAt
          ? [...game.teamA, ...game.teamB].map((id) => [id, game.endedAt!.getTime()] as const)
          : [],
      ),
    ),
  };
}

/** "On my way" answers the call it followed: it counts when it came after the player's last game. */
export function answeredCall(onTheWayAt: Date | null, lastOffCourt: number | undefined): boolean {
  return onTheWayAt !== null && onTheWayAt.getTime() > (lastOffCourt ?? 0);
}
