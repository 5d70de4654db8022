// The night's last stretch, played ahead: for each game the first free court could take, the
// rest of the night is played out in memory by the engine itself, on several nights whose games
// take lengths drawn from the club's measured pace, and the game that leaves the fewest repeated
// partners over the whole stretch, on average, is taken. Courts free one at a time, so a choice
// that looks free of repeats now can leave four players on the fewest games who have all
// partnered each other to go on together at the last call; one court's choice cannot see that,
// the played-out night does. Which court frees next decides who is left, so a night played on
// typical lengths alone saw one order of the courts freeing where the real night has many
// (decision 025).
import { DEFAULT_GAME_LENGTH, type GameLength } from "./game-length.js";
import type { Game } from "./grouping.js";
import { pairKey } from "./history.js";
import { fnv1a, seededRandom } from "./prng.js";
import { SessionSim } from "./simulate.js";
import type { RotationInput, RotationOutput } from "./types.js";

/**
 * The game of `candidates` that leaves the fewest repeated partners over the rest of the night
 * on NIGHTS drawn nights (the first of equals), each step decided by `step`. A candidate stops
 * being played once it cannot beat one before it, and the search once one leaves none: costs are
 * never negative, so the answer is the one playing every night of every candidate gives, at a
 * fraction of the time where the court's own choice (first) is already clean.
 */
export function bestPlayedAhead(
  input: RotationInput,
  courtId: string,
  candidates: Game[],
  step: (input: RotationInput) => RotationOutput,
): Game {
  let best = candidates[0]!;
  let bestCost = Number.POSITIVE_INFINITY;
  const before = partneredBefore(input);
  const nights = Array.from({ length: NIGHTS }, (_, night) => drawnLengths(input, night));
  for (const game of candidates) {
    let cost = 0;
    for (let night = 0; night < NIGHTS && cost < bestCost; night++)
      cost += playNight(input, courtId, game, step, nights[night]!, before);
    if (cost < bestCost) [best, bestCost] = [game, cost];
    if (bestCost === 0) break;
  }
  return best;
}

/**
 * Repeated partners over the rest of the night if `game` goes on `courtId` now, each step
 * decided by `step`, on average over the NIGHTS drawn nights; ENDS_APART more for each night
 * that would then end two games apart.
 */
export function playAhead(
  input: RotationInput,
  courtId: string,
  game: Game,
  step: (input: RotationInput) => RotationOutput,
): number {
  let total = 0;
  const before = partneredBefore(input);
  for (let night = 0; night < NIGHTS; night++)
    total += playNight(input, courtId, game, step, drawnLengths(input, night), before);
  return total / NIGHTS;
}

/**
 * Nights each game is played on. On seeds never used to tune (11-160, the eight benchmark cases
 * each), a seed's nights left 1.33 repeats over the bound on typical lengths alone, 0.98 on 4
 * drawn nights and 0.99 on 8; 16 did no better on seeds 11-80. 8 took twice 4's time, up to
 * 155 ms a decision on 8 courts (decision 025; measured on draws of an earlier hash).
 */
const NIGHTS = 4;

/**
 * One drawn night: when the `nth` game from now on court `courtIndex`, started at `startedAt`,
 * ends (minutes). That game takes the same length whatever game is weighed, so two games are
 * compared on the same nights and differ only by their own effect. A running game's length is
 * drawn from those longer than it has run so far, and it ends a minute from now at the soonest.
 */
export function drawnLengths(input: RotationInput, night: number) {
  const length = input.gameLength ?? DEFAULT_GAME_LENGTH;
  const now = input.now! / 60_000;
  return (courtIndex: number, nth: number, startedAt: number) => {
    const u = seededRandom(fnv1a(`${input.seed ?? 1}:${Math.round(now)}:${night}:${courtIndex}:${nth}`))();
    const ranOver = nth === 0 ? fractionBelow(length, now - startedAt) : 0;
    return Math.max(startedAt + drawLength(length, ranOver + (1 - ranOver) * u), now + 1);
  };
}

/**
 * Lengths spread as measured: through the short end, the typical and the long end (quartiles),
 * and as far again beyond them. Games of 8 to 16 minutes measure about 10, 12 and 14, and are
 * drawn about as they are.
 */
