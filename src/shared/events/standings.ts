// Live standings of an event from its scored games, with the tie-breaks stated to players: games
// won, then point difference, then head to head (games won against each other, among those still
// tied), then points scored; a tie that survives all of them shares the place.
import type { Pair } from "./americano.js";

export type ScoredGame = {
  teamA: readonly string[];
  teamB: readonly string[];
  scoreA: number;
  scoreB: number;
};

export type Standing = {
  id: string;
  place: number;
  played: number;
  won: number;
  pointsFor: number;
  pointsAgainst: number;
  difference: number;
};

export const TIE_BREAKS = ["games won", "point difference", "head to head", "points scored"] as const;

export function standings(entrants: readonly string[], games: readonly ScoredGame[]): Standing[] {
  const rows = new Map(
    entrants.map((id) => [
      id,
      { id, place: 0, played: 0, won: 0, pointsFor: 0, pointsAgainst: 0, difference: 0 },
    ]),
  );
  for (const game of games) {
    for (const [team, own, their] of [
      [game.teamA, game.scoreA, game.scoreB],
      [game.teamB, game.scoreB, game.scoreA],
    ] as const) {
      for (const id of team) {
        const row = rows.get(id);
        if (!row) continue;
        row.played += 1;
        row.won += own > their ? 1 : 0;
        row.pointsFor += own;
        row.pointsAgainst += their;
        row.difference = row.pointsFor - row.pointsAgainst;
      }
    }
  }
  const list = [...rows.values()].sort((a, b) => b.won - a.won || b.difference - a.difference);
  // Head to head only separates players still level on wins and difference.
  const ordered: Standing[] = [];
  for (let i = 0; i < list.length; ) {
    let j = i;
    while (j < list.length && list[j]!.won === list[i]!.won && list[j]!.difference === list[i]!.difference)
      j++;
    ordered.push(...byHeadToHead(list.slice(i, j), games));
    i = j;
  }
  ordered.forEach((row, i) => {
    const before = ordered[i - 1];
    row.place = before && level(before, row, games) ? before.place : i + 1;
  });
  return ordered;
}

/** Wins in games where one of the group faced another of it. */
function headToHeadWins(id: string, group: Set<string>, games: readonly ScoredGame[]): number {
  let wins = 0;
  for (const g of games) {
    const mine = g.teamA.includes(id) ? "A" : g.teamB.includes(id) ? "B" : null;
    if (!mine) continue;
    const them = mine === "A" ? g.teamB : g.teamA;
    if (!them.some((o) => group.has(o))) continue;
    if ((mine === "A" ? g.scoreA - g.scoreB : g.scoreB - g.scoreA) > 0) wins += 1;
  }
  return wins;
}

function byHeadToHead(tied: Standing[], games: readonly ScoredGame[]): Standing[] {
  if (tied.length < 2) return tied;
  const group = new Set(tied.map((t) => t.id));
  const h2h = new Map(tied.map((t) => [t.id, headToHeadWins(t.id, group, games)]));
  return [...tied].sort((a, b) => h2h.get(b.id)! - h2h.get(a.id)! || b.pointsFor - a.pointsFor);
}

/** Whether two neighbours are level on every tie-break: they share the place. */
function level(a: Standing, b: Standing, games: readonly ScoredGame[]): boolean {
  if (a.won !== b.won || a.difference !== b.difference || a.pointsFor !== b.pointsFor) return false;
  const group = new Set([a.id, b.id]);
  return headToHeadWins(a.id, group, games) === headToHeadWins(b.id, group, games);
}

/**
 * The next round of a Mexicano: players by standing, those with the fewest byes sitting when the
 * courts are full, then each four in order play 1st and 4th against 2nd and 3rd.
 */
export function mexicanoRound(
  ranked: readonly string[],
  courts: number,
  byesSoFar: ReadonlyMap<string, number>,
): { games: Array<{ court: number; teamA: Pair; teamB: Pair }>; byes: string[] } {
  const c = Math.min(courts, Math.floor(ranked.length / 4));
  const sitting = ranked.length - 4 * c;
  // The lowest-ranked among those with the fewest byes sit: the top stays on court.
  const byes = ranked
    .map((id, rank) => ({ id, rank, byes: byesSoFar.get(id) ?? 0 }))
    .sort((a, b) => a.byes - b.byes || b.rank - a.rank)
    .slice(0, sitting)
    .map((s) => s.id);
  const out = new Set(byes);
  const playing = ranked.filter((id) => !out.has(id));
  const games = [];
  for (let i = 0; i < c; i++) {
    const [first, second, third, fourth] = playing.slice(i * 4, i * 4 + 4) as [
      string,
      string,
      string,
      string,
    ];
    games.push({ court: i + 1, teamA: [first, fourth] as Pair, teamB: [second, third] as Pair });
  }
  return { games, byes };
}
