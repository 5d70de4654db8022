// The rotation engine's contract. The engine is pure: the same input (seed included) gives
// the same output, with no clock, randomness or I/O of its own.
export type RotationMode = "fair" | "paddle-stack" | "winners-stay";

export type PlayerState = {
  id: string;
  /** Order of becoming ready (arrival, then each time off court): only its order matters. */
  arrivedAt: number;
  gamesPlayed: number;
  /** Games finished elsewhere while this player waited, since their last game. */
  gamesWaited: number;
  /** Times this player was ready but passed over when courts were filled. */
  sitOuts: number;
  onBreak: boolean;
  /** False once they left: never assigned. */
  present: boolean;
  rating?: number;
  /** Every partner so far, oldest first (repeats allowed). */
  recentPartners: string[];
  /** Every opponent so far, oldest first. */
  recentOpponents: string[];
  /** Consecutive wins on the current court (winners-stay). */
  winStreak?: number;
};

export type CourtState = { id: string; status: "free" | "playing" | "unavailable"; players?: string[] };

export type RotationInput = {
  mode: RotationMode;
  players: PlayerState[];
  courts: CourtState[];
  balanceByRating?: boolean;
  seed: number;
  averageGameMinutes?: number;
  /** The game that just ended, for winners-stay. */
  lastGame?: { courtId: string; winners: string[]; losers: string[] };
};

export type Team = [string, string];
export type Assignment = { courtId: string; teams: [Team, Team] };

export type RotationOutput = {
  assignments: Assignment[];
  /** Everyone ready and not assigned, in the order they will go on. */
  queue: { playerId: string; position: number; estimatedWaitMinutes: number }[];
};

export const PLAYERS_PER_COURT = 4;
export const DEFAULT_GAME_MINUTES = 12;
