// The engine's one entry point: who goes on each free court, and the waiting line with an
// estimated wait for each player. Invariants in every mode: only free courts are filled,
// nobody is on two courts, and nobody on a break, gone, or already on court is assigned.
import { decideFair, type FairOptions } from "./fair.js";
import { effectiveGames, fairOrder } from "./fair-order.js";
import { DEFAULT_GAME_LENGTH } from "./game-length.js";
import { DEFAULT_RATING } from "./grouping.js";
import { decideKing } from "./king.js";
import { decidePaddleStack, stackOrder } from "./paddle-stack.js";
import { bestPlayedAhead } from "./play-ahead.js";
import type { Assignment, CourtState, Gender, PlayerState, RotationInput, RotationOutput } from "./types.js";
import { courtSize, PLAYERS_PER_COURT } from "./types.js";
import { waitsToMix } from "./waits-to-mix.js";
import { decideWinnersStay } from "./winners-stay.js";

export function decide(input: RotationInput): RotationOutput {
  return decideWith(input, true);
}

/** decide without playing the last stretch ahead: each step of a night played ahead. */
export function decideCourtByCourt(input: RotationInput): RotationOutput {
  return decideWith(input, false);
}

/** `ahead`: in the last stretch, the first free court's choice is played ahead (play-ahead.ts). */
function decideWith(input: RotationInput, ahead: boolean): RotationOutput {
  const { onCourt, here, ready: inLine } = presence(input);
  const freeCourts = input.courts.filter((c) => c.status === "free");
  const ready = candidates(inLine, freeCourts);
  const playable = input.courts.filter((c) => c.status !== "unavailable");
  const skill = input.mode === "skill-balanced" || (input.mode === "fair" && input.balanceByRating === true);
  const length = input.gameLength ?? DEFAULT_GAME_LENGTH;
  const soon = leavingSoon(ready, input.now, length.typical);
  const lastStretch = levelling(input.now, input.endsAt, length.typical);

  let assignments: Assignment[];
  if (input.mode === "paddle-stack")
    assignments = decidePaddleStack(ready, freeCourts, input.players, input.pairings);
  else if (input.mode === "winners-stay")
    assignments = decideWinnersStay(ready, freeCourts, input.players, input.lastGame, input.pairings);
  else if (input.mode === "king-of-the-court")
    assignments = decideKing(ready, freeCourts, playable, input.players, input.pairings);
  else {
    assignments = decideFair(ready, freeCourts, input.players, {
      ratings: skill ? new Map(ready.map((p) => [p.id, p.rating ?? DEFAULT_RATING])) : undefined,
      pairings: input.pairings,
      equalRound: onCourt.size === 0 && freeCourts.length === playable.length,
      seed: input.seed,
      present: here.length,
      playableCourts: playable,
      leavingSoon: soon,
      levelling: lastStretch,
      stillLevels: lastStretch
        ? stillLevels(input.now!, input.endsAt!, input.courts, here, onCourt, length)
        : undefined,
      pickFirst:
        ahead && lastStretch && playable.length <= PLAY_AHEAD_COURTS
          ? (courtId, candidates) => bestPlayedAhead(input, courtId, candidates, decideCourtByCourt)
          : undefined,
      lastCall: lastCall(input, here, onCourt, length),
      teams: input.teams,
      genders: gendersOf(here),
      waitCap: waitCap(input, playable, length),
      startEveryCourt: input.startEveryCourt,
    });
  }

  const assigned = new Set(assignments.flatMap((a) => a.teams.flat()));
  const waiting = inLine.filter((p) => !assigned.has(p.id));
  const ordered =
    input.mode === "fair" || input.mode === "skill-balanced" ? fairOrder(waiting, soon) : stackOrder(waiting);
  // Those skipping this time stand at the back of the line, as the phone told them.
  const line = [...ordered.filter((p) => !p.skipping), ...ordered.filter((p) => p.skipping)];
  const places = playable.reduce((sum, c) => sum + courtSize(c), 0);
  // The wait at a game length: from the running games' starts when the time is known.
  const waitsAt = (minutes: number) => {
    const freeAt =
      input.now === undefined ? undefined : minutesUntilFree(playable, assignments, input.now, minutes);
    return (i: number) =>
      freeAt
        ? estimateWaitFromCourts(i, freeAt, places, minutes)
        : estimateWait(i, playable.length, places, minutes);
  };
  const [typical, short, long] = [waitsAt(length.typical), waitsAt(length.short), waitsAt(length.long)];
  return {
    assignments,
    queue: line.map((p, i) => ({
      playerId: p.id,
      position: i + 1,
      estimatedWaitMinutes: typical(i),
      waitRange: { low: short(i), high: Math.max(short(i), long(i)) },
    })),
  };
}

