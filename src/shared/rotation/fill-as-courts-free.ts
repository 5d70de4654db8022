// Fair mixing when courts free one at a time: every fill that is not an equal round (fair.ts
// decideFair) comes here, court by court, each court choosing after the one before has taken
// its game.
import { rankGroups, repeatsIn, repeatsLeftFor } from "./choose-group.js";
import { byArrival, type CourtLine, lineUp } from "./court-line.js";
import type { FairOptions } from "./fair.js";
import { effectiveGames } from "./fair-order.js";
import type { CostContext, Game } from "./grouping.js";
import type { Assignment, CourtState, PlayerState } from "./types.js";
import { courtSize } from "./types.js";
import { waitsToMix } from "./waits-to-mix.js";

/** How far past the cap (minutes) a player may wait for a court due any minute, to save a repeat. */
const CAP_MARGIN = 1;

/** How many games the first court's choice plays ahead in the last stretch, of each kind. */
const ROLLOUT_CANDIDATES = 4;

/** What fillAsCourtsFree reads, by name: eleven arguments in a row were easy to pass out of order. */
export type CourtsFreeOptions = {
  /** The free courts that can be filled, in order: each chooses after the one before has taken its game. */
  courts: CourtState[];
  /** The ready players in fair order (fairOrder): the first is the first court's anchor. */
  ordered: PlayerState[];
  /** What a game costs; each game taken joins its history, so the next court avoids repeating it. */
  context: CostContext;
  /** Present players beyond every playable court's places: how many court changes make a player due. */
  sitting: number;
  /** Ready players who leave soon (decide.ts leavingSoon): they go on first among the fewest games. */
  leavingSoon: Set<string>;
  /** The night's last stretch (decide.ts levelling): only the fewest games go on. */
  levelling?: boolean;
  /** The longest wait (decide.ts waitCap): a player passed over now would wait past it. */
  waitCap?: FairOptions["waitCap"];
  /** The night's last call (decide.ts lastCall): a court stays empty rather than end anyone two ahead. */
  lastCall?: FairOptions["lastCall"];
  /** In the last stretch: whether a player a game ahead may still go on (decide.ts stillLevels). */
  stillLevels?: FairOptions["stillLevels"];
  /** In the last stretch: which of several games the first court takes, played ahead (decide.ts). */
  pickFirst?: FairOptions["pickFirst"];
  /** The organizer asked every free court to start: none waits to mix. */
  startEveryCourt?: boolean;
};

/**
 * Courts freeing one at a time. Only players within one game of the fewest are considered;
 * among them the longest waiter anchors the court and the others come from the next in
 * line, so a group that just came off together is split up rather than sent back on
 * together. Fewer games, and having sat through ceil(s / 4) + 1 court changes (s players
 * sitting), weigh for going on; ceil(s / 4) + 2 is a rule. Players on the fewest games who
 * leave soon go on with the court's anchor, in the places the overdue leave free. In the
 * night's last stretch (levelling) only players on the fewest games are considered.
 */
export function fillAsCourtsFree(options: CourtsFreeOptions): Assignment[] {
  const { courts, ordered, context, sitting, leavingSoon, levelling = false } = options;
  const { waitCap, lastCall, stillLevels, pickFirst, startEveryCourt = false } = options;
  const assignments: Assignment[] = [];
  const chosen = new Set<string>();
  for (const court of courts) {
    const size = courtSize(court);
    // At the last call a court stays empty rather than send on a player who would end the night
    // two games ahead of someone on court.
    const left = ordered.filter(
      (p) => !chosen.has(p.id) && (!lastCall || effectiveGames(p) <= lastCall.mostGames),
    );
    if (left.length < size) continue;
    if (waitsToMix(left, size, waitCap, { sitting, teams: context.teams, leavingSoon, startEveryCourt }))
      continue;
    const line = lineUp(left, size, options);
    // Played ahead (pickFirst), the first court weighs several games; otherwise the cheapest.
    const playAhead =
      pickFirst && assignments.length === 0 ? (games: Game[]) => pickFirst(court.id, games) : undefined;
    const ranked = playAhead ? ROLLOUT_CANDIDATES : 1;
    const cheapest = cheapestGames(line, size, ranked, context, waitCap);
    const game = cheapest[0];
    if (!game) break;
    // In the last stretch a game ahead may still save a repeated partner, where the night can
    // still end level.
    const wide =
      levelling && stillLevels && (ranked > 1 || repeatsIn(game, context) > 0)
        ? gamesAGameAhead(line, size, ranked, context).filter((g) =>
            nightStillLevels(g, ordered, chosen, assignments.length * size, stillLevels),
          )
        : [];
    const taken = gameToTake(line, cheapest, wide, context, playAhead);
    context.history.add(taken);
    for (const id of taken.flat()) chosen.add(id);
    assignments.push({ courtId: court.id, teams: taken });
  }
  return assignments;
}

