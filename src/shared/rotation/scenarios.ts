// Simulated sessions for the rotation tests and benchmark: courts freeing one
// at a time as games of random length end (uneven play), and equal rounds.

import { type Game, teamRuleMisses } from "./grouping.js";
import { pairKey } from "./history.js";
import { seededRandom } from "./prng.js";
import { SessionSim, type SimOptions } from "./simulate.js";
import type { Gender, RotationMode, TeamRule } from "./types.js";

export type Figures = {
  partnerRepeats: number;
  lowerBound: number;
  opponentRepeats: number;
  backToBackPartners: number;
  /** Largest spread of games (in progress counted) among present players when a court filled. */
  gamesSpread: number;
  maxWaitMinutes: number;
  meanWaitMinutes: number;
  /** Most court fills in a row a ready player was passed over. */
  longestSitRun: number;
};

/** Games last 8 to 16 minutes in these nights. */
const AVERAGE_GAME_MINUTES = 12;

export function figures(sim: SessionSim, waits: number[], spread: number, sitRun: number): Figures {
  const partners = new Map<string, number>();
  const opponents = new Map<string, number>();
  let backToBack = 0;
  for (const game of sim.finished) {
    for (const team of game.teams)
      if (team.length === 2)
        partners.set(pairKey(team[0]!, team[1]!), (partners.get(pairKey(team[0]!, team[1]!)) ?? 0) + 1);
    for (const a of game.teams[0])
      for (const b of game.teams[1]) opponents.set(pairKey(a, b), (opponents.get(pairKey(a, b)) ?? 0) + 1);
  }
  for (const p of sim.players.values())
    for (let i = 1; i < p.recentPartners.length; i++)
      if (p.recentPartners[i] === p.recentPartners[i - 1]) backToBack += 1;
  const n = sim.players.size;
  const games = sim.finished.length;
  const sum = (m: Map<string, number>) => [...m.values()].reduce((s, k) => s + k - 1, 0);
  return {
    partnerRepeats: sum(partners),
    lowerBound: Math.max(0, 2 * games - (n * (n - 1)) / 2),
    opponentRepeats: sum(opponents),
    backToBackPartners: backToBack / 2,
    gamesSpread: spread,
    maxWaitMinutes: Math.max(0, ...waits),
    meanWaitMinutes: +(waits.reduce((s, w) => s + w, 0) / Math.max(1, waits.length)).toFixed(1),
    longestSitRun: sitRun,
  };
}

/**
 * Games of 8 to 16 minutes; a freed court is filled at once. A night of about `games` games:
 * it ends after games × 12 / courts minutes (the engine is told when, unless `endUntold`),
 * nobody goes on after that, and the games running then finish.
 */
