// What organizers do on the board. Each action: lock the board, check the action against the
// current state, apply it, let the rotation engine fill free courts, bump the version; after
// the commit, a notice tells every viewer to refetch.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { boardSettingsBody, playerActionBody } from "../../../shared/contracts/board.js";
import { levelToRating } from "../../../shared/rating/levels.js";
import { kingMoves } from "../../../shared/rotation/king.js";
import { keepsWinners, offCourtOrder } from "../../../shared/rotation/winners-stay.js";
import type { AppDeps } from "../../app-deps.js";
import type { Tx } from "../../db/database.js";
import { boards, games, playerNotices, queuePlayers, unavailableCourts } from "../../db/schema/courts.js";
import { AppError, notFound } from "../../platform/errors/app-error.js";
import { withEffects } from "../../platform/jobs/outbox.js";
import { clubRunning } from "../billing/service.js";
import { currentRatings, matchFromBoardGame } from "../ladder/service.js";
import { sessionRow } from "../sessions/service.js";
import { boardCache } from "./board-cache.js";
import {
  activeSession,
  type BoardRow,
  type BoardState,
  bumpVersion,
  gamesOf,
  loadState,
  lockBoard,
  queueOf,
  requireActiveSession,
  syncQueue,
  takeSeq,
} from "./board-store.js";
import { decideAssignments, winnersOf } from "./rotation.js";
import { upNextEmails } from "./up-next-emails.js";

type Change = (tx: Tx, board: BoardRow, now: Date) => Promise<unknown>;

/** recordScore's change hands back the finished game, for winners-stay. */
const finishedGame = (outcome: unknown) =>
  (outcome as { lastGame?: typeof games.$inferSelect } | undefined)?.lastGame;
/**
 * updateSettings' change hands back the board with its new settings; every other change
 * leaves them as the lock read them (the engine reads only the settings, never the version).
 */
const boardAfter = (outcome: unknown, locked: BoardRow) =>
  (outcome as { board?: BoardRow } | undefined)?.board ?? locked;

/**
 * Runs `change` on the club's active session's board, then (unless told not to) fills free
 * courts, and notifies viewers.
 */
export async function act(
  deps: AppDeps,
  organizationId: string,
  change: Change,
  options = { fill: true },
): Promise<number> {
  const now = deps.now();
  // After the trial, games on court can still be scored and players moved, but no new game starts.
  const fill = options.fill && (await clubRunning(deps, organizationId));
  const { result } = await withEffects(deps, async (tx, effects) => {
    const session = await requireActiveSession(tx, organizationId);
    const board = await lockBoard(tx, organizationId, session.id);
    await syncQueue(tx, board);
    const outcome = await change(tx, board, now);
    const unchanged = fill
      ? await fillCourts(tx, boardAfter(outcome, board), now, finishedGame(outcome))
      : undefined;
    effects.push(...(await upNextEmails(deps, tx, organizationId, session.id, unchanged)));
    return { sessionId: session.id, version: await bumpVersion(tx, board) };
  });
  // This instance's copy goes now: the actor's own refetch may come before the notice does.
  boardCache(deps.database.db).forget(organizationId);
  await deps.realtime.publish({ organizationId, sessionId: result.sessionId, version: result.version });
  return result.version;
}

/** A session completed or cancelled: its board is gone, and viewers refetch (version 0, no board). */
export async function announceBoardClosed(deps: AppDeps, organizationId: string, sessionId: string) {
  boardCache(deps.database.db).forget(organizationId);
  await deps.realtime.publish({ organizationId, sessionId, version: 0 });
}

/**
 * Asks the engine who goes on each free court, and puts them there. When nobody goes on, it
 * hands back the board and state it read, still current, so that the up-next check need not
 * read them again under the lock.
 */
