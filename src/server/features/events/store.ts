// The event's rows: the event (locked by every write, so two phones scoring at once and the
// organizer moving on are applied one after another), its games, and who its entrants are.
import { and, asc, eq } from "drizzle-orm";
import type { Queryable, Tx } from "../../db/database.js";
import { eventGames, events } from "../../db/schema/events.js";
import { notFound } from "../../platform/errors/app-error.js";
import { registrantsByIds } from "../sessions/service.js";

export type EventRow = typeof events.$inferSelect;
export type GameRow = typeof eventGames.$inferSelect;
export type NewGame = Pick<GameRow, "stage" | "round" | "slot" | "court" | "teamA" | "teamB"> &
  Partial<Pick<GameRow, "status" | "scoreA" | "scoreB">>;
/** An entrant: their registration id, their account (null for a guest) and their name. */
export type Entrant = { id: string; userId: string | null; name: string };

const NO_EVENT = "This session is not run as an event.";

export async function findEventOfSession(db: Queryable, organizationId: string, sessionId: string) {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.organizationId, organizationId), eq(events.sessionId, sessionId)));
  return row ?? null;
}

export async function eventOfSession(db: Queryable, organizationId: string, sessionId: string) {
  const row = await findEventOfSession(db, organizationId, sessionId);
  if (!row) throw notFound(NO_EVENT);
  return row;
}

export async function lockedEvent(tx: Tx, organizationId: string, sessionId: string) {
  const [row] = await tx
    .select()
    .from(events)
    .where(and(eq(events.organizationId, organizationId), eq(events.sessionId, sessionId)))
    .for("update");
  if (!row) throw notFound(NO_EVENT);
  return row;
}

/** The event's games in the order they are played: the round robin, then the bracket. */
export async function gamesOf(db: Queryable, eventId: string): Promise<GameRow[]> {
  const rows = await db
    .select()
    .from(eventGames)
    .where(eq(eventGames.eventId, eventId))
    .orderBy(asc(eventGames.round), asc(eventGames.slot));
  const order = { round: 0, playoff: 1, bronze: 2 } as const;
  return rows.sort((a, b) => order[a.stage] - order[b.stage] || a.round - b.round || a.slot - b.slot);
}

export async function insertGames(tx: Tx, event: EventRow, games: NewGame[]): Promise<void> {
  if (games.length === 0) return;
  await tx
    .insert(eventGames)
    .values(games.map((g) => ({ ...g, eventId: event.id, organizationId: event.organizationId })));
}

export async function entrantsOf(db: Queryable, event: EventRow): Promise<Map<string, Entrant>> {
  const rows = await registrantsByIds(db, event.sessionId, event.entrants);
  const byId = new Map(rows.map((r) => [r.id, r]));
  // In the plan's order; an entrant whose row is gone keeps a place under a plain name.
  return new Map(event.entrants.map((id) => [id, byId.get(id) ?? { id, userId: null, name: "Player" }]));
}

/** The side of a game the person plays on, if they play in it. */
export function sideOf(game: Pick<GameRow, "teamA" | "teamB">, entrantId: string | null): "A" | "B" | null {
  if (!entrantId) return null;
  if (game.teamA.includes(entrantId)) return "A";
  if (game.teamB.includes(entrantId)) return "B";
  return null;
}

export function entrantOfUser(entrants: Map<string, Entrant>, userId: string | null): string | null {
  if (!userId) return null;
  for (const entrant of entrants.values()) if (entrant.userId === userId) return entrant.id;
  return null;
}

/** The winning side of a counted game; a bracket bye sends team A through. */
export function winnerOf(game: Pick<GameRow, "teamA" | "teamB" | "scoreA" | "scoreB">): string[] {
  if (game.teamB.length === 0) return game.teamA;
  return (game.scoreA ?? 0) > (game.scoreB ?? 0) ? game.teamA : game.teamB;
}

export function loserOf(game: Pick<GameRow, "teamA" | "teamB" | "scoreA" | "scoreB">): string[] {
  if (game.teamB.length === 0) return [];
  return (game.scoreA ?? 0) > (game.scoreB ?? 0) ? game.teamB : game.teamA;
}

/** The games of the round on now: the round robin's, or the bracket's (with its bronze match). */
export function currentGames(event: EventRow, games: GameRow[]): GameRow[] {
  if (event.phase === "rounds") return games.filter((g) => g.stage === "round" && g.round === event.round);
  if (event.phase === "playoff") return games.filter((g) => g.stage !== "round" && g.round === event.round);
  return [];
}

/**
 * Whether a game can be scored now: a round-robin game of a round begun, while the rounds are on;
 * a bracket game of the round on now (once the next has begun, its winners have gone through).
 */
export function isPlayable(event: EventRow, game: GameRow): boolean {
  if (game.teamB.length === 0) return false;
  if (game.stage === "round") return event.phase === "rounds" && game.round <= event.round;
  return event.phase === "playoff" && game.round === event.round;
}
