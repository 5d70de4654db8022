// Who plays next in fair and skill-balanced play: fewest games first (a late arrival's credit
// counted), then whoever has waited longest, within the sit rule's limit. Apart from fair.ts
// because the other modes, the simulator and the server's arrivals count games the same way.
import type { PlayerState } from "./types.js";

type Counts = Pick<PlayerState, "gamesPlayed" | "gamesCredit" | "wantsBye" | "sitOuts">;

/** Games counted for fairness: played, plus a late arrival's credit, plus one while a bye is owed. */
export function effectiveGames(p: Counts): number {
  return p.gamesPlayed + (p.gamesCredit ?? 0) + (byeOwed(p) ? 1 : 0);
}

const byeOwed = (p: Counts) => p.wantsBye === true && p.gamesPlayed === 0 && p.sitOuts === 0;

/** The median of the games counted so far: where a late arrival joins (0 before any game). */
export function arrivalCredit(players: Iterable<Counts & Pick<PlayerState, "present">>): number {
  const games = [...players]
    .filter((p) => p.present)
    .map(effectiveGames)
    .sort((a, b) => a - b);
  if (games.length === 0) return 0;
  return games[Math.floor((games.length - 1) / 2)]!;
}

/** Fewest games first; among equals, those leaving soon, then the longest waiting. */
export function fairOrder<T extends PlayerState>(players: T[], leavingSoon: Set<string> = new Set()): T[] {
  const leaving = (p: T) => (leavingSoon.has(p.id) ? 0 : 1);
  return [...players].sort(
    (a, b) =>
      effectiveGames(a) - effectiveGames(b) ||
      leaving(a) - leaving(b) ||
      a.arrivedAt - b.arrivedAt ||
      (a.id < b.id ? -1 : 1),
  );
}

/**
 * How many games may finish elsewhere while a player waits before they must play: with s
 * players sitting and `places` places on `courts` courts, ceil(s / places) rounds of games.
 */
export function waitLimit(present: number, places: number, courts: number): number {
  const sitting = present - places;
  if (sitting <= 0 || places === 0) return 0;
  return Math.ceil(sitting / places) * courts;
}

/**
 * Who must play now (fewer games than the last place, or waited to the limit, then those
 * level with the last place who leave soon, while places last) and who may: the others
 * level with the last place. Both in fair order.
 */
export function mustAndTied(
  ordered: PlayerState[],
  places: number,
  limit: number,
  leavingSoon: Set<string> = new Set(),
) {
  const boundary = effectiveGames(ordered[Math.min(places, ordered.length) - 1]!);
  const level = ordered.filter((p) => effectiveGames(p) === boundary);
  const below = ordered.filter((p) => effectiveGames(p) < boundary);
  const waitedOut = limit > 0 ? level.filter((p) => p.gamesWaited >= limit) : [];
  const leaving = level.filter((p) => leavingSoon.has(p.id) && !waitedOut.includes(p));
  const must = [...below, ...waitedOut, ...leaving].slice(0, places);
  const tied = level.filter((p) => !waitedOut.includes(p) && !must.includes(p));
  return { must, tied };
}