async function fillCourts(
  tx: Tx,
  board: BoardRow,
  now: Date,
  lastGame?: typeof games.$inferSelect,
): Promise<{ board: BoardRow; state: BoardState } | undefined> {
  const state = await loadState(tx, board.organizationId, board.sessionId);
  const skill = board.mode === "skill-balanced" || (board.mode === "fair" && board.balanceByRating);
  const ratings = skill ? await skillRatings(tx, board, state) : undefined;
  const { assignments, passedOver } = decideAssignments(board, state, lastGame, ratings);
  if (assignments.length === 0) return { board, state };
  const names = new Map(state.courts.map((c) => [c.id, c.name]));
  for (const assignment of assignments) {
    const [teamA, teamB] = assignment.teams;
    await tx.insert(games).values({
      organizationId: board.organizationId,
      sessionId: board.sessionId,
      courtId: assignment.courtId,
      teamA,
      teamB,
      startedAt: now,
    });
    // A streak lives only while winners stay on together; anyone else starts afresh.
    const staying = lastGame
      ? keepsWinners(assignment, { courtId: lastGame.courtId, winners: winnersOf(lastGame), losers: [] })
      : false;
    for (const [mine, theirs] of [
      [teamA, teamB],
      [teamB, teamA],
    ] as const) {
      for (const id of mine) {
        const partner = mine.find((other: string) => other !== id);
        const keepStreak = staying && lastGame !== undefined && winnersOf(lastGame).includes(id);
        await tx
          .update(queuePlayers)
          .set({
            gamesWaited: 0,
            courtTarget: null,
            ...(keepStreak ? {} : { winStreak: 0 }),
            // A singles game has no partner to remember.
            ...(partner ? { partners: sql`array_append(${queuePlayers.partners}, ${partner})` } : {}),
            opponents: sql`${queuePlayers.opponents} || ${sql.param(theirs as unknown as string[])}::text[]`,
          })
          .where(eq(queuePlayers.registrationId, id));
      }
    }
    const players = state.players.filter((p) => [...teamA, ...teamB].includes(p.registrationId) && p.userId);
    if (players.length > 0) {
      // "You're up on Court 2": recorded now; the notifications feature emails it.
      await tx.insert(playerNotices).values(
        players.map((p) => ({
          organizationId: board.organizationId,
          userId: p.userId!,
          kind: "court_up_next",
          message: `You're up on ${names.get(assignment.courtId)}`,
        })),
      );
    }
  }
  if (passedOver.length > 0) {
    await tx
      .update(queuePlayers)
      .set({ sitOuts: sql`${queuePlayers.sitOuts} + 1` })
      .where(inArray(queuePlayers.registrationId, passedOver));
  }
}

export function startFilling(deps: AppDeps, organizationId: string) {
  return act(deps, organizationId, async () => undefined);
}

/**
 * Check-ins changed (sessions feature): bring the queue up to date and tell viewers. Courts
 * are not filled here: the organizer starts the first games.
 */
/**
 * Brings the live board's queue in line with check-in and registrations, after a change to
 * `sessionId` (when given). Only the club's live session has a queue: a change to any other
 * session (a place cancelled next week) costs one read, not a board transaction under the
 * board's lock.
 */
export async function refreshQueue(deps: AppDeps, organizationId: string, sessionId?: string): Promise<void> {
  if (sessionId && (await activeSession(deps.database.db, organizationId))?.id !== sessionId) return;
  try {
    await act(deps, organizationId, async () => undefined, { fill: false });
  } catch (error) {
    if (!(error instanceof AppError && error.code === "NO_ACTIVE_SESSION")) throw error;
  }
}

