// Fair mixing (and skill-balanced play, which is fair mixing that also weighs the teams).
//
// Who plays: fewest games first (a late arrival's credit counted), then whoever has waited
// longest. Two rules are never broken to save a repeat: nobody with more games goes on
// while someone with fewer waits (games stay within 1), and nobody sits longer than the
// group's size makes necessary (ceil(s / places) rounds in a row with s players sitting).
// In equal rounds a player may sit one round more where that keeps the group mixing
// (withOneMoreSitWhereItMixes), and a small group's round looks one round ahead so the next
// still has new partners (nextRoundPossible); on one court it looks to the end of the group's
// new partners (one-court-ahead.ts).
//
// With whom: each freed court takes the player whose turn it is and the three others, from
// the next few in line, that repeat the fewest partners (never a back-to-back partner while
// another way exists) and opponents, preferring those who have waited longer. Choosing from
// everyone whose turn has come, not from the four who just came off together, is what keeps
// partners fresh when courts free one at a time; only when the next few can make nothing but
// a repeated partner does the court look down the whole line, those just off included. When
// every court starts together (equal rounds) the round is planned as a whole instead
// (equal-rounds.ts).
//
// Leaving soon (decide.ts leavingSoon): among players tied on games, one who leaves before
// a later game could end goes first, so they are not left sitting at the end. It only ever
// chooses between players level on games, so it cannot widen the spread of games played.
//
// The night's end (decide.ts levelling, lastCall): in its last stretch only the fewest games go
// on (a game ahead too where that saves a repeat and the night still levels), the first free
// court's choice is played ahead to the end (play-ahead.ts), and at its last call a court stays
// empty rather than end anyone two games ahead.
import { type PlannedRound, planEqualRound } from "./equal-rounds.js";
import {
  allowed,
  bestSplit,
  type CostContext,
  combinations,
  type Game,
  PARTNER_REPEAT,
  splits,
} from "./grouping.js";
import { History } from "./history.js";
import { AHEAD_GROUP, planOneCourtAhead } from "./one-court-ahead.js";
import type { Assignment, CourtState, Gender, Pairings, PlayerState, Team, TeamRule } from "./types.js";
import { courtSize, PLAYERS_PER_COURT } from "./types.js";

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

/** How many of the next in line a court's choice looks at beyond the player whose turn it is. */
const WINDOW = 8;
/** Under a team rule: wider, so the window holds both women and men to choose from. */
const TEAM_RULE_WINDOW = 12;
/** Preferring those who waited longer: per place further back in line. */
const LINE_POSITION = 30;

export type FairOptions = {
  ratings?: Map<string, number>;
  pairings?: Pairings;
  equalRound: boolean;
  seed: number;
  /** Present players (not on a break), on court or not: the size of the group. */
  present: number;
  playableCourts: CourtState[];
  /** Ready players who leave soon (decide.ts leavingSoon): first among those tied on games. */
  leavingSoon?: Set<string>;
  /** The night's last stretch (decide.ts levelling): only the fewest games go on. */
  levelling?: boolean;
  /** In the last stretch: what tells whether a player a game ahead may still go on (decide.ts). */
  stillLevels?: { onCourtGames: number[]; surePlaces: number; newGamesEndBefore: boolean };
  /** In the last stretch: which of these games the first court takes (decide.ts, played ahead). */
  pickFirst?: (courtId: string, candidates: Game[]) => Game;
  /** The night's last call (decide.ts lastCall): only those on `mostGames` or fewer go on. */
  lastCall?: { mostGames: number };
  /** The longest wait (decide.ts waitCap): a player passed over now would wait past it. */
  waitCap?: {
    now: number;
    /** When the soonest running game should end (or the night, if sooner), at a typical game's length... */
    nextFreeMinutes: number;
    /** ...and at a long one's: games of 8 to 16 minutes often end well after the typical. */
    lateNextFreeMinutes: number;
    capMinutes: number;
    /** Whether a running game should end before the night does: a court will free for someone. */
    courtFreesBeforeEnd: boolean;
    /** A court whose four came off together waits this long at most for the next to mix with. */
    mixWithinMinutes: number;
    /** A running game should end any minute even if it runs long, before the night does. */
    courtDueNow: boolean;
  };
  /** The organizer asked every free court to start: none waits to mix. */
  startEveryCourt?: boolean;
  /** Who may make a team, and the declared genders it reads. */
  teams?: TeamRule;
  genders?: Map<string, Gender>;
};