/**
 * The court's `ranked` cheapest games with everyone its line requires. Those the cap holds to
 * this court can only go on with a repeated partner (four who came off one court and waited
 * together, every split of them used): while a court is due any minute (decide.ts waitCap), one
 * of them whose wait there stays within CAP_MARGIN of the cap may go on at that court instead,
 * the latest in line first among equals. Held to it, four came back together a third time, both
 * teams repeats (24 on 4 courts, seed 19, at 58 minutes; decision 025). One at most: each one
 * held back is a wait past the cap.
 */
function cheapestGames(
  court: CourtLine,
  size: number,
  ranked: number,
  context: CostContext,
  waitCap: FairOptions["waitCap"],
): Game[] {
  const cheapestWith = (mustPlay: PlayerState[]) =>
    rankGroups(
      court.line,
      size,
      requiredFirst(court.anchor, [...court.allGoOn, ...mustPlay, ...court.leaving], size),
      context,
      court.weigh,
      repeatsLeftFor(court.forcedNext, size, context),
      ranked,
    );
  let cheapest = cheapestWith(court.overdue);
  if (cheapest[0] && repeatsIn(cheapest[0], context) > 0 && waitCap?.courtDueNow) {
    const mayWait = (p: PlayerState) =>
      p.gamesWaited <= court.due &&
      p.readySince !== undefined &&
      (waitCap.now - p.readySince) / 60_000 + waitCap.lateNextFreeMinutes <= waitCap.capMinutes + CAP_MARGIN;
    for (const waiting of [...court.overdue].reverse().filter(mayWait)) {
      const mixed = cheapestWith(court.overdue.filter((p) => p !== waiting));
      if (mixed[0] && repeatsIn(mixed[0], context) < repeatsIn(cheapest[0]!, context)) cheapest = mixed;
    }
  }
  return cheapest;
}

/** The last stretch's alternatives: games from everyone within a game of the fewest. */
function gamesAGameAhead(court: CourtLine, size: number, ranked: number, context: CostContext): Game[] {
  return rankGroups(
    [court.anchor, ...court.withinAGame.filter((p) => p !== court.anchor).sort(byArrival)],
    size,
    requiredFirst(court.anchor, court.overdue, size),
    context,
    court.weigh,
    () => 0,
    ranked,
  );
}

/**
 * The cheapest game, or a game ahead where it repeats fewer partners; played ahead
 * (`playAhead`), whichever of the candidates plays out best to the night's end.
 */
function gameToTake(
  court: CourtLine,
  cheapest: Game[],
  wide: Game[],
  context: CostContext,
  playAhead: ((candidates: Game[]) => Game) | undefined,
): Game {
  const game = cheapest[0]!;
  const wider = wide[0];
  let taken = wider && repeatsIn(wider, context) < repeatsIn(game, context) ? wider : game;
  if (playAhead) {
    // Playing ahead weighs repeats only: a game that leaves out someone the court's own choice
    // seats for their wait is not offered (overdue outweighs a repeated partner).
    const seatedForWait = taken.flat().filter((id) => court.weigh(court.left.find((p) => p.id === id)!) < 0);
    const candidates = distinctGames([taken, ...cheapest, ...wide]).filter((g) =>
      seatedForWait.every((id) => g.flat().includes(id)),
    );
    if (candidates.length > 1) taken = playAhead(candidates);
  }
  return taken;
}

/** The games in order, each once (the same teams in any order are the same game). */
function distinctGames(games: Game[]): Game[] {
  const seen = new Set<string>();
  return games.filter((game) => {
    const key = game
      .map((team) => [...team].sort().join("+"))
      .sort()
      .join("|");
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Whether the night can still end with everyone within a game once `game` goes on: nobody is
 * left two games behind the most, and those one short of that can each take a place sure to
 * start again before the end.
 */
function nightStillLevels(
  game: Game,
  ready: PlayerState[],
  chosen: Set<string>,
  placesFilledNow: number,
  still: NonNullable<FairOptions["stillLevels"]>,
): boolean {
  const on = new Set(game.flat());
  const counts = [
    ...still.onCourtGames,
    ...ready.map((p) => effectiveGames(p) + (chosen.has(p.id) || on.has(p.id) ? 1 : 0)),
  ];
  const most = Math.max(...counts);
  if (counts.some((c) => c < most - 2)) return false;
  const behind = counts.filter((c) => c === most - 2).length;
  const sure = still.surePlaces + (still.newGamesEndBefore ? placesFilledNow : 0);
  return behind <= sure;
}

/**
 * Who must be on this court, most binding first, as many as fit beside the anchor: the
 * players behind on games (games stay within 1 above everything), then those waited out,
 * then those leaving soon. Asking for more than fit would drop every requirement at once.
 */
function requiredFirst(anchor: PlayerState, ranked: PlayerState[], size: number): Set<string> {
  const out = new Set<string>();
  for (const p of ranked) {
    if (p === anchor || out.size >= size - 1) continue;
    out.add(p.id);
  }
  return out;
}