function gendersOf(players: PlayerState[]): Map<string, Gender> {
  return new Map(players.flatMap((p) => (p.gender ? [[p.id, p.gender] as const] : [])));
}

/**
 * Who is on court, who is here (present, not on a break, not gone), and who of them is ready
 * for a court: what every decision and every reading of one starts from.
 */
function presence(input: RotationInput) {
  const onCourt = new Set(input.courts.flatMap((c) => (c.status === "playing" ? (c.players ?? []) : [])));
  const here = input.players.filter((p) => p.present && !p.onBreak && !hasLeft(p, input.now));
  return { onCourt, here, ready: here.filter((p) => !onCourt.has(p.id)) };
}

/**
 * Who the courts free now may take. "Skip me this time" only sent a player to the back of the
 * line, and fair play (fewest games first, partners mixed from down the line) put them straight
 * back in the next group: the phone said they had moved while the board still called them. So
 * a player owed a skip is left out whenever the others ready can fill the free courts; when they
 * cannot, the player is needed, and the board goes on showing them up next.
 */
function candidates(ready: PlayerState[], freeCourts: CourtState[]): PlayerState[] {
  if (!ready.some((p) => p.skipping)) return ready;
  const others = ready.filter((p) => !p.skipping);
  const places = freeCourts.reduce((sum, court) => sum + courtSize(court), 0);
  return others.length >= places ? others : ready;
}

/** Their declared leaving time has come: treated as gone (only when the time is known). */
export function hasLeft(p: Pick<PlayerState, "leavesAt">, now: number | undefined): boolean {
  return now !== undefined && p.leavesAt !== undefined && p.leavesAt <= now;
}

/**
 * The night's last stretch: two games' length before its end. A game started then is about
 * the last for its players, so from then on only those on the fewest games go on: a player a
 * game ahead sits rather than end the night two ahead. Two lengths, not one, because courts
 * free one at a time and a lagging player needs a court to free for them. Its price is a few
 * repeated partners in the last games (bench/rotation, decision 025).
 */
export function levelling(now: number | undefined, endsAt: number | undefined, typicalMinutes: number) {
  if (now === undefined || endsAt === undefined) return false;
  const game = typicalMinutes * 60_000;
  // A night played on a game past its end has no known end any more: mixing comes first again.
  return now >= endsAt - LEVELLING_GAMES * game && now <= endsAt + game;
}
const LEVELLING_GAMES = 2;

/**
 * The most courts whose last stretch is played ahead: a decision there takes 2.5 ms at the median
 * and 21 ms at most on up to 8 courts (bench/rotation stretchTiming), but 44 ms and 120 ms for
 * 200 players on 30 courts, where a group that large has fresh partners left anyway.
 */
const PLAY_AHEAD_COURTS = 8;

/**
 * In the last stretch, what fill-as-courts-free.ts needs to tell whether a player a game ahead
 * may still go on to save a repeated partner: the games of those on court (their running game
 * counted), and the places sure to start again before the night ends (running games that end
 * before it even if they run long; and, for the courts filled now, whether their games will).
 * Keeping the stretch to the fewest games alone cost about a repeated partner a night
 * (decision 025).
 */
export function stillLevels(
  now: number,
  endsAt: number,
  courts: RotationInput["courts"],
  here: PlayerState[],
  onCourt: Set<string>,
  length: { typical: number; long: number },
): NonNullable<FairOptions["stillLevels"]> {
  // Longer than most long games: as far past the long end as the long end is past the typical.
  const longest = (2 * length.long - length.typical) * 60_000;
  const surePlaces = courts
    .filter((c) => c.status === "playing" && c.startedAt !== undefined && c.startedAt + longest < endsAt)
    .reduce((sum, c) => sum + courtSize(c), 0);
  return {
    onCourtGames: here.filter((p) => onCourt.has(p.id)).map((p) => effectiveGames(p) + 1),
    surePlaces,
    newGamesEndBefore: now + longest < endsAt,
  };
}

/**
 * The night's last call: a game started now should end after the night does, so it is the last
 * for whoever plays it. Those on court whose game should also end after the night cannot play
 * again either; nobody goes on who would end two games ahead of them, and a court stays empty
 * rather (fill-as-courts-free.ts). `mostGames` is the most games a player may have to go on: the
 * fewest, a running game counted, of anyone on such a court. Levelling alone let one night in 80
 * end two apart: a player whose games all ran long was on the fewest games all night and still on
 * court when the last court freed (16 on 3 courts, seed 9; decision 025). A game already past its
 * typical length counts as ending after the night when it has less than OVERRUN to go: it was
 * taken to have ended, and a player ran a second game ahead of someone still on it. So does one
 * past its long end with less than two: it was taken to end in the last minute, in time for its
 * players to go on again, ran a minute more, and they ended two behind (24 on 4 courts, seed 42).
 */
