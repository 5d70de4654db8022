// The rotation engine's contract. The engine is pure: the same input (seed included) gives
// the same output, with no clock, randomness or I/O of its own.
import type { GameLength } from "./game-length.js";

export const ROTATION_MODES = [
  "fair",
  "skill-balanced",
  "paddle-stack",
  "winners-stay",
  "king-of-the-court",
] as const;
export type RotationMode = (typeof ROTATION_MODES)[number];

/**
 * Who may make a team, chosen per session: anyone (open), each team a woman and a man
 * (mixed doubles), or women's and men's games apart (separate). Mixed and separate are
 * preferences over fresh partners, never over the fairness rules: who plays next is decided
 * first, and where the players present do not allow it, the court still fills.
 */
export const TEAM_RULES = ["open", "mixed", "separate"] as const;
export type TeamRule = (typeof TEAM_RULES)[number];
/** Self-declared and optional: a player without one fits any team. */
export type Gender = "woman" | "man";

export type PlayerState = {
  id: string;
  /** Order of becoming ready (arrival, then each time off court): only its order matters. */
  arrivedAt: number;
  gamesPlayed: number;
  /**
   * Games counted as played without being played: a late arrival joins at the median of the
   * games played so far, not at zero, so they do not play every round until caught up.
   */
  gamesCredit?: number;
  /** Games finished elsewhere while this player waited, since their last game. */
  gamesWaited: number;
  /** When they last came off court (ms since the epoch); unknown before their first game. */
  readySince?: number;
  /** Times this player was ready but passed over when courts were filled. */
  sitOuts: number;
  onBreak: boolean;
  /** False once they left: never assigned. */
  present: boolean;
  /** On the Elo scale (the ladder's, or a self-rated level converted), for skill-balanced play. */
  rating?: number;
  /** For mixed doubles and separate games (TeamRule); unknown fits any team. */
  gender?: Gender;
  /** Every partner so far, oldest first (repeats allowed). */
  recentPartners: string[];
  /** Every opponent so far, oldest first. */
  recentOpponents: string[];
  /** Consecutive wins on the current court (winners-stay). */
  winStreak?: number;
  /** Asked to sit out their first round (a bye): they go on after the first ready group. */
  wantsBye?: boolean;
  /** King of the court: the court this player moves to next (null: back to the queue). */
  courtTarget?: string | null;
  /**
   * When they said they will leave tonight (ms since the epoch). With the input's `now`: from
   * then on they are gone (never assigned); leaving soon, they go first among players tied on
   * games (fair and skill-balanced modes).
   */
  leavesAt?: number;
  /**
   * Asked to skip this time: the courts filled next go without them when the others ready can
   * fill them (decide.ts candidates), whatever their games; they stay in the line meanwhile.
   */
  skipping?: boolean;
};

export type CourtState = {
  id: string;
  status: "free" | "playing" | "unavailable";
  players?: string[];
  /** A singles court takes two players, one a side. */
  singles?: boolean;
  /** When its game started (ms since the epoch), for a playing court: waits count from it. */
  startedAt?: number;
};

/** Organizers' requests: partners who always play together, and players never partnered. */
export type Pairings = { together: [string, string][]; apart: [string, string][] };

export type RotationInput = {
  mode: RotationMode;
  players: PlayerState[];
  /** In the club's order: in king of the court the first is the top court. */
  courts: CourtState[];
  /** @deprecated the "skill-balanced" mode says it; kept so older boards keep working. */
  balanceByRating?: boolean;
  /** Fixed for a session: it orders ties, so two sessions need not play the same schedule. */
  seed: number;
  /** How long games last here (game-length.ts); a fixed typical length when absent. */
  gameLength?: GameLength;
  /** The moment the decision is made (ms): with it, waits count from the running games' starts. */
  now?: number;
  /**
   * When the night ends (ms since the epoch): in its last stretch only the players on the
   * fewest games go on, so everyone ends within a game of everyone else (decide.ts levelling).
   */
  endsAt?: number;
  /** The game that just ended, for winners-stay. */
  lastGame?: { courtId: string; winners: string[]; losers: string[] };
  pairings?: Pairings;
  /** Who may make a team (fair and skill-balanced modes); open when absent. */
  teams?: TeamRule;
  /** The organizer's Fill Courts: every free court starts now, none waits to mix (waits-to-mix.ts). */
  startEveryCourt?: boolean;
};

/** One player (singles) or two (doubles). */
export type Team = string[];
export type Assignment = { courtId: string; teams: [Team, Team] };

export type RotationOutput = {
  assignments: Assignment[];
  /** Everyone ready and not assigned, in the order they will go on. */
  queue: {
    playerId: string;
    position: number;
    estimatedWaitMinutes: number;
    /** The wait if games run short or long (the quartiles of their lengths): what to promise. */
    waitRange: { low: number; high: number };
  }[];
};

export const PLAYERS_PER_COURT = 4;
export const courtSize = (court: Pick<CourtState, "singles">) => (court.singles ? 2 : PLAYERS_PER_COURT);