export function unevenSession(
  players: number,
  courts: number,
  games: number,
  seed: number,
  options: SimOptions & { mode?: RotationMode; ratings?: Map<string, number>; endUntold?: boolean } = {},
) {
  const random = seededRandom(seed * 7919);
  const endsAt = options.endsAt ?? (games * AVERAGE_GAME_MINUTES) / courts;
  const told = options.endUntold ? undefined : endsAt;
  const sim = new SessionSim(courts, options.mode ?? "fair", seed, { ...options, endsAt: told });
  for (let i = 0; i < players; i++) sim.arrive(`p${i}`, options.ratings?.get(`p${i}`));
  let clock = 0;
  const ends = new Map<string, number>();
  const readySince = new Map<string, number>();
  const sitRun = new Map<string, number>();
  const waits: number[] = [];
  // What each player was told when they joined the line, and how far off it was once they played.
  const promised = new Map<string, { at: number; wait: number; low: number; high: number }>();
  const estimateErrors: number[] = [];
  let withinRange = 0;
  let spread = 0;
  let spreadPlaying = 0;
  let longestRun = 0;
  const fill = () => {
    const { assignments, passedOver, queue } = sim.fill(clock);
    const onCourt = new Set([...sim.playing.values()].flatMap((g) => g.teams.flat()));
    const present = [...sim.players.values()].filter((p) => p.present && !p.onBreak);
    // Games played (finished) when the court fills, a late arrival's credit counted.
    const counted = present.map((p) => p.gamesPlayed + (p.gamesCredit ?? 0));
    if (assignments.length > 0) spread = Math.max(spread, Math.max(...counted) - Math.min(...counted));
    const withPlaying = present.map(
      (p) => p.gamesPlayed + (p.gamesCredit ?? 0) + (onCourt.has(p.id) ? 1 : 0),
    );
    if (assignments.length > 0)
      spreadPlaying = Math.max(spreadPlaying, Math.max(...withPlaying) - Math.min(...withPlaying));
    for (const a of assignments) {
      for (const id of a.teams.flat()) {
        waits.push(clock - (readySince.get(id) ?? 0));
        sitRun.set(id, 0);
        const told = promised.get(id);
        if (told) {
          const waited = clock - told.at;
          estimateErrors.push(Math.abs(told.wait - waited));
          if (waited >= told.low - 0.5 && waited <= told.high + 0.5) withinRange += 1;
          promised.delete(id);
        }
      }
      ends.set(a.courtId, clock + 8 + Math.floor(random() * 9));
    }
    for (const q of queue)
      if (!promised.has(q.playerId))
        promised.set(q.playerId, { at: clock, wait: q.estimatedWaitMinutes, ...q.waitRange });
    for (const id of passedOver) {
      sitRun.set(id, (sitRun.get(id) ?? 0) + 1);
      longestRun = Math.max(longestRun, sitRun.get(id)!);
    }
  };
  fill();
  const nextEnd = () => [...ends.entries()].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))[0];
  for (let next = nextEnd(); next && next[1] < endsAt; next = nextEnd()) {
    const [courtId, end] = next;
    clock = end;
    ends.delete(courtId);
    const game = sim.playing.get(courtId)!;
    sim.finish(courtId, random() < 0.5, clock);
    for (const id of game.teams.flat()) readySince.set(id, clock);
    fill();
  }
  // The night is over: the running games finish and nobody new goes on.
  for (const [courtId, end] of [...ends.entries()].sort((a, b) => a[1] - b[1])) {
    sim.finish(courtId, random() < 0.5, end);
  }
  // Court minutes the night's last call kept free while players waited (decide.ts lastCall): a
  // court free before the end and not filled until its next game, or the end.
  let keptEmpty = 0;
  for (const court of sim.courts) {
    const played = sim.finished
      .filter((g) => g.courtId === court.id)
      .sort((a, b) => a.startedAt - b.startedAt);
    played.forEach((game, i) => {
      if (game.endedAt === undefined || game.endedAt >= endsAt) return;
      keptEmpty += (played[i + 1]?.startedAt ?? endsAt) - game.endedAt;
    });
  }
  const atEnd = [...sim.players.values()]
    .filter((p) => p.present)
    .map((p) => p.gamesPlayed + (p.gamesCredit ?? 0));
  return {
    sim,
    figures: {
      ...figures(sim, waits, spread, longestRun),
      gamesSpreadCountingPlaying: spreadPlaying,
      endOfNightSpread: Math.max(...atEnd) - Math.min(...atEnd),
      courtMinutesKeptEmpty: keptEmpty,
    },
    estimates: { errors: estimateErrors, withinRange },
  };
}

/**
 * Equal rounds until a partner repeats: R is the number of rounds played before the first
 * round with a repeated partner, beside the counting bound floor(N(N-1) / 4c). Also the
 * longest run of rounds sat out (beside the strict ceil(s / 4c) and the one more allowed
 * where it keeps the group mixing), the spread of games, and the mixing over those rounds:
 * how many of the other N-1 each player has partnered or faced (the fewest, and on average).
 */