export function lastCall(
  input: RotationInput,
  here: PlayerState[],
  onCourt: Set<string>,
  length: { typical: number; long: number },
): FairOptions["lastCall"] {
  const { now, endsAt } = input;
  if (now === undefined || endsAt === undefined || here.length === 0) return undefined;
  const game = length.typical * 60_000;
  const long = length.long * 60_000;
  if (now + game < endsAt || now >= endsAt) return undefined;
  const lastOn = new Set(
    input.courts
      .filter(
        (c) =>
          c.status === "playing" &&
          c.startedAt !== undefined &&
          (Math.max(c.startedAt + long, now + OVERRUN) >= endsAt ||
            // Past its long end, it may end in the night's last minute: too late to go on again.
            (now - c.startedAt >= long && now + 2 * OVERRUN >= endsAt)),
      )
      .flatMap((c) => c.players ?? []),
  );
  const counted = (p: PlayerState) => effectiveGames(p) + (onCourt.has(p.id) ? 1 : 0);
  const most = Math.max(...here.map(counted));
  // Only those within a game of the most: someone back from a long break, already two behind,
  // ends the night behind whatever the others do, and holding them back would not help.
  const games = here.filter((p) => lastOn.has(p.id) && counted(p) >= most - 1).map(counted);
  return games.length > 0 ? { mostGames: Math.min(...games) } : undefined;
}

/** A game already past its typical length is still expected to run about this much longer. */
const OVERRUN = 60_000;

/**
 * The free courts the last call keeps empty in fair and skill-balanced play, in the order
 * fill-as-courts-free.ts fills them: players wait, but too few may go on without ending the night
 * two games ahead of someone on court. The board says so on the court, rather than show it free.
 */
export function keptForTheEnd(input: RotationInput): string[] {
  if (input.mode !== "fair" && input.mode !== "skill-balanced") return [];
  const { onCourt, here, ready } = presence(input);
  const call = lastCall(input, here, onCourt, input.gameLength ?? DEFAULT_GAME_LENGTH);
  if (!call) return [];
  let waiting = ready.length;
  let mayGoOn = ready.filter((p) => effectiveGames(p) <= call.mostGames).length;
  const kept: string[] = [];
  for (const court of input.courts.filter((c) => c.status === "free")) {
    const size = courtSize(court);
    if (mayGoOn >= size) {
      mayGoOn -= size;
      waiting -= size;
    } else if (waiting >= size) kept.push(court.id);
  }
  return kept;
}

/**
 * The free courts that wait for the next court to free so that two groups mix (waits-to-mix.ts):
 * as many players as places, and the only ones ready came off one court together. The board says
 * so on the court, rather than show it free beside a waiting group.
 */
export function waitingToMix(input: RotationInput): string[] {
  if (input.mode !== "fair" && input.mode !== "skill-balanced") return [];
  const { here, ready } = presence(input);
  const playable = input.courts.filter((c) => c.status !== "unavailable");
  const places = playable.reduce((sum, c) => sum + courtSize(c), 0);
  const length = input.gameLength ?? DEFAULT_GAME_LENGTH;
  const cap = waitCap(input, playable, length);
  const rules = {
    sitting: here.length - places,
    teams: input.teams,
    leavingSoon: leavingSoon(ready, input.now, length.typical),
    startEveryCourt: input.startEveryCourt,
  };
  if (!waitsToMix(ready, PLAYERS_PER_COURT, cap, rules)) return [];
  // The court the fill would have taken: the first free one of four places.
  const first = input.courts.find((c) => c.status === "free" && courtSize(c) === PLAYERS_PER_COURT);
  return first ? [first.id] : [];
}

/**
 * Who leaves before a game started after the one starting now could end (within two games'
 * time): sitting now, they would not play again. Among players tied on games they go first.
 */
export function leavingSoon(
  ready: PlayerState[],
  now: number | undefined,
  typicalMinutes: number,
): Set<string> {
  if (now === undefined) return new Set();
  const horizon = now + 2 * typicalMinutes * 60_000;
  return new Set(ready.filter((p) => p.leavesAt !== undefined && p.leavesAt <= horizon).map((p) => p.id));
}

