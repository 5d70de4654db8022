// The pace of play the board's waits are built on: how long games take (this session's once it
// has played a few, else the club's latest) and how long players have really waited tonight.
import { and, arrayOverlaps, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import { type GameLength, gameLength, SESSION_SAMPLE } from "../../../shared/rotation/game-length.js";
import type { Queryable } from "../../db/database.js";
import { games } from "../../db/schema/courts.js";
import { checkInTimes } from "../sessions/service.js";
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
  const [tonight, checkedIn] = await Promise.all([
    db
      .select({
        teamA: games.teamA,
        teamB: games.teamB,
        startedAt: games.startedAt,
        endedAt: games.endedAt,
        status: games.status,
      })
      .from(games)
      // The games on court too: a wait ends as the next game starts, not as it ends.
      .where(and(gamesOf({ organizationId, sessionId }), inArray(games.status, ["finished", "playing"])))
      .orderBy(asc(games.startedAt)),
    checkInTimes(db, sessionId),
  ]);
  const finished = tonight.filter((game) => game.status === "finished");
  const lengths = finished.map(minutesPlayed).filter((m): m is number => m !== null);
  return {
    length: gameLength(lengths, await clubLengths(db, organizationId, lengths)),
    averageWaitMinutes: averageWaitMinutes(waitsBetweenGames(tonight, checkedIn)),
    lastOffCourt: lastOffCourtIn(finished),
  };
}

type Ended = { teamA: string[]; teamB: string[]; endedAt: Date | null };

/** When each player last came off court (ms, by registration), from finished games in any order. */
function lastOffCourtIn(finished: Ended[]): Map<string, number> {
  const last = new Map<string, number>();
  for (const game of finished) {
    if (!game.endedAt) continue;
    for (const id of [...game.teamA, ...game.teamB])
      last.set(id, Math.max(last.get(id) ?? 0, game.endedAt.getTime()));
  }
  return last;
}

/**
 * When each of `ids` last came off court tonight: all that reading their "on my way" needs, under
 * the board's lock, without the rest of the pace (the club's game lengths, check-ins, waits).
 */
export async function lastOffCourtOf(
  db: Queryable,
  organizationId: string,
  sessionId: string,
  ids: string[],
): Promise<Map<string, number>> {
  const theirs = await db
    .select({ teamA: games.teamA, teamB: games.teamB, endedAt: games.endedAt })
    .from(games)
    .where(
      and(
        gamesOf({ organizationId, sessionId }),
        eq(games.status, "finished"),
        or(arrayOverlaps(games.teamA, ids), arrayOverlaps(games.teamB, ids)),
      ),
    );
  return lastOffCourtIn(theirs);
}

/**
 * How long games take here, as the fill weighs them (the night's last stretch, its last call,
 * the longest wait): what the board's waits are built on, without the rest of the pace. The
 * engine took 12 minutes for every club before, whatever its games took.
 */
export async function gameLengthOf(db: Queryable, organizationId: string, sessionId: string) {
  const tonight = await db
    .select({ minutes: sql<number>`extract(epoch from ${games.endedAt} - ${games.startedAt}) / 60` })
    .from(games)
    .where(
      and(
        gamesOf({ organizationId, sessionId }),
        eq(games.status, "finished"),
        sql`${games.endedAt} is not null`,
      ),
    );
  const lengths = tonight.map((g) => Number(g.minutes));
  return gameLength(lengths, await clubLengths(db, organizationId, lengths));
}

/** The club's latest results' lengths, only while tonight's are still too few to tell. */
async function clubLengths(db: Queryable, organizationId: string, tonight: number[]): Promise<number[]> {
  if (tonight.length >= SESSION_SAMPLE) return [];
  const latest = await db
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
  return latest.map(minutesPlayed).filter((m): m is number => m !== null);
}

/** "On my way" answers the call it followed: it counts when it came after the player's last game. */
export function answeredCall(onTheWayAt: Date | null, lastOffCourt: number | undefined): boolean {
  return onTheWayAt !== null && onTheWayAt.getTime() > (lastOffCourt ?? 0);
}
