// A whole session in memory, keeping the same counters the server keeps in the database:
// used by the tests and the benchmark to play many games through the engine.
import { decide } from "./decide.js";
import { arrivalCredit } from "./fair.js";
import { gameLength } from "./game-length.js";
import { kingMoves } from "./king.js";
import type {
  Assignment,
  CourtState,
  Gender,
  Pairings,
  PlayerState,
  RotationInput,
  RotationMode,
  TeamRule,
} from "./types.js";
import { keepsWinners, offCourtOrder } from "./winners-stay.js";

/** Times in minutes from the session's start. */
export type SimGame = Assignment & { startedAt: number; endedAt?: number };

export type SimOptions = {
  /** Ids of courts (c1, c2, ...) that are singles courts. */
  singlesCourts?: string[];
  pairings?: Pairings;
  /** Another way to choose the games (a benchmark's baseline); the engine by default. */
  choose?: (input: RotationInput) => Assignment[];
  /** When the night ends, in minutes from its start (told to the engine). */
  endsAt?: number;
  /** Who may make a team (mixed doubles, separate games); open by default. */
  teams?: TeamRule;
};

export class SessionSim {
  readonly players = new Map<string, PlayerState>();
  readonly courts: CourtState[];
  readonly playing = new Map<string, SimGame>();
  readonly finished: SimGame[] = [];
  private seq = 0;
  /** The latest time (minutes) the session was filled or a game ended at. */
  private clock = 0;
  lastGame: RotationInput["lastGame"];
  pairings: Pairings | undefined;
  private readonly choose: SimOptions["choose"];
  private readonly endsAt: number | undefined;
  private readonly teams: TeamRule | undefined;

  constructor(
    courtCount: number,
    readonly mode: RotationMode = "fair",
    readonly seed = 1,
    options: SimOptions = {},
  ) {
    this.courts = Array.from({ length: courtCount }, (_, i) => ({
      id: `c${i + 1}`,
      status: "free" as const,
      singles: options.singlesCourts?.includes(`c${i + 1}`) ?? false,
    }));
    this.pairings = options.pairings;
    this.choose = options.choose;
    this.endsAt = options.endsAt;
    this.teams = options.teams;
  }

  /** A player checks in; after games have been played they join at the median of games. */
  arrive(id: string, rating?: number, options: { wantsBye?: boolean; gender?: Gender } = {}) {
    const credit = arrivalCredit(this.players.values());
    this.players.set(id, {
      id,
      arrivedAt: ++this.seq,
      gamesPlayed: 0,
      gamesCredit: credit,
      gamesWaited: 0,
      // Checked in now (minutes from the start): the server's ready_at.
      readySince: this.clock * 60_000,
      sitOuts: 0,
      onBreak: false,
      present: true,
      rating,
      recentPartners: [],
      recentOpponents: [],
      winStreak: 0,
      wantsBye: options.wantsBye ?? false,
      gender: options.gender,
      courtTarget: null,
    });
  }

  leave(id: string) {
    const p = this.players.get(id);
    if (p) p.present = false;
  }

  setBreak(id: string, onBreak: boolean) {
    const p = this.players.get(id);
    if (!p) return;
    p.onBreak = onBreak;
    // Back from a break, their wait starts again (the server's ready_at).
    if (!onBreak) p.readySince = this.clock * 60_000;
  }

  /** The engine's input at `now` (minutes): the games' starts and lengths measured so far. */
  input(now = 0): RotationInput {
    const lengths = this.finished.flatMap((g) => (g.endedAt === undefined ? [] : [g.endedAt - g.startedAt]));
    return {
      mode: this.mode,
      players: [...this.players.values()],
      courts: this.courts.map((c) => {
        const game = this.playing.get(c.id);
        return game
          ? { ...c, status: "playing", players: game.teams.flat(), startedAt: game.startedAt * 60_000 }
          : c;
      }),
      now: now * 60_000,
      endsAt: this.endsAt === undefined ? undefined : this.endsAt * 60_000,
      gameLength: gameLength(lengths, []),
      seed: this.seed,
      lastGame: this.lastGame,
      pairings: this.pairings,
      teams: this.teams,
    };
  }

  /** Fills free courts; returns the new games and who was ready but passed over. */
  fill(now = 0) {
    this.clock = Math.max(this.clock, now);
    const input = this.input(now);
    const output = decide(input);
    if (this.choose) output.assignments = this.choose(input);
    const assigned = new Set(output.assignments.flatMap((a) => a.teams.flat()));
    for (const a of output.assignments) {
      this.playing.set(a.courtId, { ...a, startedAt: now });
      const staying = keepsWinners(a, this.lastGame);
      for (const [mine, theirs] of [
        [a.teams[0], a.teams[1]],
        [a.teams[1], a.teams[0]],
      ]) {
        for (const id of mine!) {
          const p = this.players.get(id)!;
          p.gamesWaited = 0;
          p.courtTarget = null;
          if (!(staying && this.lastGame?.winners.includes(id))) p.winStreak = 0;
          const partner = mine!.find((o) => o !== id);
          if (partner) p.recentPartners.push(partner);
          p.recentOpponents.push(...theirs!);
        }
      }
    }
    const passedOver =
      output.assignments.length > 0
        ? output.queue.map((q) => q.playerId).filter((id) => !assigned.has(id))
        : [];
    for (const id of passedOver) this.players.get(id)!.sitOuts += 1;
    return { assignments: output.assignments, passedOver, queue: output.queue };
  }

  /** Ends the game on `courtId` (at `now`, minutes, when the time is kept); team A wins unless told otherwise. */
  finish(courtId: string, teamAWins = true, now?: number) {
    const game = this.playing.get(courtId);
    if (!game) throw new Error(`no game on ${courtId}`);
    if (now !== undefined) this.clock = Math.max(this.clock, now);
    this.playing.delete(courtId);
    this.finished.push({ ...game, endedAt: now });
    const [winners, losers] = teamAWins ? game.teams : [game.teams[1], game.teams[0]];
    for (const id of winners) this.players.get(id)!.winStreak = (this.players.get(id)!.winStreak ?? 0) + 1;
    for (const id of losers) this.players.get(id)!.winStreak = 0;
    if (this.mode === "king-of-the-court") {
      const order = this.courts.map((c) => c.id);
      for (const [id, target] of kingMoves(order, courtId, winners, losers))
        this.players.get(id)!.courtTarget = target;
    }
    for (const id of offCourtOrder(winners, losers, (id) => this.players.get(id)!.winStreak ?? 0)) {
      const p = this.players.get(id)!;
      p.gamesPlayed += 1;
      p.arrivedAt = ++this.seq;
      if (now !== undefined) p.readySince = now * 60_000;
    }
    const busy = new Set([...this.playing.values()].flatMap((g) => g.teams.flat()));
    for (const p of this.players.values()) {
      if (p.present && !p.onBreak && !busy.has(p.id) && !game.teams.flat().includes(p.id)) p.gamesWaited += 1;
    }
    this.lastGame = { courtId, winners: [...winners], losers: [...losers] };
  }

  /** Plays one equal round: fill every court, then finish them all. */
  round() {
    const filled = this.fill();
    for (const a of filled.assignments) this.finish(a.courtId);
    return filled;
  }
}