export function decideFair(
  ready: PlayerState[],
  freeCourts: CourtState[],
  allPlayers: PlayerState[],
  options: FairOptions,
): Assignment[] {
  const courts = fillableCourts(freeCourts, ready.length);
  if (courts.length === 0) return [];
  const history = new History(allPlayers);
  const context: CostContext = {
    history,
    ratings: options.ratings,
    pairings: options.pairings,
    teams: options.teams,
    genders: options.genders,
  };
  const places = courts.reduce((sum, c) => sum + courtSize(c), 0);
  const allPlaces = options.playableCourts.reduce((sum, c) => sum + courtSize(c), 0);
  const limit = waitLimit(options.present, allPlaces, options.playableCourts.length);
  const soon = options.leavingSoon ?? new Set<string>();
  const ordered = fairOrder(ready, soon);

  if (options.equalRound) {
    const { must, tied } = mustAndTied(ordered, places, limit, soon);
    // A small group on one doubles court, open play, no pairings or players leaving: planned to
    // the end of its new partners (one-court-ahead.ts; its plan is of doubles games). The limit
    // is in games, one a round on one court.
    const plain =
      !options.ratings && !options.pairings && (options.teams ?? "open") === "open" && soon.size === 0;
    if (
      plain &&
      options.playableCourts.length === 1 &&
      courts.length === 1 &&
      !courts[0]!.singles &&
      limit > 0 &&
      ordered.length <= AHEAD_GROUP
    ) {
      const teams = planOneCourtAhead(ordered, limit, history, options.seed);
      if (teams) return [{ courtId: courts[0]!.id, teams }];
    }
    // Skill-balanced rounds are built court by court: the plan's pairs ignore ratings. So are
    // separate games: the plan's pairs would not split into women's and men's courts.
    if (courts.every((c) => !c.singles) && !options.ratings && options.teams !== "separate") {
      // Small groups only: there one round's choice decides whether the next has new partners
      // at all; a big group has plenty left, and looking ahead would cost it a second.
      const lookahead =
        ordered.length <= LOOKAHEAD_GROUP
          ? nextRoundPossible(ordered, places, limit, options.playableCourts.length, context, options.seed)
          : undefined;
      const plan = (waitLimit: number) => {
        const group = mustAndTied(ordered, places, waitLimit, soon);
        return (
          (lookahead &&
            planEqualRound(
              ordered,
              group.must,
              group.tied,
              courts.length,
              context,
              options.seed,
              lookahead,
            )) ||
          planEqualRound(ordered, group.must, group.tied, courts.length, context, options.seed)
        );
      };
      const planned = withOneMoreSitWhereItMixes(plan, limit, options.playableCourts.length);
      if (planned) return planned.games.map((teams, i) => ({ courtId: courts[i]!.id, teams }));
    }
    return fillOneByOne(courts, must, tied, context);
  }
  return fillAsCourtsFree(
    courts,
    ordered,
    context,
    options.present - allPlaces,
    soon,
    options.levelling,
    options.waitCap,
    options.lastCall,
    options.stillLevels,
    options.pickFirst,
    options.startEveryCourt,
  );
}

/**
 * Equal rounds under the strict sit rule can lock a small group into halves: with 16 on 2
 * courts everyone alternates, so the 8 who play together in round 1 play together in every
 * odd round and never partner the other 8 (a repeat in round 14 where 30 are possible). One
 * more round sat in a row breaks the alternation. The round planned under that looser limit
 * is taken when its pairs come earlier in the ideal schedule than the strict round's (so it
 * keeps more new partners for later); on a tie, or when the strict round is the only one,
 * nobody sits the extra round. Measured in bench/rotation (decision 025).
 */
