// Fair mixing (and skill-balanced play, which is fair mixing that also weighs the teams).
//
// Who plays (fair-order.ts): fewest games first (a late arrival's credit counted), then
// whoever has waited longest. Two rules are never broken to save a repeat: nobody with more
// games goes on while someone with fewer waits (games stay within 1), and nobody sits longer
// than the group's size makes necessary (ceil(s / places) rounds in a row with s players sitting).
// In equal rounds a player may sit one round more where that keeps the group mixing
// (withOneMoreSitWhereItMixes), and a small group's round looks one round ahead so the next
// still has new partners (nextRoundPossible); on one court it looks to the end of the group's
// new partners (one-court-ahead.ts).
//
// With whom (court-line.ts, choose-group.ts; fill-as-courts-free.ts fills the courts): each
// freed court takes the player whose turn it is and the three others, from the next few in
// line, that repeat the fewest partners (never a back-to-back partner while another way
// exists) and opponents, preferring those who have waited longer. Choosing from everyone whose
// turn has come, not from the four who just came off together, is what keeps partners fresh
// when courts free one at a time; only when the next few can make nothing but a repeated
// partner does the court look down the whole line, those just off included. When every court
// starts together (equal rounds) the round is planned as a whole instead (equal-rounds.ts).
//
// Leaving soon (decide.ts leavingSoon): among players tied on games, one who leaves before
// a later game could end goes first, so they are not left sitting at the end. It only ever
// chooses between players level on games, so it cannot widen the spread of games played.
//
// The night's end (decide.ts levelling, lastCall): in its last stretch only the fewest games go
// on (a game ahead too where that saves a repeat and the night still levels), the first free
// court's choice is played ahead to the end (play-ahead.ts), and at its last call a court stays
// empty rather than end anyone two games ahead.
import { chooseGroup } from "./choose-group.js";
import { type PlannedRound, planEqualRound } from "./equal-rounds.js";
import { fairOrder, mustAndTied, waitLimit } from "./fair-order.js";
import { fillAsCourtsFree } from "./fill-as-courts-free.js";
import type { CostContext, Game } from "./grouping.js";
import { History } from "./history.js";
import { AHEAD_GROUP, planOneCourtAhead } from "./one-court-ahead.js";
import type { Assignment, CourtState, Gender, Pairings, PlayerState, Team, TeamRule } from "./types.js";
import { courtSize } from "./types.js";

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
  return fillAsCourtsFree({
    courts,
    ordered,
    context,
    sitting: options.present - allPlaces,
    leavingSoon: soon,
    levelling: options.levelling,
    waitCap: options.waitCap,
    lastCall: options.lastCall,
    stillLevels: options.stillLevels,
    pickFirst: options.pickFirst,
    startEveryCourt: options.startEveryCourt,
  });
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
