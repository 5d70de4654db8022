// Who goes on each court next, as the engine itself will choose them: what the board, the TV,
// a player's phone and the up-next notices announce. The engine does not take the first four
// in line: it seats the longest waiter with whoever makes new partners, from further down the
// line, so the line cut into fours named the group that went on in 12-16% of games (uneven
// nights of 12 to 40 players, bench-style simulations). Played forward here, the court
// announced got the group announced in 44-81% of them, and 75-84% of the groups went on
// together somewhere; the rest is courts freeing in another order, or at other times, than
// their typical length says (decision 031).
import { decideCourtByCourt } from "./decide.js";
import { DEFAULT_GAME_LENGTH } from "./game-length.js";
import { SessionSim } from "./simulate.js";
import type { RotationInput } from "./types.js";

/**
 * Court id -> the players to go on it next, in fair play: a free court takes whom the engine
 * would put on it now; then the running games end in the order they should (each after a
 * typical game from its start, or now if it has run longer), and as each court frees the engine
 * fills it as it would then, with those coming off back in line. Each court gets one group, its
 * next (a night that runs over goes on filling, as the board does). Courts nobody is to go on
 * (kept free by the organizer, or by the last call) come marked unavailable; one waiting to mix
 * takes its group when the fill would. In the night's last stretch the fill also plays its
 * choice ahead (play-ahead.ts); the announcement does not, as it is made on every board change.
 * Played forward for at most `courts` courts to free: each is an engine decision, 0.3 ms with
 * 200 players (bench/rotation nextGroupsTiming).
 */
export function projectNextGroups(
  input: RotationInput,
  courts = Number.POSITIVE_INFINITY,
): Map<string, string[]> {
  const now = (input.now ?? 0) / 60_000;
  const typical = (input.gameLength ?? DEFAULT_GAME_LENGTH).typical;
  const sim = SessionSim.resume(input, decideCourtByCourt);
  const groups = new Map<string, string[]>();
  const fillAt = (at: number) => {
    // A court the fill leaves empty (waiting to mix) may take its group at a later court's end.
    for (const placed of sim.fill(at).assignments)
      if (!groups.has(placed.courtId)) groups.set(placed.courtId, placed.teams.flat());
  };
  fillAt(now);
  const order = [...sim.playing.values()]
    .filter((game) => !groups.has(game.courtId))
    .map((game) => ({ courtId: game.courtId, endsAt: Math.max(now, game.startedAt + typical) }))
    .sort((a, b) => a.endsAt - b.endsAt || (a.courtId < b.courtId ? -1 : 1));
  for (const { courtId, endsAt } of order) {
    if (groups.size >= courts) break;
    sim.finish(courtId, true, endsAt);
    fillAt(endsAt);
  }
  return groups;
}
