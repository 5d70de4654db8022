// Waits as they were, from a session's games in start order: for each player, from coming off
// court (or, for their first game, from checking in, and no earlier than the night's first
// game) to the start of their next game. The fairness report and the board's "Average wait"
// read the same figures.

type Played = { teamA: string[]; teamB: string[]; startedAt: Date; endedAt: Date | null };

/**
 * Each player's waits in milliseconds, by registration, in start order. `checkedIn` (ms, by
 * registration) starts a late arrival's first wait at their arrival: counted from the night's
 * first game, someone in at 7:40 and on at 7:42 had "waited" 42 minutes.
 */
export function waitsBetweenGames(
  played: Played[],
  checkedIn: ReadonlyMap<string, number> = new Map(),
): Map<string, number[]> {
  const waits = new Map<string, number[]>();
  const freeSince = new Map<string, number>();
  const nightStart = played[0]?.startedAt.getTime() ?? 0;
  for (const game of played) {
    for (const id of [...game.teamA, ...game.teamB]) {
      const since = freeSince.get(id) ?? Math.max(nightStart, checkedIn.get(id) ?? nightStart);
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

/** Under this, a player's first game was no wait in a line: they went straight on. */
const STRAIGHT_ON_MS = 60_000;

/**
 * The mean wait for a court, in whole minutes; null before anyone has waited for one (a game
 * started). A first game gone straight on to (the night's opening courts, a walk-in onto a free
 * court) stood in no line: those zeros held "Average wait tonight" near 0 for the first hour
 * while the line was told 10. Back-to-back games after the first count, at 0.
 */
export function averageWaitMinutes(waits: ReadonlyMap<string, number[]>): number | null {
  const inLine = [...waits.values()].flatMap(([first, ...rest]) =>
    first !== undefined && first >= STRAIGHT_ON_MS ? [first, ...rest] : rest,
  );
  return inLine.length ? toMinutes(inLine.reduce((a, b) => a + b, 0) / inLine.length) : null;
}
