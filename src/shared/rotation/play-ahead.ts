// The night's last stretch, played ahead: for each game the first free court could take, the
// rest of the night is played out in memory by the engine itself (every game taking the typical
// length), and the game that leaves the fewest repeated partners over the whole stretch is taken.
// Courts free one at a time, so a choice that looks free of repeats now can leave four players
// on the fewest games who have all partnered each other to go on together at the last call; one
// court's choice cannot see that, the played-out night does (decision 025).
import type { Game } from "./grouping.js";
import type { PlayerState, RotationInput, RotationOutput } from "./types.js";

type Step = (input: RotationInput) => RotationOutput;

/** Repeated partners over the rest of the night if `game` goes on `courtId` now, and whether it ends level. */
export function playAhead(input: RotationInput, courtId: string, game: Game, step: Step): number {
  const now = input.now!;
  const endsAt = input.endsAt!;
  const typical = (input.gameLength?.typical ?? 12) * 60_000;
  const players = new Map(
    input.players.map((p) => [
      p.id,
      { ...p, recentPartners: [...p.recentPartners], recentOpponents: [...p.recentOpponents] },
    ]),
  );
  let seq = Math.max(0, ...input.players.map((p) => p.arrivedAt));
  let courts = input.courts.map((c) => ({ ...c }));
  let repeats = 0;

  const start = (id: string, teams: Game, at: number) => {
    for (const [mine, theirs] of [
      [teams[0], teams[1]],
      [teams[1], teams[0]],
    ] as const) {
      for (const pid of mine) {
        const p = players.get(pid)!;
        const partner = mine.find((o) => o !== pid);
        if (partner) {
          if (pid < partner && p.recentPartners.includes(partner)) repeats += 1;
          p.recentPartners.push(partner);
        }
        p.recentOpponents.push(...theirs);
        p.gamesWaited = 0;
      }
    }
    courts = courts.map((c) =>
      c.id === id ? { ...c, status: "playing" as const, players: teams.flat(), startedAt: at } : c,
    );
  };
  const finish = (id: string, at: number) => {
    const court = courts.find((c) => c.id === id)!;
    const off = new Set(court.players ?? []);
    for (const pid of off) {
      const p = players.get(pid)!;
      p.gamesPlayed += 1;
      p.arrivedAt = ++seq;
      p.readySince = at;
    }
    // Everyone else waiting sat through one more game (the court's own players are still on it).
    const busy = new Set(courts.flatMap((c) => (c.status === "playing" ? (c.players ?? []) : [])));
    for (const p of players.values()) if (p.present && !p.onBreak && !busy.has(p.id)) p.gamesWaited += 1;
    courts = courts.map((c) =>
      c.id === id ? { ...c, status: "free" as const, players: undefined, startedAt: undefined } : c,
    );
  };
  const fill = (at: number) => {
    const output = step({ ...input, now: at, players: [...players.values()], courts });
    for (const a of output.assignments) start(a.courtId, a.teams, at);
  };

  start(courtId, game, now);
  fill(now);
  // Each step ends a game, and a game started here ends a typical length later, so a stretch of
  // two games is a few steps a court; the bound only guards against times that make no sense.
  for (let steps = 0; steps < MAX_STEPS; steps++) {
    // The running game expected to end first: at the typical length, or a minute from now once
    // it has run past it (or when its start is not known).
    const next = courts
      .filter((c) => c.status === "playing")
      .map((c) => ({
        id: c.id,
        at: Math.max(c.startedAt === undefined ? now : c.startedAt + typical, now + 60_000),
      }))
      .sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1))[0];
    if (!next || !(next.at < endsAt)) break;
    finish(next.id, next.at);
    fill(next.at);
  }
  // The players still here at the end: those on a break or gone by then are not levelled.
  const here = (p: PlayerState) =>
    p.present && !p.onBreak && (p.leavesAt === undefined || p.leavesAt > endsAt);
  const onCourt = new Set(courts.flatMap((c) => (c.status === "playing" ? (c.players ?? []) : [])));
  const counts = [...players.values()]
    .filter(here)
    .map((p) => p.gamesPlayed + (p.gamesCredit ?? 0) + (onCourt.has(p.id) ? 1 : 0));
  if (counts.length === 0) return repeats;
  const apart = Math.max(...counts) - Math.min(...counts) > 1;
  return repeats + (apart ? ENDS_APART : 0);
}

/** Ending the night two games apart outweighs any number of repeated partners. */
const ENDS_APART = 1_000;
const MAX_STEPS = 500;