export function withOneMoreSitWhereItMixes(
  plan: (waitLimit: number) => PlannedRound | null,
  limit: number,
  courts: number,
): PlannedRound | null {
  const strict = plan(limit);
  if (limit === 0) return strict;
  const looser = plan(limit + courts);
  if (!looser) return strict;
  return strict && strict.lateness <= looser.lateness ? strict : looser;
}

/** How far past the cap (minutes) a player may wait for a court due any minute, to save a repeat. */
const CAP_MARGIN = 1;

/** Preferring the fewer-games player: per game more than the lowest in the band. */
const LEVEL = 200_000;
/**
 * Going on once overdue outweighs one repeated partner: players mind a long wait more than a
 * familiar partner. (What this weight gains in waits and costs in partner repeats is
 * measured in decision 008.)
 */
const OVERDUE = 1_000_001;

/**
 * Courts freeing one at a time. Only players within one game of the fewest are considered;
 * among them the longest waiter anchors the court and the others come from the next in
 * line, so a group that just came off together is split up rather than sent back on
 * together. Fewer games, and having sat through ceil(s / 4) + 1 court changes (s players
 * sitting), weigh for going on; ceil(s / 4) + 2 is a rule. Players on the fewest games who
 * leave soon go on with the court's anchor, in the places the overdue leave free. In the
 * night's last stretch (levelling) only players on the fewest games are considered.
 */
