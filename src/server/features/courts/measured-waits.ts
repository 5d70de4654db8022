// Waits as they were, from a session's finished games: for each player, from coming off court
// (or the session's first game's start) to the start of their next game. The fairness report
// and the board's "Average wait" read the same figures.

type Played = { teamA: string[]; teamB: string[]; startedAt: Date; endedAt: Date | null };

/** Each player's waits in milliseconds, by registration, from finished games in start order. */
export function waitsBetweenGames(finished: Played[]): Map<string, number[]> {
  const waits = new Map<string, number[]>();
  const freeSince = new Map<string, number>();
  const sessionStart = finished[0]?.startedAt.getTime() ?? 0;
  for (const game of finished) {
    for (const id of [...game.teamA, ...game.teamB]) {
      const since = freeSince.get(id) ?? sessionStart;
      const wait = Math.max(0, game.startedAt.getTime() - since);
      const mine = waits.get(id);
      if (mine) mine.push(wait);
      else waits.set(id, [wait]);
      freeSince.set(id, game.endedAt?.getTime() ?? game.startedAt.getTime());
    }
  }
  return waits;
}

export const toMinutes = (ms: number) => Math.round(ms / 60_000);

/**
 * The mean wait for a court, in whole minutes; null before anyone has waited for one. Those on
 * court from the start (in a game begun before any game ended) never stood in the line: their
 * zeros held "Average wait tonight" near 0 for the first hour while the line was told 10.
 */
export function averageWaitMinutes(finished: Played[]): number | null {
  const firstEnd = Math.min(...finished.map((g) => g.endedAt?.getTime() ?? Number.POSITIVE_INFINITY));
  const opening = new Set(
    finished.filter((g) => g.startedAt.getTime() < firstEnd).flatMap((g) => [...g.teamA, ...g.teamB]),
  );
  const all = [...waitsBetweenGames(finished)].flatMap(([id, mine]) =>
    opening.has(id) ? mine.slice(1) : mine,
  );
  return all.length ? toMinutes(all.reduce((a, b) => a + b, 0) / all.length) : null;
}
