// The fairness report of a session, from its finished games and queue counters: what an
// organizer checks to see the rotation treated everyone alike.
import { and, asc, inArray } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { games, queuePlayers } from "../../db/schema/courts.js";
import { checkInTimes } from "../sessions/service.js";
import { gamesOf, queueOf } from "./board-store.js";
import { averageWaitMinutes, toMinutes, waitsBetweenGames } from "./measured-waits.js";

export type FairnessReport = {
  players: Array<{
    registrationId: string;
    name: string;
    gamesPlayed: number;
    sitOuts: number;
    longestWaitMinutes: number;
  }>;
  gamesPlayedSpread: number;
  longestWaitMinutes: number;
  /** Null until someone has waited in line for a game (measured-waits.ts). */
  averageWaitMinutes: number | null;
  partnerRepeats: number;
  opponentRepeats: number;
  gamesFinished: number;
};

/**
 * The session's queue rows, its games finished and on court in start order, and its check-in
 * times: what every view of the night reads.
 */
export async function nightRows(db: Db, organizationId: string, sessionId: string) {
  const session = { organizationId, sessionId };
  const [players, played, checkedIn] = await Promise.all([
    db.select().from(queuePlayers).where(queueOf(session)),
    db
      .select()
      .from(games)
      .where(and(gamesOf(session), inArray(games.status, ["finished", "playing"])))
      .orderBy(asc(games.startedAt)),
    checkInTimes(db, sessionId),
  ]);
  return { players, played, finished: played.filter((game) => game.status === "finished"), checkedIn };
}

type NightRows = Awaited<ReturnType<typeof nightRows>>;

/**
 * Each player's waits tonight (ms, by registration), a late arrival's first from their check-in.
 * The games on court count as the board's do (pace.ts): a wait ends as the next game starts, so
 * the report read mid-night gives the banner's average.
 */
export const nightWaits = ({ played, checkedIn }: NightRows) => waitsBetweenGames(played, checkedIn);

export async function fairnessReport(
  db: Db,
  organizationId: string,
  sessionId: string,
): Promise<FairnessReport> {
  return fairnessOf(await nightRows(db, organizationId, sessionId));
}

/** The report from rows already read (the night's record and a player's night read them too). */
export function fairnessOf(night: NightRows): FairnessReport {
  const { players, finished } = night;
  const waits = nightWaits(night);
  const partnerPairs = new Map<string, number>();
  const opponentPairs = new Map<string, number>();
  const pair = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
  for (const game of finished) {
    for (const team of [game.teamA, game.teamB]) {
      // A singles side has no partner.
      if (team.length !== 2) continue;
      const key = pair(team[0]!, team[1]!);
      partnerPairs.set(key, (partnerPairs.get(key) ?? 0) + 1);
    }
    for (const a of game.teamA)
      for (const b of game.teamB) opponentPairs.set(pair(a, b), (opponentPairs.get(pair(a, b)) ?? 0) + 1);
  }
  const repeats = (counts: Map<string, number>) =>
    [...counts.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
  const rows = players.map((p) => {
    const mine = waits.get(p.registrationId) ?? [];
    return {
      registrationId: p.registrationId,
      name: p.name,
      gamesPlayed: p.gamesPlayed,
      sitOuts: p.sitOuts,
      longestWaitMinutes: toMinutes(Math.max(0, ...mine)),
    };
  });
  const allWaits = [...waits.values()].flat();
  const played = rows.map((r) => r.gamesPlayed);
  return {
    players: rows.sort((a, b) => b.gamesPlayed - a.gamesPlayed || a.name.localeCompare(b.name)),
    gamesPlayedSpread: played.length ? Math.max(...played) - Math.min(...played) : 0,
    longestWaitMinutes: toMinutes(Math.max(0, ...allWaits)),
    averageWaitMinutes: averageWaitMinutes(waits),
    partnerRepeats: repeats(partnerPairs),
    opponentRepeats: repeats(opponentPairs),
    gamesFinished: finished.length,
  };
}