function quartilePoints(length: GameLength) {
  return [
    Math.max(1, 2 * length.short - length.typical),
    length.short,
    length.typical,
    length.long,
    2 * length.long - length.typical,
  ];
}

function drawLength(length: GameLength, u: number) {
  const points = quartilePoints(length);
  const at = Math.min(3.999_999, u * 4);
  const i = Math.floor(at);
  return points[i]! + (points[i + 1]! - points[i]!) * (at - i);
}

/** The share of games shorter than `minutes`. */
function fractionBelow(length: GameLength, minutes: number) {
  const points = quartilePoints(length);
  if (minutes <= points[0]!) return 0;
  for (let i = 0; i < 4; i++)
    if (minutes <= points[i + 1]!)
      return (i + (minutes - points[i]!) / Math.max(1e-9, points[i + 1]! - points[i]!)) / 4;
  return 1;
}

/** Every pair that has partnered before now: the same for every game and night weighed. */
function partneredBefore(input: RotationInput): Set<string> {
  return new Set(input.players.flatMap((p) => p.recentPartners.map((q) => pairKey(p.id, q))));
}

function playNight(
  input: RotationInput,
  courtId: string,
  game: Game,
  step: (input: RotationInput) => RotationOutput,
  endOf: (courtIndex: number, nth: number, startedAt: number) => number,
  before: ReadonlySet<string>,
): number {
  // The night in memory counts minutes, as the simulations do.
  const now = input.now! / 60_000;
  const endsAt = input.endsAt! / 60_000;
  const sim = SessionSim.resume(input, step);
  sim.place({ courtId, teams: game }, now);
  sim.fill(now);
  const courtIndex = new Map(input.courts.map((c, i) => [c.id, i]));
  const nth = new Map<string, number>();
  const ends = new Map<string, number>();
  const endOfGame = (g: { courtId: string; startedAt: number }) => {
    const key = `${g.courtId}@${g.startedAt}`;
    let at = ends.get(key);
    if (at === undefined) {
      const n = nth.get(g.courtId) ?? 0;
      nth.set(g.courtId, n + 1);
      at = endOf(courtIndex.get(g.courtId) ?? 0, n, g.startedAt);
      ends.set(key, at);
    }
    return at;
  };
  // Each step ends a game, and a game started here ends a typical length later, so a stretch of
  // two games is a few steps a court; the bound only guards against times that make no sense.
  for (let steps = 0; steps < MAX_STEPS; steps++) {
    const next = [...sim.playing.values()]
      .map((g) => ({ courtId: g.courtId, at: endOfGame(g) }))
      .sort((a, b) => a.at - b.at || (a.courtId < b.courtId ? -1 : 1))[0];
    if (!next || !(next.at < endsAt)) break;
    sim.finish(next.courtId, true, next.at);
    sim.fill(next.at);
  }

  // Partners repeated in the games started from now on, against the night so far.
  const partnered = new Set<string>();
  let repeats = 0;
  const started = [...sim.finished, ...sim.playing.values()]
    .filter((g) => g.startedAt >= now)
    .sort((a, b) => a.startedAt - b.startedAt);
  for (const { teams } of started)
    for (const team of teams) {
      if (team.length !== 2) continue;
      const key = pairKey(team[0]!, team[1]!);
      if (before.has(key) || partnered.has(key)) repeats += 1;
      partnered.add(key);
    }

  // The players still here at the end: those on a break or gone by then are not levelled.
  const onCourt = new Set([...sim.playing.values()].flatMap((g) => g.teams.flat()));
  const counts = [...sim.players.values()]
    .filter((p) => p.present && !p.onBreak && (p.leavesAt === undefined || p.leavesAt > input.endsAt!))
    .map((p) => p.gamesPlayed + (p.gamesCredit ?? 0) + (onCourt.has(p.id) ? 1 : 0));
  if (counts.length === 0) return repeats;
  const apart = Math.max(...counts) - Math.min(...counts) > 1;
  return repeats + (apart ? ENDS_APART : 0);
}

/** Ending the night two games apart outweighs any number of repeated partners. */
const ENDS_APART = 1_000;
const MAX_STEPS = 500;