function fillAsCourtsFree(
  courts: CourtState[],
  ordered: PlayerState[],
  context: CostContext,
  sitting: number,
  leavingSoon: Set<string>,
  levelling = false,
  waitCap?: FairOptions["waitCap"],
  lastCall?: FairOptions["lastCall"],
  stillLevels?: FairOptions["stillLevels"],
  pickFirst?: FairOptions["pickFirst"],
  startEveryCourt = false,
): Assignment[] {
  const assignments: Assignment[] = [];
  const chosen = new Set<string>();
  // Passed over now, they would still be waiting past the cap when the next court frees (at the
  // typical length, or, `late`, if the running games run long).
  const tooLongAt = (p: PlayerState, late = false) =>
    waitCap !== undefined &&
    p.readySince !== undefined &&
    (waitCap.now - p.readySince) / 60_000 + (late ? waitCap.lateNextFreeMinutes : waitCap.nextFreeMinutes) >
      waitCap.capMinutes;
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
    const lowest = effectiveGames(left[0]!);
    const due = Math.ceil(Math.max(0, sitting) / size) + 1;
    // One game ahead may go on to save a repeated partner, except in the night's last stretch;
    // there too once the wait would pass the cap: sitting a player out the last two games to
    // level the night was the longest wait of all (18 minutes where the paddle stack's was 14).
    // Not at the last call: whoever it leaves out stays a game behind for good.
    const near = left.filter(
      (p) => effectiveGames(p) <= lowest + (lastCall || (levelling && !tooLongAt(p)) ? 0 : 1),
    );
    const byArrival = (a: PlayerState, b: PlayerState) => a.arrivedAt - b.arrivedAt || (a.id < b.id ? -1 : 1);
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
    const byWait = short ? [...near.sort(byArrival), ...rest.sort(byArrival)] : near.sort(byArrival);
    // The cap is a rule in open play; under a team rule it weighs like overdue, since a
    // player it forced on could leave no team mixed (or no game separate). A player already
    // passed over for `due` courts is held to it even if the running games run long: the
    // typical estimate alone let a wait run 2 minutes past the cap when they did.
    const capIsRule = !context.teams || context.teams === "open";
    const overdue = byWait
      .filter(
        (p) =>
          p.gamesWaited > due ||
          (capIsRule && (tooLongAt(p) || (p.gamesWaited >= due && tooLongAt(p, true)))),
      )
      .slice(0, size);
    const anchor = byWait[0]!;
    const room = size - 1 - overdue.filter((p) => p !== anchor).length;
    const leaving = byWait
      .filter(
        (p) => p !== anchor && leavingSoon.has(p.id) && effectiveGames(p) === lowest && !overdue.includes(p),
      )
      .slice(0, Math.max(0, room));
    // The leaving move up behind the anchor, so the court's choice sees them.
    const line = [anchor, ...leaving, ...byWait.filter((p) => p !== anchor && !leaving.includes(p))];
    const weigh = (p: PlayerState) =>
      (effectiveGames(p) - lowest) * LEVEL - (p.gamesWaited >= due || tooLongAt(p) ? OVERDUE : 0);
    // Who goes on next whatever this court does: in the last stretch the rest of the fewest
    // games, elsewhere those about to wait too long.
    const forcedNext = levelling
      ? left.filter((p) => effectiveGames(p) === lowest)
      : byWait.filter((p) => !overdue.includes(p) && p.gamesWaited + 1 >= due);
    // Played ahead (pickFirst), the first court weighs several games; otherwise the cheapest.
    const ranked = pickFirst && assignments.length === 0 ? ROLLOUT_CANDIDATES : 1;
    const cheapestWith = (mustPlay: PlayerState[]) =>
      rankGroups(
        line,
        size,
        requiredFirst(anchor, [...(short ? near : []), ...mustPlay, ...leaving], size),
        context,
        weigh,
        repeatsLeftFor(forcedNext, size, context),
        ranked,
      );
    let cheapest = cheapestWith(overdue);
    // Those the cap holds to this court can only go on with a repeated partner (four who came off
    // one court and waited together, every split of them used): while a court is due any minute
    // (decide.ts waitCap), one of them whose wait there stays within CAP_MARGIN of the cap may go
    // on at that court instead, the latest in line first among equals. Held to it, four came back
    // together a third time, both teams repeats (24 on 4 courts, seed 19, at 58 minutes; decision
    // 025). One at most: each one held back is a wait past the cap.
    if (cheapest[0] && repeatsIn(cheapest[0], context) > 0 && waitCap?.courtDueNow) {
      const mayWait = (p: PlayerState) =>
        p.gamesWaited <= due &&
        p.readySince !== undefined &&
        (waitCap.now - p.readySince) / 60_000 + waitCap.lateNextFreeMinutes <=
          waitCap.capMinutes + CAP_MARGIN;
      for (const waiting of [...overdue].reverse().filter(mayWait)) {
        const mixed = cheapestWith(overdue.filter((p) => p !== waiting));
        if (mixed[0] && repeatsIn(mixed[0], context) < repeatsIn(cheapest[0]!, context)) cheapest = mixed;
      }
    }
    const game = cheapest[0];
    if (!game) break;
    // In the last stretch a game ahead may still save a repeated partner, where the night can
    // still end level.
    const wide =
      levelling && stillLevels && (ranked > 1 || repeatsIn(game, context) > 0)
        ? rankGroups(
            [anchor, ...withinAGame.filter((p) => p !== anchor).sort(byArrival)],
            size,
            requiredFirst(anchor, overdue, size),
            context,
            weigh,
            () => 0,
            ranked,
          ).filter((g) => nightStillLevels(g, ordered, chosen, assignments.length * size, stillLevels))
        : [];
    const wider = wide[0];
    let taken = wider && repeatsIn(wider, context) < repeatsIn(game, context) ? wider : game;
    if (ranked > 1) {
      // Playing ahead weighs repeats only: a game that leaves out someone the court's own choice
      // seats for their wait is not offered (overdue outweighs a repeated partner).
      const seatedForWait = taken.flat().filter((id) => weigh(left.find((p) => p.id === id)!) < 0);
      const candidates = distinctGames([taken, ...cheapest, ...wide]).filter((g) =>
        seatedForWait.every((id) => g.flat().includes(id)),
      );
      if (candidates.length > 1) taken = pickFirst!(court.id, candidates);
    }
    context.history.add(taken);
    for (const id of taken.flat()) chosen.add(id);
    assignments.push({ courtId: court.id, teams: taken });
  }
  return assignments;
}

