// The night's last stretch, played ahead: for each game the first free court could take, the
// rest of the night is played out in memory by the engine itself (every game taking the typical
// length), and the game that leaves the fewest repeated partners over the whole stretch is taken.
// Courts free one at a time, so a choice that looks free of repeats now can leave four players
// on the fewest games who have all partnered each other to go on together at the last call; one
// court's choice cannot see that, the played-out night does (decision 025).
import { DEFAULT_GAME_LENGTH } from "./game-length.js";
import type { Game } from "./grouping.js";
import { pairKey } from "./history.js";
import { SessionSim } from "./simulate.js";
import type { RotationInput, RotationOutput } from "./types.js";

/**
 * Repeated partners over the rest of the night if `game` goes on `courtId` now, each step
 * decided by `step`; ENDS_APART more if the night would then end two games apart.
 */
export function playAhead(
  input: RotationInput,
  courtId: string,
  game: Game,
  step: (input: RotationInput) => RotationOutput,
): number {
  // The night in memory counts minutes, as the simulations do.
  const now = input.now! / 60_000;
  const endsAt = input.endsAt! / 60_000;
  const typical = (input.gameLength ?? DEFAULT_GAME_LENGTH).typical;
  const sim = SessionSim.resume(input, step);
  sim.place({ courtId, teams: game }, now);
  sim.fill(now);
  // Each step ends a game, and a game started here ends a typical length later, so a stretch of
  // two games is a few steps a court; the bound only guards against times that make no sense.
  for (let steps = 0; steps < MAX_STEPS; steps++) {
    // The running game expected to end first: at the typical length, or a minute from now once
    // it has run past it.
    const next = [...sim.playing.values()]
      .map((g) => ({ courtId: g.courtId, at: Math.max(g.startedAt + typical, now + 1) }))
      .sort((a, b) => a.at - b.at || (a.courtId < b.courtId ? -1 : 1))[0];
    if (!next || !(next.at < endsAt)) break;
    sim.finish(next.courtId, true, next.at);
    sim.fill(next.at);
  }

  // Partners repeated in the games started from now on, against the night so far.
  const partnered = new Set(input.players.flatMap((p) => p.recentPartners.map((q) => pairKey(p.id, q))));
  let repeats = 0;
  const started = [...sim.finished, ...sim.playing.values()]
    .filter((g) => g.startedAt >= now)
    .sort((a, b) => a.startedAt - b.startedAt);
  for (const { teams } of started)
    for (const team of teams) {
      if (team.length !== 2) continue;
      const key = pairKey(team[0]!, team[1]!);
      if (partnered.has(key)) repeats += 1;
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
