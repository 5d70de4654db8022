// A score on the board and its undo: a score sends its players back to the line (or up and
// down the courts) and the result to the ladder, keeping for a few seconds what taking it back
// needs. Apart from the other board actions (actions.ts): only these two share the kept counters.
import { and, eq, sql } from "drizzle-orm";
import { SCORE_UNDO_SECONDS, type Side } from "../../../shared/contracts/board.js";
import { kingMoves } from "../../../shared/rotation/king.js";
import { offCourtOrder } from "../../../shared/rotation/winners-stay.js";
import type { AppDeps } from "../../app-deps.js";
import type { Tx } from "../../db/database.js";
import { qualified } from "../../db/qualified.js";
import { boards, games, queuePlayers, scoreUndos } from "../../db/schema/courts.js";
import { AppError, notFound } from "../../platform/errors/app-error.js";
import { applyBoardResultIn, matchFromBoardGame, withdrawBoardGameMatch } from "../ladder/service.js";
import {
  type BoardRow,
  fillsByRating,
  forgetScoreUndo,
  gamesOf,
  isOnCourt,
  loadState,
  queueOf,
} from "./board-store.js";
import { act } from "./board-transaction.js";

export function recordScore(
  deps: AppDeps,
  organizationId: string,
  gameId: string,
  result: { winner: Side; scoreA: number | null; scoreB: number | null },
) {
  return act(deps, organizationId, async (tx, board, now) => {
    const { winner, scoreA, scoreB } = result;
    const [game] = await tx
      .update(games)
      .set({ status: "finished", winner, scoreA, scoreB, endedAt: now })
      .where(and(eq(games.id, gameId), gamesOf(board), eq(games.status, "playing")))
      .returning();
    if (!game) throw notFound("That game is not on court any more.");
    const winners = winner === "A" ? game.teamA : game.teamB;
    const losers = winner === "A" ? game.teamB : game.teamA;
    const current = await keepForUndo(tx, board, game.id, now, [...winners, ...losers]);
    // The result goes to the ladder when every player is a member (guests are not rated).
    const owed = await matchFromBoardGame(
      tx,
      { ...game, winner, scoreA, scoreB },
      new Map(current.map((p) => [p.registrationId, p.userId])),
      now,
    );
    // A board that balances its teams by rating fills the court with this result in the
    // ratings, so it moves them here; any other board leaves that to after the commit.
    const inline = owed !== null && fillsByRating(board);
    if (inline) await applyBoardResultIn(tx, owed, now);
    const rated = inline ? null : owed;
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
    // Players coming off court rejoin the line at its end (winners first, unless their turn is
    // up): all of them, each with their own place, streak and court, their places the line's
    // next numbers. Everyone who sat through this game waited one more: the present, not on a
    // break, not on a court (this game's players have just come off one). One statement: the
    // two updates touch different rows.
    const order = offCourtOrder(winners, losers, streakAfter);
    const offCourt = sql.param(order);
    await tx.execute(sql`
      with numbers as (
        update ${boards} set next_seq = next_seq + ${order.length}
        where session_id = ${board.sessionId}
        returning next_seq - ${order.length} as first
      ), back_in_line as (
        update ${queuePlayers} q set
          games_played = q.games_played + 1,
          ready_seq = (select first from numbers) + off.turn - 1,
          ready_at = ${now},
          win_streak = off.streak,
          court_target = ${moves ? sql`off.target` : sql`q.court_target`}
        from unnest(
          ${offCourt}::uuid[],
          ${sql.param(order.map(streakAfter))}::int[],
          ${sql.param(order.map((id) => moves?.get(id) ?? null))}::uuid[]
        ) with ordinality as off(id, streak, target, turn)
        where q.registration_id = off.id
          and q.organization_id = ${board.organizationId} and q.session_id = ${board.sessionId}
      )
      update ${queuePlayers} set games_waited = ${queuePlayers.gamesWaited} + 1
      where ${and(
        queueOf(board),
        eq(queuePlayers.present, true),
        eq(queuePlayers.onBreak, false),
        sql`not (${queuePlayers.registrationId} = any(${offCourt}::uuid[]))`,
        sql`not ${isOnCourt(board, sql`${qualified(queuePlayers.registrationId)}::text`)}`,
      )}`);
    return { lastGame: game, rated };
  });
}

/**
 * Keeps what an undo of this score needs: the queue's counters before it (the score and the
 * fill after it change nearly every present player's), and the version the board will have
 * once this action's transaction commits. One row per session: the newest score replaces it.
 */