/**
 * As many players as places, and no one else waiting: the only players ready are the four who
 * just came off a court together. Sent straight back on every time, they would play each other
 * all night: at 16 on 4 courts every court kept its four, 59 repeated partners in 41 games where
 * none were needed. While the four have a split they have not partnered in, they play it; once
 * every split repeats, the court waits for the next to free, when that should be within half a
 * typical game, and the two groups mix: 7.8 repeats in 40 games (bench/rotation, decision 025).
 * Not with players sitting (those coming off mix with them, and a wait only lengthened the
 * longest: 16 on 3 courts, 16 minutes against the paddle stack's 14), not for women's and men's
 * games (the next court's four could not join them), not when one of the four leaves soon, and
 * not when the organizer fills every court.
 */
export function waitsToMix(
  left: PlayerState[],
  size: number,
  waitCap: FairOptions["waitCap"],
  rules: { sitting: number; teams?: TeamRule; leavingSoon?: Set<string>; startEveryCourt?: boolean },
): boolean {
  if (rules.sitting > 0 || rules.startEveryCourt) return false;
  if (size !== PLAYERS_PER_COURT || left.length !== size || !waitCap?.courtFreesBeforeEnd) return false;
  if (rules.teams === "separate" || left.some((p) => rules.leavingSoon?.has(p.id))) return false;
  // Within half a game from when they came off: a game left running unscored holds it no longer.
  const waited = (p: PlayerState) => (p.readySince === undefined ? 0 : (waitCap.now - p.readySince) / 60_000);
  if (left.some((p) => waited(p) + waitCap.nextFreeMinutes > waitCap.mixWithinMinutes)) return false;
  const group = new Set(left.map((p) => p.id));
  const playedTogether = left.every((p) => {
    const partner = p.recentPartners.at(-1);
    const opponents = p.recentOpponents.slice(-2);
    return (
      partner !== undefined &&
      group.has(partner) &&
      opponents.length === 2 &&
      opponents.every((o) => group.has(o))
    );
  });
  const [a, b, c, d] = left as [PlayerState, PlayerState, PlayerState, PlayerState];
  const partnered = (x: PlayerState, y: PlayerState) => x.recentPartners.includes(y.id);
  const freshSplit = [
    [a, b, c, d],
    [a, c, b, d],
    [a, d, b, c],
  ].some(([w, x, y, z]) => !partnered(w!, x!) && !partnered(y!, z!));
  return playedTogether && !freshSplit;
}

/**
 * What a court's choice leaves for the next: those who go on next whatever happens (`forcedNext`)
 * and can only make a game with a repeated partner cost that repeat now, so this court takes one
 * of them, or leaves a better group. Four players forced on together late in a night have mostly
 * partnered already: that was most of the repeats left in uneven play (decision 025).
 */
function repeatsLeftFor(forcedNext: PlayerState[], size: number, context: CostContext) {
  const behind = forcedNext.map((p) => p.id);
  const known = new Map<string, number>();
  return (ids: string[]) => {
    const rest = behind.filter((id) => !ids.includes(id));
    if (size !== 4 || rest.length < 3 || rest.length > 8) return 0;
    const key = rest.join(" ");
    const cost = known.get(key) ?? fewestRepeats(rest, context);
    known.set(key, cost);
    return cost;
  };
}