export function recordScore(
  deps: AppDeps,
  organizationId: string,
  gameId: string,
  scoreA: number,
  scoreB: number,
) {
  return act(deps, organizationId, async (tx, board, now) => {
    const [game] = await tx
      .update(games)
      .set({ status: "finished", scoreA, scoreB, endedAt: now })
      .where(and(eq(games.id, gameId), gamesOf(board), eq(games.status, "playing")))
      .returning();
    if (!game) throw notFound("That game is not on court any more.");
    // The result goes to the ladder when every player is a member (guests are not rated).
    const players = await tx
      .select({ id: queuePlayers.registrationId, userId: queuePlayers.userId })
      .from(queuePlayers)
      .where(and(queueOf(board), inArray(queuePlayers.registrationId, [...game.teamA, ...game.teamB])));
    await matchFromBoardGame(
      tx,
      { ...game, scoreA, scoreB },
      new Map(players.map((p) => [p.id, p.userId])),
      now,
    );
    const winners = scoreA > scoreB ? game.teamA : game.teamB;
    const losers = scoreA > scoreB ? game.teamB : game.teamA;
    const current = await tx
      .select()
      .from(queuePlayers)
      .where(inArray(queuePlayers.registrationId, [...winners, ...losers]));
    const streakAfter = (id: string) =>
      winners.includes(id) ? (current.find((p) => p.registrationId === id)?.winStreak ?? 0) + 1 : 0;
    // King of the court: winners move up a court, losers down (or back to the queue).
    const moves =
      board.mode === "king-of-the-court"
        ? kingMoves(
            (await loadState(tx, board.organizationId, board.sessionId)).courts.map((c) => c.id),
            game.courtId,
            winners,
            losers,
          )
        : undefined;
    // Players coming off court rejoin the line at its end (winners first, unless their turn is up).
    const first = await takeSeq(tx, board, winners.length + losers.length);
    for (const [i, id] of offCourtOrder(winners, losers, streakAfter).entries()) {
      await tx
        .update(queuePlayers)
        .set({
          gamesPlayed: sql`${queuePlayers.gamesPlayed} + 1`,
          readySeq: first + i,
          winStreak: streakAfter(id),
          ...(moves ? { courtTarget: moves.get(id) ?? null } : {}),
        })
        .where(eq(queuePlayers.registrationId, id));
    }
    // Everyone who sat through this game waited one more.
    const onCourt = await tx
      .select({ a: games.teamA, b: games.teamB })
      .from(games)
      .where(and(gamesOf(board), eq(games.status, "playing")));
    const busy = [...game.teamA, ...game.teamB, ...onCourt.flatMap((g) => [...g.a, ...g.b])];
    await tx
      .update(queuePlayers)
      .set({ gamesWaited: sql`${queuePlayers.gamesWaited} + 1` })
      .where(
        and(
          queueOf(board),
          eq(queuePlayers.present, true),
          eq(queuePlayers.onBreak, false),
          sql`not (${queuePlayers.registrationId}::text = any(${sql.param(busy)}::text[]))`,
        ),
      );
    return { lastGame: game };
  });
}

export function cancelGame(deps: AppDeps, organizationId: string, gameId: string) {
  return act(deps, organizationId, async (tx, board, now) => {
    const [game] = await tx
      .update(games)
      .set({ status: "cancelled", endedAt: now })
      .where(and(eq(games.id, gameId), gamesOf(board), eq(games.status, "playing")))
      .returning();
    if (!game) throw notFound("That game is not on court any more.");
  });
}

export function playerAction(
  deps: AppDeps,
  organizationId: string,
  registrationId: string,
  action: z.infer<typeof playerActionBody>["action"],
) {
  return act(deps, organizationId, async (tx, board) => {
    // The player, and whether they are on court, in one statement (it runs under the lock).
    const [player] = await tx
      .select({
        name: queuePlayers.name,
        gamesPlayed: queuePlayers.gamesPlayed,
        sitOuts: queuePlayers.sitOuts,
        onCourt: sql<boolean>`exists (select 1 from ${games} g
          where g.organization_id = ${board.organizationId} and g.session_id = ${board.sessionId}
            and g.status = 'playing' and ${registrationId} = any(g.team_a || g.team_b))`,
      })
      .from(queuePlayers)
      .where(and(eq(queuePlayers.registrationId, registrationId), queueOf(board)));
    if (!player) throw notFound("Player not found in this session's queue");
    const where = eq(queuePlayers.registrationId, registrationId);
    if (player.onCourt && action !== "break") {
      throw new AppError(409, "ON_COURT", `${player.name} is on court: finish or cancel the game first.`);
    }
    switch (action) {
      case "break":
        await tx.update(queuePlayers).set({ onBreak: true }).where(where);
        break;
      case "return":
        await tx.update(queuePlayers).set({ onBreak: false, present: true }).where(where);
        break;
      case "skip":
        // To the back of the line, without losing their games count.
        await tx
          .update(queuePlayers)
          .set({ readySeq: await takeSeq(tx, board), gamesWaited: 0 })
          .where(where);
        break;
      case "front": {
        const [top] = await tx
          .select({
            seq: sql<number>`min(${queuePlayers.readySeq})`,
            waited: sql<number>`max(${queuePlayers.gamesWaited})`,
          })
          .from(queuePlayers)
          .where(queueOf(board));
        await tx
          .update(queuePlayers)
          .set({ readySeq: (top?.seq ?? 0) - 1, gamesWaited: (top?.waited ?? 0) + 1 })
          .where(where);
        break;
      }
      case "remove":
        await tx.update(queuePlayers).set({ present: false }).where(where);
        break;
      case "bye":
        if (player.gamesPlayed > 0 || player.sitOuts > 0)
          throw new AppError(
            409,
            "BYE_TOO_LATE",
            `${player.name} has already had a turn: a bye is for the first round.`,
          );
        await tx.update(queuePlayers).set({ wantsBye: true }).where(where);
        break;
      case "cancel-bye":
        await tx.update(queuePlayers).set({ wantsBye: false }).where(where);
        break;
    }
  });
}

