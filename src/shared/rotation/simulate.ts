// A whole session in memory, keeping the same counters the server keeps in the database:
// used by the tests and the benchmark to play many games through the engine.
import { decide } from "./decide.js";
import { arrivalCredit } from "./fair-order.js";
import { DEFAULT_GAME_LENGTH, type GameLength, gameLength } from "./game-length.js";
import { kingMoves } from "./king.js";
import type {
  Assignment,
  CourtState,
  Gender,
  Pairings,
  PlayerState,
  RotationInput,
  RotationMode,
  RotationOutput,
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
  /** The courts, when not `courtCount` doubles courts c1, c2, ... (a night resumed). */
  courts?: CourtState[];
  /** How long games last, when not measured from the games played here. */
  gameLength?: GameLength;
  /** The decision each fill takes: the engine's by default. */
  decide?: (input: RotationInput) => RotationOutput;
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
  private readonly gameLength: GameLength | undefined;
  private readonly decide: (input: RotationInput) => RotationOutput;

  constructor(
    courtCount: number,
    readonly mode: RotationMode = "fair",
    readonly seed = 1,
    options: SimOptions = {},
  ) {
    this.courts =
      options.courts ??
      Array.from({ length: courtCount }, (_, i) => ({
        id: `c${i + 1}`,
        status: "free" as const,
        singles: options.singlesCourts?.includes(`c${i + 1}`) ?? false,
      }));
    this.pairings = options.pairings;
    this.choose = options.choose;
    this.endsAt = options.endsAt;
    this.teams = options.teams;
    this.gameLength = options.gameLength;
    this.decide = options.decide ?? decide;
  }

  /**
   * A night in memory from an engine input (times in ms) as it stands at its `now`: its players,
   * its courts and the games on them, taking `decideWith`'s decisions from then on. A running game
   * whose start is not known is taken to have run a typical game already.
   */
  static resume(input: RotationInput, decideWith: (input: RotationInput) => RotationOutput): SessionSim {
    const now = (input.now ?? 0) / 60_000;
    const length = input.gameLength ?? DEFAULT_GAME_LENGTH;
    const sim = new SessionSim(0, input.mode, input.seed, {
      courts: input.courts.map((c) =>
        c.status === "playing" ? { ...c, status: "free", players: undefined, startedAt: undefined } : c,
      ),
      pairings: input.pairings,
      endsAt: input.endsAt === undefined ? undefined : input.endsAt / 60_000,
      teams: input.teams,
      gameLength: length,
      decide: decideWith,
    });
    for (const p of input.players)
      sim.players.set(p.id, {
        ...p,
        recentPartners: [...p.recentPartners],
        recentOpponents: [...p.recentOpponents],
      });
    for (const c of input.courts) {
      if (c.status !== "playing" || !c.players) continue;
      const half = c.players.length / 2;
      sim.playing.set(c.id, {
        courtId: c.id,
        teams: [c.players.slice(0, half), c.players.slice(half)],
        startedAt: c.startedAt === undefined ? now - length.typical : c.startedAt / 60_000,
      });
    }
    sim.seq = Math.max(0, ...input.players.map((p) => p.arrivedAt));
    sim.clock = now;
    sim.lastGame = input.lastGame;
    return sim;
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
    const measured = () =>
      gameLength(
        this.finished.flatMap((g) => (g.endedAt === undefined ? [] : [g.endedAt - g.startedAt])),
        [],
      );
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
      gameLength: this.gameLength ?? measured(),
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
    const output = this.decide(input);
    if (this.choose) output.assignments = this.choose(input);
    const assigned = new Set(output.assignments.flatMap((a) => a.teams.flat()));
    for (const a of output.assignments) this.place(a, now);
    const passedOver =
      output.assignments.length > 0
        ? output.queue.map((q) => q.playerId).filter((id) => !assigned.has(id))
        : [];
    for (const id of passedOver) this.players.get(id)!.sitOuts += 1;
    // A skip is for one fill: a group went without them (or with them, when it could not).
    if (output.assignments.length > 0)
      for (const id of [...assigned, ...passedOver]) this.players.get(id)!.skipping = false;
    return { assignments: output.assignments, passedOver, queue: output.queue };
  }

  /** Starts `a`'s game at `now` (minutes): its players' partners, opponents and waits as the server keeps them. */
  place(a: Assignment, now: number) {
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
    const busy = new Set([...this.playing.values(), game].flatMap((g) => g.teams.flat()));
    for (const p of this.players.values()) {
      if (p.present && !p.onBreak && !busy.has(p.id)) p.gamesWaited += 1;
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