async function keepForUndo(
  tx: Tx,
  board: BoardRow,
  gameId: string,
  now: Date,
  /** The game's players: their user and streak come back from the same statement. */
  players: string[],
): Promise<Array<{ registrationId: string; userId: string | null; winStreak: number }>> {
  const { organizationId, sessionId } = board;
  // In one statement, the counters built where they are: the lock's row holds the version this
  // transaction commits as (board-store.ts lockBoard). What the result needs of its
  // players is read beside it, not their rows: late in a night a row is mostly its partners.
  const { rows } = await tx.execute<{
    registration_id: string;
    user_id: string | null;
    win_streak: number;
  }>(sql`
    with kept as (
      insert into ${scoreUndos} (organization_id, session_id, game_id, version_after, counters, scored_at)
      select ${organizationId}, ${sessionId}, ${gameId}, ${board.version},
        coalesce(jsonb_agg(jsonb_build_object(
          'registrationId', registration_id, 'readySeq', ready_seq, 'readyAt', ready_at,
          'gamesPlayed', games_played, 'gamesWaited', games_waited, 'sitOuts', sit_outs,
          'winStreak', win_streak, 'courtTarget', court_target,
          'partnersKept', cardinality(partners), 'opponentsKept', cardinality(opponents))), '[]'::jsonb),
        ${now}
      from ${queuePlayers} where organization_id = ${organizationId} and session_id = ${sessionId}
      on conflict (organization_id, session_id) do update set game_id = excluded.game_id,
        version_after = excluded.version_after, counters = excluded.counters, scored_at = excluded.scored_at
    )
    select registration_id, user_id, win_streak from ${queuePlayers}
    where organization_id = ${organizationId} and session_id = ${sessionId}
      and registration_id = any(${sql.param(players)}::uuid[])`);
  return rows.map((row) => ({
    registrationId: row.registration_id,
    userId: row.user_id,
    winStreak: row.win_streak,
  }));
}

/**
 * Takes back a score recorded moments ago (a tap on the wrong side): the game is on court again
 * with no result, its match leaves the ladder, the group called to the court after it goes back
 * to the line, and every player's counters are as they were. Refused after SCORE_UNDO_SECONDS,
 * and once anything else changed on the board (another score, a player moved, a check-in): an
 * undo then would take back more than the score.
 */
export function undoScore(deps: AppDeps, organizationId: string, gameId: string) {
  return act(
    deps,
    organizationId,
    async (tx, board, now) => {
      const [game] = await tx
        .select()
        .from(games)
        .where(and(eq(games.id, gameId), gamesOf(board)));
      if (!game) throw notFound("Game not found");
      const [kept] = await tx
        .select()
        .from(scoreUndos)
        .where(
          and(eq(scoreUndos.organizationId, board.organizationId), eq(scoreUndos.sessionId, board.sessionId)),
        );
      const tooLate = (why: string) => new AppError("UNDO_TOO_LATE", `Too late to undo: ${why}.`);
      if (game.status !== "finished" || !kept || kept.gameId !== game.id)
        throw tooLate("another score came after this one, or it was undone already");
      if (now.getTime() - kept.scoredAt.getTime() > SCORE_UNDO_SECONDS * 1000)
        throw tooLate(`a score can be undone for ${SCORE_UNDO_SECONDS} seconds`);
      // The version before this transaction (the lock took the next) is the score's, or more
      // changed since.
      if (board.version - 1 !== kept.versionAfter) throw tooLate("the board has changed since the score");
      // The games the fill after the score started (the board has not changed since, so every
      // game started at that moment came from it) leave the courts as if never called.
      await tx
        .delete(games)
        .where(and(gamesOf(board), eq(games.status, "playing"), eq(games.startedAt, game.endedAt!)));
      await tx
        .update(games)
        .set({ status: "playing", winner: null, scoreA: null, scoreB: null, endedAt: null })
        .where(eq(games.id, game.id));
      await withdrawBoardGameMatch(tx, board.organizationId, game.id, now);
      if (kept.counters.length > 0) {
        const rows = JSON.stringify(kept.counters);
        // Back to the counters kept at the score, in one statement; players who came since keep
        // theirs. Partners and opponents go back to their lengths then (or, kept before lengths
        // were, to the lists themselves).
        await tx.execute(sql`
          update ${queuePlayers} q set
            ready_seq = k."readySeq", ready_at = k."readyAt", games_played = k."gamesPlayed",
            games_waited = k."gamesWaited",
            sit_outs = k."sitOuts", win_streak = k."winStreak",
            partners = coalesce(k.partners, q.partners[1:k."partnersKept"]),
            opponents = coalesce(k.opponents, q.opponents[1:k."opponentsKept"]),
            court_target = k."courtTarget"
          from jsonb_to_recordset(${rows}::jsonb) as k(
            "registrationId" uuid, "readySeq" integer, "readyAt" timestamptz, "gamesPlayed" integer,
            "gamesWaited" integer, "sitOuts" integer, "winStreak" integer, "courtTarget" uuid,
            "partnersKept" integer, "opponentsKept" integer, partners text[], opponents text[])
          where q.registration_id = k."registrationId"
            and q.organization_id = ${board.organizationId} and q.session_id = ${board.sessionId}`);
      }
      await forgetScoreUndo(tx, board);
    },
    // Courts stay as the undo leaves them: the game is back on its court, and filling now would
    // call the group the undo just sent back.
    { fill: false },
  );
}