/**
 * When each playable court is expected to free up, soonest first, in minutes from `now`: a
 * running game after `minutes` from its start (at least a minute more once it has run over),
 * a court filled by this decision after a whole game.
 */
/** What is left of a game started at `startedAt` (ms) lasting `minutes`: a minute once it has run over. */
export function minutesLeft(startedAt: number, now: number, minutes: number): number {
  return Math.max(1, minutes - (now - startedAt) / 60_000);
}

export function minutesUntilFree(
  playable: Array<{ id: string; status: string; startedAt?: number }>,
  assignments: Assignment[],
  now: number,
  minutes: number,
): number[] {
  const filledNow = new Set(assignments.map((a) => a.courtId));
  return playable
    .map((court) => {
      if (filledNow.has(court.id) || court.startedAt === undefined) return minutes;
      return minutesLeft(court.startedAt, now, minutes);
    })
    .sort((a, b) => a - b);
}

/**
 * The k-th in line (0-based) goes on with the (k / places per court)-th group: the g-th group
 * takes the court that frees g-th, a round of games later for each time round the courts.
 * Right after every court has filled, the next group waits about a whole game, not a minute.
 */
export function estimateWaitFromCourts(
  index: number,
  freeAt: number[],
  places: number,
  minutes: number,
): number {
  if (freeAt.length === 0) return 0;
  const group = Math.floor(index / (places / freeAt.length));
  const round = Math.floor(group / freeAt.length);
  return Math.round(freeAt[group % freeAt.length]! + round * minutes);
}

/**
 * The k-th in line (0-based) goes on with about the k / (places per court)-th group; with
 * `courts` courts turning over about every `minutes`, one court frees every minutes /
 * courts, and the first group waits about half of that.
 */
export function estimateWait(index: number, courts: number, places: number, minutes: number): number {
  if (courts === 0) return 0;
  const group = Math.floor(index / (places / courts));
  return Math.round(((group + 0.5) * minutes) / courts);
}

/**
 * The longest wait, for fair and skill-balanced play (fill-as-courts-free.ts): a player who,
 * passed over now, would still be waiting when the next running game should end, past
 * WAIT_CAP_GAMES typical games since they came off court, goes on now. Counting court changes
 * alone let a player sit through two long games to save a repeated partner: 21 minutes where
 * the paddle stack's longest was 15 (12 players, 2 courts; bench/rotation, decision 025). A court
 * that frees only after the night ends frees for nobody: a wait then runs to the end, and the
 * cap forces no repeated partner on a player whose wait out the night stays within it (24 on 4
 * courts, seed 10, three minutes from the end).
 */
export function waitCap(
  input: RotationInput,
  playable: RotationInput["courts"],
  length: { typical: number; long: number },
): FairOptions["waitCap"] {
  if (input.now === undefined) return undefined;
  const now = input.now;
  const running = playable.filter((c) => c.status === "playing" && c.startedAt !== undefined);
  // A wait ends at the next court or at the night's end, whichever comes first. Past the end the
  // night has no known end any more (as in levelling and the last call).
  const untilEnd =
    input.endsAt === undefined || now >= input.endsAt
      ? Number.POSITIVE_INFINITY
      : (input.endsAt - now) / 60_000;
  const nextFree = (minutes: number) =>
    Math.min(
      untilEnd,
      running.length
        ? Math.min(...running.map((c) => Math.max(0, minutes - (now - c.startedAt!) / 60_000)))
        : minutes,
    );
  return {
    now,
    nextFreeMinutes: nextFree(length.typical),
    lateNextFreeMinutes: nextFree(length.long),
    capMinutes: WAIT_CAP_GAMES * length.typical,
    mixWithinMinutes: length.typical / 2,
    courtFreesBeforeEnd: running.some(
      (c) => c.startedAt! + length.typical * 60_000 < (input.endsAt ?? Number.POSITIVE_INFINITY),
    ),
    courtDueNow:
      untilEnd > DUE_WITHIN &&
      running.some((c) => {
        const left = length.long - (now - c.startedAt!) / 60_000;
        return left <= DUE_WITHIN && left >= -PAST_LONG_AT_MOST;
      }),
  };
}
/**
 * A court is due any minute when its game is within a minute of a long game's length, or at most
 * two past it: a game far past it may have been left unscored, and the night's own end frees no
 * court for anyone.
 */
const DUE_WITHIN = 1;
const PAST_LONG_AT_MOST = 2;
// 1.25 let waits reach 1.14x the paddle stack's longest; 1.15 holds all eight benchmark cases
// to 1.07x for about 0.15 more repeated partners a night (decision 025).
const WAIT_CAP_GAMES = 1.15;
