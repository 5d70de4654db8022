// A freed court's line: whom it considers, who must go on, and how each weighs. Apart from the
// choice of game (fill-as-courts-free.ts) because these are the fairness rules, which decide
// who may play before any game's cost is weighed.
import type { FairOptions } from "./fair.js";
import { effectiveGames } from "./fair-order.js";
import type { CourtsFreeOptions } from "./fill-as-courts-free.js";
import type { PlayerState, TeamRule } from "./types.js";

/** Preferring the fewer-games player: per game more than the lowest in the band. */
const LEVEL = 200_000;
/**
 * Going on once overdue outweighs one repeated partner: players mind a long wait more than a
 * familiar partner. (What this weight gains in waits and costs in partner repeats is
 * measured in decision 008.)
 */
const OVERDUE = 1_000_001;

/** Whether a player passed over now waits past the cap: `late` if the running games run long. */
type TooLong = (p: PlayerState, late?: boolean) => boolean;

/**
 * Passed over now, they would still be waiting past the cap when the next court frees (at the
 * typical length, or, `late`, if the running games run long).
 */
function passedOverTooLong(waitCap: FairOptions["waitCap"]): TooLong {
  return (p, late = false) =>
    waitCap !== undefined &&
    p.readySince !== undefined &&
    (waitCap.now - p.readySince) / 60_000 + (late ? waitCap.lateNextFreeMinutes : waitCap.nextFreeMinutes) >
      waitCap.capMinutes;
}

export const byArrival = (a: PlayerState, b: PlayerState) =>
  a.arrivedAt - b.arrivedAt || (a.id < b.id ? -1 : 1);

/** One freed court's line: who anchors it, who must or may go on with them, and how each weighs. */
export type CourtLine = {
  /** Everyone left for this court, in fair order. */
  left: PlayerState[];
  /** Court changes sat through that make a player overdue. */
  due: number;
  /** Those near the fewest games when they are fewer than a court's worth: all of them go on. */
  allGoOn: PlayerState[];
  /** Everyone within a game of the fewest: where the last stretch may look for a game ahead. */
  withinAGame: PlayerState[];
  /** Those who go on for their wait, as many as fit. */
  overdue: PlayerState[];
  /** The longest waiter considered: the court is built around them. */
  anchor: PlayerState;
  /** Those on the fewest games who leave soon, in the places the overdue leave free. */
  leaving: PlayerState[];
  /** The line the court chooses from, the anchor first. */
  line: PlayerState[];
  /** What each player adds to a game's cost: negative for going on, positive for games ahead. */
  weigh: (p: PlayerState) => number;
  /** Who goes on next whatever this court does. */
  forcedNext: PlayerState[];
};

export function lineUp(left: PlayerState[], size: number, options: CourtsFreeOptions): CourtLine {
  const tooLongAt = passedOverTooLong(options.waitCap);
  const lowest = effectiveGames(left[0]!);
  const due = Math.ceil(Math.max(0, options.sitting) / size) + 1;
  const { near, short, withinAGame, byWait } = inTurn(left, size, lowest, due, options, tooLongAt);
  const overdue = overdueIn(byWait, size, due, options.context.teams, tooLongAt);
  const anchor = byWait[0]!;
  const leaving = leavingWithAnchor(byWait, anchor, overdue, lowest, size, options.leavingSoon);
  // The leaving move up behind the anchor, so the court's choice sees them.
  const line = [anchor, ...leaving, ...byWait.filter((p) => p !== anchor && !leaving.includes(p))];
  const weigh = (p: PlayerState) =>
    (effectiveGames(p) - lowest) * LEVEL - (p.gamesWaited >= due || tooLongAt(p) ? OVERDUE : 0);
  // Who goes on next whatever this court does: in the last stretch the rest of the fewest
  // games, elsewhere those about to wait too long.
  const forcedNext = options.levelling
    ? left.filter((p) => effectiveGames(p) === lowest)
    : byWait.filter((p) => !overdue.includes(p) && p.gamesWaited + 1 >= due);
  const allGoOn = short ? near : [];
  return { left, due, allGoOn, withinAGame, overdue, anchor, leaving, line, weigh, forcedNext };
}

/**
 * Those the court considers, longest waiting first (`byWait`): the players near the fewest games
 * (`near`), and, when they are `short` of a court's worth, the others in turn behind them.
 */
function inTurn(
  left: PlayerState[],
  size: number,
  lowest: number,
  due: number,
  { levelling, lastCall }: CourtsFreeOptions,
  tooLongAt: TooLong,
) {
  // One game ahead may go on to save a repeated partner, except in the night's last stretch;
  // there too once the wait would pass the cap: sitting a player out the last two games to
  // level the night was the longest wait of all (18 minutes where the paddle stack's was 14).
  // Not at the last call: whoever it leaves out stays a game behind for good.
  const near = left.filter(
    (p) => effectiveGames(p) <= lowest + (lastCall || (levelling && !tooLongAt(p)) ? 0 : 1),
  );
  // Fewer than a court's worth near the lowest games (someone left, say): they all go on, and
  // the rest of the court comes from the others in turn, never ahead of them. In the last
  // stretch the rest come from a game ahead while there are enough of them (or from those
  // who have waited too long): one two games ahead, back on to save a repeat, would end the
  // night two ahead.
  const short = near.length < size;
  const withinAGame = left.filter((p) => effectiveGames(p) <= lowest + 1);
  const others = left.filter((p) => !near.includes(p));
  const aGameAhead = others.filter(
    (p) => withinAGame.includes(p) || p.gamesWaited >= due || tooLongAt(p, true),
  );
  const rest = levelling && near.length + aGameAhead.length >= size ? aGameAhead : others;
  near.sort(byArrival);
  const byWait = short ? [...near, ...rest.sort(byArrival)] : near;
  return { near, short, withinAGame, byWait };
}

/**
 * Those who go on now for their wait, as many as fit. The cap is a rule in open play; under a
 * team rule it weighs like overdue, since a player it forced on could leave no team mixed (or
 * no game separate). A player already passed over for `due` courts is held to it even if the
 * running games run long: the typical estimate alone let a wait run 2 minutes past the cap when
 * they did.
 */
function overdueIn(
  byWait: PlayerState[],
  size: number,
  due: number,
  teams: TeamRule | undefined,
  tooLongAt: TooLong,
): PlayerState[] {
  const capIsRule = !teams || teams === "open";
  return byWait
    .filter(
      (p) =>
        p.gamesWaited > due || (capIsRule && (tooLongAt(p) || (p.gamesWaited >= due && tooLongAt(p, true)))),
    )
    .slice(0, size);
}

/** Players on the fewest games who leave soon, in the places beside the anchor the overdue leave free. */
function leavingWithAnchor(
  byWait: PlayerState[],
  anchor: PlayerState,
  overdue: PlayerState[],
  lowest: number,
  size: number,
  leavingSoon: Set<string>,
): PlayerState[] {
  const room = size - 1 - overdue.filter((p) => p !== anchor).length;
  return byWait
    .filter(
      (p) => p !== anchor && leavingSoon.has(p.id) && effectiveGames(p) === lowest && !overdue.includes(p),
    )
    .slice(0, Math.max(0, room));
}
