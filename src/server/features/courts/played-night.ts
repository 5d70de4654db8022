// A night already played, written as the board leaves one: its games finished with their scores
// and each player's counters. The demo club's past sessions are played this way, by the rotation
// engine in memory (shared/rotation/simulate.ts), so their records, fairness reports and the
// club's pace read like a real club's rather than a row of zeros.
import { asc, eq } from "drizzle-orm";
import { seededRandom } from "../../../shared/rotation/prng.js";
import { SessionSim } from "../../../shared/rotation/simulate.js";
import type { Db } from "../../db/database.js";
import { games, queuePlayers } from "../../db/schema/courts.js";
import { activeCourts } from "../clubs/service.js";
import { queueOf } from "./board-store.js";

export type PlayedNight = {
  organizationId: string;
  sessionId: string;
  startsAt: Date;
  endsAt: Date;
  seed: number;
  /** How strong a player is (higher wins more often), by user id: null for a guest. */
  strength: (userId: string | null) => number;
};

/** Games in these nights last 9 to 15 minutes. */
const SHORTEST_GAME = 9;
const LONGEST_GAME = 15;

/**
 * Plays the session's queue (its checked-in players, as the board synced them) on the club's
 * courts from its start to its end, fair rotation, and writes the games and counters. For a
 * session that has no games yet (the demo's, between its start and its completion): its games
 * are added, and its players' counters set to the night's. Answers how many games were played.
 */
export async function recordPlayedNight(db: Db, night: PlayedNight): Promise<number> {
  const session = { organizationId: night.organizationId, sessionId: night.sessionId };
  const [players, courts] = await Promise.all([
    db.select().from(queuePlayers).where(queueOf(session)).orderBy(asc(queuePlayers.arrivedSeq)),
    activeCourts(db, night.organizationId),
  ]);
  if (players.length < 4 || courts.length === 0) return 0;
  const minutes = (night.endsAt.getTime() - night.startsAt.getTime()) / 60_000;
  const sim = new SessionSim(0, "fair", night.seed, {
    courts: courts.map((c) => ({ id: c.id, status: "free" as const, singles: false })),
    endsAt: minutes,
  });
  for (const p of players) sim.arrive(p.registrationId);
  const userOf = new Map(players.map((p) => [p.registrationId, p.userId]));
  const random = seededRandom(night.seed);
  const ends = new Map<string, number>();
  const scores: Array<{ a: number; b: number }> = [];
  const fill = (clock: number) => {
    for (const a of sim.fill(clock).assignments)
      ends.set(a.courtId, clock + SHORTEST_GAME + Math.floor(random() * (LONGEST_GAME - SHORTEST_GAME + 1)));
  };
  const finish = (courtId: string, clock: number) => {
    const [teamA, teamB] = sim.playing.get(courtId)!.teams;
    const power = (team: string[]) =>
      team.reduce((sum, id) => sum + night.strength(userOf.get(id) ?? null), 0);
    const aWins = random() * (power(teamA) + power(teamB)) < power(teamA);
    const loser = 3 + Math.floor(random() * 7);
    scores.push(aWins ? { a: 11, b: loser } : { a: loser, b: 11 });
    sim.finish(courtId, aWins, clock);
    ends.delete(courtId);
  };
  fill(0);
  const soonest = () => [...ends.entries()].sort((x, y) => x[1] - y[1])[0];
  // Courts fill as they free until the night ends; the games running then are played out.
  for (let next = soonest(); next && next[1] < minutes; next = soonest()) {
    finish(next[0], next[1]);
    fill(next[1]);
  }
  for (let next = soonest(); next; next = soonest()) finish(next[0], next[1]);

  const at = (minute: number) => new Date(night.startsAt.getTime() + minute * 60_000);
  await db.transaction(async (tx) => {
    await tx.insert(games).values(
      sim.finished.map((game, i) => ({
        organizationId: night.organizationId,
        sessionId: night.sessionId,
        courtId: game.courtId,
        teamA: game.teams[0],
        teamB: game.teams[1],
        status: "finished" as const,
        winner: scores[i]!.a > scores[i]!.b ? ("A" as const) : ("B" as const),
        scoreA: scores[i]!.a,
        scoreB: scores[i]!.b,
        startedAt: at(game.startedAt),
        endedAt: at(game.endedAt!),
      })),
    );
    for (const p of players) {
      const played = sim.players.get(p.registrationId)!;
      await tx
        .update(queuePlayers)
        .set({
          gamesPlayed: played.gamesPlayed,
          sitOuts: played.sitOuts,
          partners: played.recentPartners,
          opponents: played.recentOpponents,
          readyAt: played.readySince === undefined ? null : at(played.readySince / 60_000),
        })
        .where(eq(queuePlayers.registrationId, p.registrationId));
    }
  });
  return sim.finished.length;
}