export function roundsBeforeRepeat(players: number, courts: number, seed = 1) {
  const sim = new SessionSim(courts, "fair", seed);
  for (let i = 0; i < players; i++) sim.arrive(`p${i}`);
  const bound = Math.floor((players * (players - 1)) / (4 * courts));
  const seen = new Set<string>();
  const met = new Map<string, Set<string>>([...sim.players.keys()].map((id) => [id, new Set()]));
  const run = new Map<string, number>();
  let longestSitRun = 0;
  let spread = 0;
  let rounds = 0;
  for (; rounds < bound + 1; rounds++) {
    const { assignments, passedOver } = sim.round();
    let repeated = false;
    for (const a of assignments)
      for (const t of a.teams) {
        const key = pairKey(t[0]!, t[1]!);
        if (seen.has(key)) repeated = true;
        seen.add(key);
      }
    if (repeated) break;
    for (const a of assignments)
      for (const id of a.teams.flat())
        for (const other of a.teams.flat()) if (other !== id) met.get(id)!.add(other);
    for (const id of sim.players.keys()) run.set(id, passedOver.includes(id) ? (run.get(id) ?? 0) + 1 : 0);
    longestSitRun = Math.max(longestSitRun, ...run.values());
    const games = [...sim.players.values()].map((p) => p.gamesPlayed);
    spread = Math.max(spread, Math.max(...games) - Math.min(...games));
  }
  const sitting = players - 4 * courts;
  const strictSitRun = sitting > 0 ? Math.ceil(sitting / (4 * courts)) : 0;
  const metCounts = [...met.values()].map((others) => others.size);
  return {
    players,
    courts,
    rounds,
    bound,
    longestSitRun,
    sitRunBound: strictSitRun,
    /** The most a player may sit in a row: one more than the strict rule, where it mixes. */
    sitRunAllowed: strictSitRun > 0 ? strictSitRun + 1 : 0,
    gamesSpread: spread,
    mixingFewest: Math.min(...metCounts),
    mixingMean: +(metCounts.reduce((s, n) => s + n, 0) / metCounts.length).toFixed(1),
    others: players - 1,
  };
}

/** A night of `games` games of 8-16 minutes (or `rounds` equal rounds), counting every team that breaks the rule. */
export function teamRuleNight(
  women: number,
  men: number,
  courts: number,
  teams: TeamRule,
  how: { games?: number; rounds?: number; undeclared?: number } = {},
) {
  const sim = new SessionSim(courts, "fair", 1, { teams });
  const genders = new Map<string, Gender>();
  const add = (id: string, gender?: Gender) => {
    sim.arrive(id, undefined, { gender });
    if (gender) genders.set(id, gender);
  };
  // Arriving in runs of one gender, the harder order for the rule.
  for (let i = 0; i < women; i++) add(`w${i}`, "woman");
  for (let i = 0; i < men; i++) add(`m${i}`, "man");
  for (let i = 0; i < (how.undeclared ?? 0); i++) add(`u${i}`);
  const played: Game[] = [];
  if (how.rounds) {
    for (let r = 0; r < how.rounds; r++) played.push(...sim.round().assignments.map((a) => a.teams));
  } else {
    const random = seededRandom(7);
    const ends = new Map<string, number>();
    let clock = 0;
    const fill = () => {
      for (const a of sim.fill(clock).assignments) {
        played.push(a.teams);
        ends.set(a.courtId, clock + 8 + Math.floor(random() * 9));
      }
    };
    fill();
    for (let g = 0; g < (how.games ?? 100); g++) {
      const [courtId, end] = [...ends.entries()].sort((a, b) => a[1] - b[1])[0]!;
      clock = end;
      ends.delete(courtId);
      sim.finish(courtId, random() < 0.5, clock);
      fill();
    }
  }
  const misses = played.reduce((sum, game) => sum + teamRuleMisses(game, teams, genders), 0);
  const games = [...sim.players.values()].map((p) => p.gamesPlayed);
  return { sim, played, misses, spread: Math.max(...games) - Math.min(...games), genders };
}
