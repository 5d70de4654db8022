// What organizers do on the board: each action is a change that board-transaction.ts runs
// under the board's lock, then fills free courts and tells every viewer. A score and its undo
// are in score-actions.ts.
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  type boardSettingsBody,
  LEAVING_HORIZON_HOURS,
  type myActionBody,
  type playerActionBody,
} from "../../../shared/contracts/board.js";
import type { AppDeps } from "../../app-deps.js";
import type { Tx } from "../../db/database.js";
import { boards, queuePlayers } from "../../db/schema/courts.js";
import { AppError, notFound } from "../../platform/errors/app-error.js";
import { recordSessionTeams } from "../sessions/service.js";
import { boardCache } from "./board-cache.js";
import {
  activeSession,
  type BoardRow,
  isOnCourt,
  loadState,
  queueOf,
  requireActiveSession,
  sendToBack,
} from "./board-store.js";
import { act } from "./board-transaction.js";
import { nextUpByCourt, nextUpNeedsHistory } from "./next-up.js";
import { gameLengthOf } from "./pace.js";
import { emptyCourts, previewQueue } from "./rotation.js";

/** A session completed or cancelled: its board is gone, and viewers refetch (version 0, no board). */
export async function announceBoardClosed(deps: AppDeps, organizationId: string, sessionId: string) {
  boardCache(deps.database.db).forget(organizationId);
  await deps.realtime.publish({ organizationId, sessionId, version: 0 });
}

export function startFilling(deps: AppDeps, organizationId: string) {
  return act(deps, organizationId, async () => undefined);
}

/**
 * Brings the live board's queue in line with check-in and registrations, after a change to
 * `sessionId` (when given), and tells viewers. Courts are not filled here: the organizer starts
 * the first games. Only the club's live session has a queue: a change to any other session (a
 * place cancelled next week) costs one read, not a board transaction under the board's lock.
 */
export async function refreshQueue(deps: AppDeps, organizationId: string, sessionId?: string): Promise<void> {
  if (sessionId && (await activeSession(deps.database.db, organizationId))?.id !== sessionId) return;
  try {
    await act(deps, organizationId, async () => undefined, { fill: false });
  } catch (error) {
    if (!(error instanceof AppError && error.code === "NO_ACTIVE_SESSION")) throw error;
  }
}

export function playerAction(
  deps: AppDeps,
  organizationId: string,
  registrationId: string,
  action: z.infer<typeof playerActionBody>["action"],
) {
  // The organizer's most frequent tap: one statement, and taps at once share it (board-transaction.ts).
  if (action === "skip") {
    return act(
      deps,
      organizationId,
      async (tx, board) => {
        const moved = await sendToBack(tx, board, [registrationId]);
        if (!moved.has(registrationId)) await actionablePlayer(tx, board, registrationId, action);
      },
      { fill: true, sendsToBack: registrationId },
    );
  }
  return act(
    deps,
    organizationId,
    async (tx, board, now) => {
      const player = await actionablePlayer(tx, board, registrationId, action);
      const where = eq(queuePlayers.registrationId, registrationId);
      switch (action) {
        case "break":
          // Away, they are not on their way to anything: an earlier answer no longer stands.
          await tx.update(queuePlayers).set({ onBreak: true, onTheWayAt: null }).where(where);
          break;
        case "return":
          // Back from a break: still leaving when they said, so the rotation still sees that
          // they get a game before then. Brought back after that time: staying on.
          await tx
            .update(queuePlayers)
            .set({
              onBreak: false,
              present: true,
              leavesAt: sql`case when ${queuePlayers.leavesAt} > ${now} then ${queuePlayers.leavesAt} end`,
              readyAt: now,
            })
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
              "BYE_TOO_LATE",
              `${player.name} has already had a turn: a bye is for the first round.`,
            );
          await tx.update(queuePlayers).set({ wantsBye: true }).where(where);
          break;
        case "cancel-bye":
          await tx.update(queuePlayers).set({ wantsBye: false }).where(where);
          break;
      }
    },
    // Each refuses, if it does, before its one write.
    { fill: true, refusesBeforeWriting: true },
  );
}

/**
 * A player's own action from their phone, on their own place in the live session's queue
 * (found by who they are, so nobody can act for another): a break and a return, a skip, as the
 * organizer's are; "on my way" answers a call to a court.
 */
export async function myAction(
  deps: AppDeps,
  organizationId: string,
  userId: string,
  action: z.infer<typeof myActionBody>["action"],
) {
  const session = await requireActiveSession(deps.database.db, organizationId);
  const [mine] = await deps.database.db
    .select({ registrationId: queuePlayers.registrationId })
    .from(queuePlayers)
    .where(
      and(
        queueOf({ organizationId, sessionId: session.id }),
        eq(queuePlayers.userId, userId),
        eq(queuePlayers.present, true),
      ),
    );
  if (!mine) throw notFound("You are not checked in to tonight's session");
  if (action !== "on-my-way") return playerAction(deps, organizationId, mine.registrationId, action);
  return act(
    deps,
    organizationId,
    async (tx, board, now) => {
      // An answer is to a call: on a court now, or in a court's next group as the board shows it.
      const state = await loadState(tx, organizationId, board.sessionId, nextUpNeedsHistory(board));
      const id = mine.registrationId;
      const onCourt = state.playing.some((g) => [...g.teamA, ...g.teamB].includes(id));
      const line = previewQueue(board, state, now.getTime()).map((q) => q.playerId);
      const at = {
        now: now.getTime(),
        night: session,
        gameLength: await gameLengthOf(tx, organizationId, session.id),
      };
      // The courts the board keeps empty, as its view and the notices see them.
      const empty = emptyCourts(board, state, at.now, session, at.gameLength);
      const upNext = [...nextUpByCourt(board, state, line, empty, at).values()].some((group) =>
        group.includes(id),
      );
      if (!onCourt && !upNext)
        throw new AppError(
          "NOT_CALLED",
          "You have not been called to a court yet: you'll hear when you are.",
        );
      await tx.update(queuePlayers).set({ onTheWayAt: now }).where(eq(queuePlayers.registrationId, id));
    },
    // An answer changes who goes where in nothing.
    { fill: false },
  );
}