export function setCourtAvailability(
  deps: AppDeps,
  organizationId: string,
  courtId: string,
  available: boolean,
) {
  return act(deps, organizationId, async (tx, board) => {
    const state = await loadState(tx, organizationId, board.sessionId);
    if (!state.courts.some((c) => c.id === courtId)) throw notFound("Court not found");
    if (available) {
      await tx
        .delete(unavailableCourts)
        .where(and(eq(unavailableCourts.sessionId, board.sessionId), eq(unavailableCourts.courtId, courtId)));
      return;
    }
    if (state.playing.some((g) => g.courtId === courtId)) {
      throw new AppError(409, "COURT_IN_USE", "A game is on this court: finish or cancel it first.");
    }
    await tx
      .insert(unavailableCourts)
      .values({ sessionId: board.sessionId, courtId, organizationId })
      .onConflictDoNothing();
  });
}

export function updateSettings(
  deps: AppDeps,
  organizationId: string,
  settings: z.infer<typeof boardSettingsBody>,
) {
  return act(deps, organizationId, async (tx, board) => {
    const state = await loadState(tx, organizationId, board.sessionId);
    const courtIds = new Set(state.courts.map((c) => c.id));
    if (settings.singlesCourts?.some((id) => !courtIds.has(id))) throw notFound("Court not found");
    const playerIds = new Set(state.players.map((p) => p.registrationId));
    const pairs = [...(settings.pairings?.together ?? []), ...(settings.pairings?.apart ?? [])];
    if (pairs.flat().some((id) => !playerIds.has(id)))
      throw notFound("Player not found in this session's queue");
    const together = new Set((settings.pairings?.together ?? []).flat());
    if (together.size !== (settings.pairings?.together.length ?? 0) * 2)
      throw new AppError(422, "VALIDATION_ERROR", "A player can have one fixed partner at a time.");
    const [changed] = await tx
      .update(boards)
      .set({
        mode: settings.mode,
        balanceByRating: settings.balanceByRating,
        ...(settings.singlesCourts ? { singlesCourts: settings.singlesCourts } : {}),
        ...(settings.pairings ? { pairings: settings.pairings } : {}),
      })
      .where(eq(boards.sessionId, board.sessionId))
      .returning();
    return { board: changed };
  });
}

/**
 * Ratings for skill-balanced play, by registration: the club's doubles ladder where a player
 * has a rating, else the middle of the session's stated level, else none (the engine's 1500).
 */
async function skillRatings(tx: Tx, board: BoardRow, state: BoardState): Promise<Map<string, number>> {
  const userIds = state.players.flatMap((p) => (p.userId ? [p.userId] : []));
  const ladder = await currentRatings(tx, board.organizationId, userIds, "doubles");
  const session = await sessionRow(tx, board.organizationId, board.sessionId);
  const levels = [session?.skillMin, session?.skillMax].filter((l): l is number => typeof l === "number");
  const fallback = levels.length
    ? levelToRating(levels.reduce((s, l) => s + l, 0) / levels.length)
    : undefined;
  const ratings = new Map<string, number>();
  for (const p of state.players) {
    const rating = (p.userId ? ladder.get(p.userId) : undefined) ?? fallback;
    if (rating !== undefined) ratings.set(p.registrationId, rating);
  }
  return ratings;
}