/** The fewest repeated partners a game of `rest` makes: all four of them, or three and anyone. */
function fewestRepeats(rest: string[], context: CostContext): number {
  const used = (a: string, b: string) => context.history.partnered(a, b) > 0;
  if (rest.length === 3) {
    const [a, b, c] = rest as [string, string, string];
    return used(a, b) && used(a, c) && used(b, c) ? PARTNER_REPEAT : 0;
  }
  let fewest = Number.POSITIVE_INFINITY;
  for (const four of combinations(rest, 4)) {
    for (const game of splits(four)) fewest = Math.min(fewest, repeatsIn(game, context));
    if (fewest === 0) return 0;
  }
  return fewest * PARTNER_REPEAT;
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

const repeatsIn = (game: Game, context: CostContext) =>
  game.filter((t) => t.length === 2 && context.history.partnered(t[0]!, t[1]!) > 0).length;

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

/** The free courts that can be filled, in order, while enough players are ready. */
export function fillableCourts(freeCourts: CourtState[], readyCount: number): CourtState[] {
  const out: CourtState[] = [];
  let left = readyCount;
  for (const court of freeCourts) {
    if (left < courtSize(court)) continue;
    out.push(court);
    left -= courtSize(court);
  }
  return out;
}

function fillOneByOne(
  courts: CourtState[],
  must: PlayerState[],
  tied: PlayerState[],
  context: CostContext,
): Assignment[] {
  const assignments: Assignment[] = [];
  const chosen = new Set<string>();
  for (const court of courts) {
    const size = courtSize(court);
    const mustLeft = must.filter((p) => !chosen.has(p.id));
    const tiedLeft = tied.filter((p) => !chosen.has(p.id));
    // Everyone who must play is placed before anyone who merely may.
    const line = mustLeft.length >= size ? mustLeft : [...mustLeft, ...tiedLeft];
    const required = new Set(mustLeft.length >= size ? [] : mustLeft.map((p) => p.id));
    const game = chooseGroup(line, size, required, context);
    if (!game) break;
    context.history.add(game);
    for (const id of game.flat()) chosen.add(id);
    assignments.push({ courtId: court.id, teams: game });
  }
  return assignments;
}

/**
 * The first in `line` and `size - 1` others from the next WINDOW (all of `required` among
 * them) making the cheapest game, with a little weight on keeping the line's order; from the
 * whole line when every game within the window repeats a partner.
 */
export function chooseGroup(
  line: PlayerState[],
  size: number,
  required: Set<string>,
  context: CostContext,
  extraCost: (p: PlayerState) => number = () => 0,
): Game | undefined {
  return rankGroups(line, size, required, context, extraCost, () => 0, 1)[0];
}

/**
 * chooseGroup's `k` cheapest games, cheapest first, each also charged `afterCost` for what it
 * leaves the next court.
 */
function rankGroups(
  line: PlayerState[],
  size: number,
  required: Set<string>,
  context: CostContext,
  extraCost: (p: PlayerState) => number,
  afterCost: (ids: string[]) => number,
  k: number,
  widen = false,
): Game[] {
  const [anchor, ...rest] = line;
  if (!anchor || line.length < size) return [];
  const width = widen ? rest.length : context.teams && context.teams !== "open" ? TEAM_RULE_WINDOW : WINDOW;
  const window = withFixedPartners(
    rest.slice(0, Math.max(width, required.size)),
    anchor,
    rest,
    context.pairings,
  );
  const position = new Map(line.map((p, i) => [p.id, i]));
  const anchorCost = extraCost(anchor);
  const best: Array<{ game: Game; cost: number }> = [];
  const bar = () => (best.length < k ? Number.POSITIVE_INFINITY : best[best.length - 1]!.cost);
  for (const others of combinations(window, size - 1, 2000)) {
    const ids = [anchor.id, ...others.map((o) => o.id)];
    if ([...required].some((id) => id !== anchor.id && !ids.includes(id))) continue;
    if (!keepsFixedPartners(ids, line, context.pairings)) continue;
    const split = bestSplit(ids, context);
    if (!split || !allowed(split.game, context.pairings)) continue;
    let cost = split.cost;
    cost += anchorCost;
    for (const o of others) cost += position.get(o.id)! * LINE_POSITION + extraCost(o);
    if (cost >= bar()) continue;
    cost += afterCost(ids);
    if (cost >= bar()) continue;
    const after = best.findIndex((b) => b.cost > cost);
    best.splice(after === -1 ? best.length : after, 0, { game: split.game, cost });
    if (best.length > k) best.pop();
  }
  // Whoever must go on cannot all fit with the player whose turn it is (an organizer moved
  // someone to the front, say): the court still fills rather than stand empty.
  if (best.length === 0 && required.size > 0)
    return rankGroups(line, size, new Set(), context, extraCost, afterCost, k, widen);
  // The next few in line can only make a repeat: the court looks down the whole line, where the
  // one fresh partner left may be among those who just came off (decision 025).
  if (!widen && rest.length > width && best[0] && repeatsIn(best[0].game, context) > 0)
    return rankGroups(line, size, required, context, extraCost, afterCost, k, true);
  return best.map((b) => b.game);
}

/** The window, plus the fixed partners of anyone in it (or of the anchor) from further back. */
function withFixedPartners(
  window: PlayerState[],
  anchor: PlayerState,
  rest: PlayerState[],
  pairings?: Pairings,
): PlayerState[] {
  if (!pairings || pairings.together.length === 0) return window;
  const out = [...window];
  for (const p of [anchor, ...window]) {
    for (const [a, b] of pairings.together) {
      const partner = p.id === a ? b : p.id === b ? a : undefined;
      const found = partner ? rest.find((q) => q.id === partner) : undefined;
      if (found && !out.includes(found)) out.push(found);
    }
  }
  return out;
}

/** A player with a fixed partner who is also ready goes on with them, or not at all. */
function keepsFixedPartners(ids: string[], line: PlayerState[], pairings?: Pairings): boolean {
  if (!pairings || pairings.together.length === 0) return true;
  const ready = new Set(line.map((p) => p.id));
  for (const [a, b] of pairings.together) {
    if (!ready.has(a) || !ready.has(b)) continue;
    if (ids.includes(a) !== ids.includes(b)) return false;
  }
  return true;
}

/** How many games the first court's choice plays ahead in the last stretch, of each kind. */
const ROLLOUT_CANDIDATES = 4;

/** How many found rounds a plan may look past before it takes the first it found. */
const LOOKAHEADS = 40;
/** The largest group a plan looks ahead for (bench/rotation times an equal round). */
const LOOKAHEAD_GROUP = 24;

/**
 * Whether, after a round of `pairs`, the next equal round could still give everyone new
 * partners (under the strict or the one-more-sit limit): a round that leaves none is passed
 * over for the next one found, up to LOOKAHEADS of them.
 */
function nextRoundPossible(
  ordered: PlayerState[],
  places: number,
  limit: number,
  courts: number,
  context: CostContext,
  seed: number,
): (pairs: Team[]) => boolean {
  let tries = 0;
  return (pairs) => {
    if (++tries > LOOKAHEADS) return true;
    const partnerOf = new Map(pairs.flatMap(([a, b]) => [[a!, b!] as const, [b!, a!] as const]));
    let seq = Math.max(...ordered.map((p) => p.arrivedAt));
    const after = ordered.map((p): PlayerState => {
      const partner = partnerOf.get(p.id);
      if (partner === undefined) return { ...p, gamesWaited: p.gamesWaited + courts, sitOuts: p.sitOuts + 1 };
      return {
        ...p,
        gamesPlayed: p.gamesPlayed + 1,
        gamesWaited: 0,
        arrivedAt: ++seq,
        recentPartners: [...p.recentPartners, partner],
      };
    });
    const next = { ...context, history: new History(after) };
    const nextOrder = fairOrder(after);
    for (const waitLimit of limit > 0 ? [limit, limit + courts] : [limit]) {
      const group = mustAndTied(nextOrder, places, waitLimit);
      if (planEqualRound(nextOrder, group.must, group.tied, places / 4, next, seed)) return true;
    }
    return false;
  };
}