/**
 * "I'm leaving at 8:30": the checked-in player's own leaving time (null clears it), found by
 * who they are as myAction does. It must lie ahead, within LEAVING_HORIZON_HOURS of now. Courts
 * are filled after it: leaving soon, they may go on first among those tied on games.
 */
export async function myLeavingTime(
  deps: AppDeps,
  organizationId: string,
  userId: string,
  leavesAt: Date | null,
) {
  if (leavesAt) {
    const now = deps.now().getTime();
    const refuse = (message: string) =>
      new AppError("VALIDATION_ERROR", message, { issues: [{ path: ["leavesAt"], message }] });
    if (leavesAt.getTime() <= now) throw refuse("That time has passed: choose a time later tonight.");
    if (leavesAt.getTime() > now + LEAVING_HORIZON_HOURS * 3_600_000)
      throw refuse(`That is more than ${LEAVING_HORIZON_HOURS} hours away: choose a time later tonight.`);
  }
  const session = await requireActiveSession(deps.database.db, organizationId);
  const notIn = () => notFound("You are not checked in to tonight's session");
  const mine = and(
    queueOf({ organizationId, sessionId: session.id }),
    eq(queuePlayers.userId, userId),
    eq(queuePlayers.present, true),
  );
  const [found] = await deps.database.db
    .select({ registrationId: queuePlayers.registrationId })
    .from(queuePlayers)
    .where(mine);
  if (!found) throw notIn();
  return act(
    deps,
    organizationId,
    async (tx) => {
      const [updated] = await tx
        .update(queuePlayers)
        .set({ leavesAt })
        .where(and(eq(queuePlayers.registrationId, found.registrationId), mine))
        .returning({ registrationId: queuePlayers.registrationId });
      // Checked out (or removed) between the look-up and the lock.
      if (!updated) throw notIn();
    },
    { fill: true, refusesBeforeWriting: true },
  );
}

/**
 * The player `action` is for, read under the lock, if it may be taken on them; otherwise it
 * throws why not: they are not in the queue, or on court (where only a break may be taken).
 */
async function actionablePlayer(
  tx: Tx,
  board: BoardRow,
  registrationId: string,
  action: z.infer<typeof playerActionBody>["action"],
) {
  // The player, and whether they are on court, in one statement.
  const [player] = await tx
    .select({
      name: queuePlayers.name,
      gamesPlayed: queuePlayers.gamesPlayed,
      sitOuts: queuePlayers.sitOuts,
      onCourt: isOnCourt(board, sql`${registrationId}`),
    })
    .from(queuePlayers)
    .where(and(eq(queuePlayers.registrationId, registrationId), queueOf(board)));
  if (!player) throw notFound("Player not found in this session's queue");
  if (player.onCourt && action !== "break") {
    throw new AppError("ON_COURT", `${player.name} is on court: finish or cancel the game first.`);
  }
  return player;
}

/** Who may make a team as the board applies it: the formats other than fair and skill-balanced make their own teams. */
const appliedTeams = (board: BoardRow) =>
  board.mode === "fair" || board.mode === "skill-balanced" ? board.teams : ("open" as const);

export function updateSettings(
  deps: AppDeps,
  organizationId: string,
  settings: z.infer<typeof boardSettingsBody>,
) {
  return act(deps, organizationId, async (tx, board, now) => {
    const state = await loadState(tx, organizationId, board.sessionId);
    const courtIds = new Set(state.courts.map((c) => c.id));
    if (settings.singlesCourts?.some((id) => !courtIds.has(id))) throw notFound("Court not found");
    const playerIds = new Set(state.players.map((p) => p.registrationId));
    const pairs = [...(settings.pairings?.together ?? []), ...(settings.pairings?.apart ?? [])];
    if (pairs.flat().some((id) => !playerIds.has(id)))
      throw notFound("Player not found in this session's queue");
    const together = new Set((settings.pairings?.together ?? []).flat());
    if (together.size !== (settings.pairings?.together.length ?? 0) * 2)
      throw new AppError("VALIDATION_ERROR", "A player can have one fixed partner at a time.");
    const [changed] = await tx
      .update(boards)
      .set({
        mode: settings.mode,
        balanceByRating: settings.balanceByRating,
        ...(settings.teams ? { teams: settings.teams } : {}),
        ...(settings.singlesCourts ? { singlesCourts: settings.singlesCourts } : {}),
        ...(settings.pairings ? { pairings: settings.pairings } : {}),
        ...(settings.callTimeoutMinutes !== undefined
          ? { callTimeoutMinutes: settings.callTimeoutMinutes }
          : {}),
      })
      .where(eq(boards.sessionId, board.sessionId))
      .returning();
    // The session says the rule as it applies, written when that changes: a board starts with
    // the session's rule (0046 brought older sessions in line), and a singles court or a time to
    // answer changes nothing there.
    if (appliedTeams(changed!) !== appliedTeams(board))
      await recordSessionTeams(
        tx,
        { organizationId, sessionId: board.sessionId },
        appliedTeams(changed!),
        new Date(now),
      );
    return { board: changed };
  });
}
