// Winners stay: the winning pair keeps the court (at most two games in a row, then they split
// and join the line); challengers come from the front of the line.
import { fillInOrder, stackOrder } from "./paddle-stack.js";
import type { Assignment, CourtState, Pairings, PlayerState, RotationInput, Team } from "./types.js";

export const MAX_STAY = 2;

export function decideWinnersStay(
  ready: PlayerState[],
  freeCourts: CourtState[],
  allPlayers: PlayerState[],
  lastGame: RotationInput["lastGame"],
  pairings?: Pairings,
): Assignment[] {
  const assignments: Assignment[] = [];
  let line = stackOrder(ready);
  const stayCourt = lastGame ? freeCourts.find((c) => c.id === lastGame.courtId) : undefined;
  if (stayCourt && lastGame) {
    const byId = new Map(allPlayers.map((p) => [p.id, p]));
    const side = lastGame.winners.length;
    const winners = lastGame.winners.filter((id) => line.some((p) => p.id === id));
    const streak = Math.min(...winners.map((id) => byId.get(id)?.winStreak ?? 0));
    const challengers = line
      .filter((p) => !lastGame.winners.includes(p.id) && !lastGame.losers.includes(p.id))
      .slice(0, side);
    if (winners.length === side && streak >= MAX_STAY) {
      // Their turn is up: they split and join the back of the line, behind the losers.
      line = [...line.filter((p) => !winners.includes(p.id)), ...line.filter((p) => winners.includes(p.id))];
    } else if (winners.length === side && challengers.length === side) {
      assignments.push({ courtId: stayCourt.id, teams: [winners as Team, challengers.map((c) => c.id)] });
      const taken = new Set([...winners, ...challengers.map((c) => c.id)]);
      line = line.filter((p) => !taken.has(p.id));
    }
  }
  const rest = freeCourts.filter((c) => !assignments.some((a) => a.courtId === c.id));
  return [...assignments, ...fillInOrder(line, rest, allPlayers, pairings)];
}

/**
 * True when `assignment` keeps last game's winners together on their court. Anyone else who
 * goes on court starts a new streak (the caller resets it to 0).
 */
export function keepsWinners(assignment: Assignment, lastGame: RotationInput["lastGame"]): boolean {
  if (!lastGame || assignment.courtId !== lastGame.courtId) return false;
  return assignment.teams.some((team) => team.every((id) => lastGame.winners.includes(id)));
}

/**
 * The order four players rejoin the line when their game ends: winners first (so in
 * winners-stay they can stay on), except a pair whose turn is up, who go behind the losers.
 */
export function offCourtOrder(
  winners: string[],
  losers: string[],
  streakAfter: (id: string) => number,
): string[] {
  const turnUp = Math.min(...winners.map(streakAfter)) >= MAX_STAY;
  return turnUp ? [...losers, ...winners] : [...winners, ...losers];
}
