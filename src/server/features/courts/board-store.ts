// Loading and saving a session's court queue. Every action runs in one transaction holding
// the board's row lock, so two organizers acting at once are serialised: neither action is
// lost and no player can land on two courts. The version goes up with each change.
import { randomInt } from "node:crypto";
import { and, asc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import { arrivalCredit } from "../../../shared/rotation/fair-order.js";
import type { Queryable, Tx } from "../../db/database.js";
import { boards, games, queuePlayers, scoreUndos, unavailableCourts } from "../../db/schema/courts.js";
import { declaredGenderOf } from "../account/service.js";
import { activeCourts } from "../clubs/service.js";
import { activeSession, checkedInIds, checkedInPlayers, requireActiveSession } from "../sessions/service.js";

// The live session is the sessions feature's to say; the board's modules ask through here.
export { activeSession, requireActiveSession };

export type BoardRow = typeof boards.$inferSelect;
export type PlayerRow = typeof queuePlayers.$inferSelect;
export type GameRow = typeof games.$inferSelect;

type OfSession = { organizationId: string; sessionId: string };
// A session's queue rows and games, by club first as their indexes lead: by session alone each
// statement would read every club's rows, the whole history of play.
export const queueOf = (s: OfSession) =>
  and(eq(queuePlayers.organizationId, s.organizationId), eq(queuePlayers.sessionId, s.sessionId));
export const gamesOf = (s: OfSession) =>
  and(eq(games.organizationId, s.organizationId), eq(games.sessionId, s.sessionId));

/**
 * Locks (creating if need be) the board of `sessionId` for the rest of the transaction, and
 * takes the transaction's version in the same statement: the row comes back as the transaction
 * commits it, its version one up. Every transaction that changes the board commits one version
 * (one notice to its viewers), and one that rolls back gives its version back with the rest; a
 * separate bump before the commit was one more round trip under the lock.
 */
export async function lockBoard(
  tx: Tx,
  session: { organizationId: string; id: string; teams: BoardRow["teams"] },
): Promise<BoardRow> {
  const { organizationId, id: sessionId } = session;
  const lock = () =>
    tx
      .update(boards)
      .set({ version: sql`${boards.version} + 1` })
      .where(eq(boards.sessionId, sessionId))
      .returning();
  // The board exists from the session's first action on: after that, one statement, not two.
  const [row] = await lock();
  if (row) return row;
  await tx
    .insert(boards)
    // Teams as the session was scheduled: a mixed night starts mixed.
    .values({ sessionId, organizationId, seed: randomInt(1, 2 ** 31 - 1), teams: session.teams })
    .onConflictDoNothing();
  const [made] = await lock();
  return made!;
}

/** Whether the board's fills weigh players by their ratings (skill-balanced, or fair balanced by rating). */
export const fillsByRating = (board: BoardRow) =>
  board.mode === "skill-balanced" || (board.mode === "fair" && board.balanceByRating);

/** Takes the line's next `count` numbers and answers the first. */
export async function takeSeq(tx: Tx, board: BoardRow, count = 1): Promise<number> {
  const [row] = await tx
    .update(boards)
    .set({ nextSeq: sql`${boards.nextSeq} + ${count}` })
    .where(eq(boards.sessionId, board.sessionId))
    .returning({ taken: sql<number>`${boards.nextSeq} - ${count}` });
  return row!.taken;
}

/**
 * Whether the registration `registrationId` (as text, as the teams hold it) is on one of the
 * session's courts, as a column.
 */
export const isOnCourt = (s: OfSession, registrationId: SQL) =>
  sql<boolean>`exists (select 1 from ${games} g
    where g.organization_id = ${s.organizationId} and g.session_id = ${s.sessionId}
      and g.status = 'playing' and ${registrationId} = any(g.team_a || g.team_b))`;

/**
 * Sends each of these players to the back of the line, in the order given, keeping their
 * games count (and no longer on their way to a call): one statement for them all, under the board's lock. Each player in the queue
 * and not on court takes the line's next number (one asked twice ends where their last turn
 * puts them). Answers who moved; the others are refused (actions.ts says why).
 */
export async function sendToBack(tx: Tx, board: BoardRow, registrationIds: string[]): Promise<Set<string>> {
  const { organizationId, sessionId } = board;
  const { rows } = await tx.execute<{ id: string }>(sql`
    with asked as (
      select id, turn from unnest(${sql.param(registrationIds)}::uuid[]) with ordinality as a(id, turn)
    ), movable as (
      select asked.id, asked.turn from asked
      join ${queuePlayers} q on q.registration_id = asked.id
        and q.organization_id = ${organizationId} and q.session_id = ${sessionId}
      where not ${isOnCourt(board, sql`asked.id::text`)}
    ), numbers as (
      update ${boards} set next_seq = next_seq + (select count(*) from movable)
      where session_id = ${sessionId} and exists (select 1 from movable)
      returning next_seq - (select count(*) from movable) as first
    ), turns as (
      select id, (select first from numbers) + row_number() over (order by turn) - 1 as seq from movable
    ), last_turns as (
      select distinct on (id) id, seq from turns order by id, seq desc
    )
    update ${queuePlayers} q set ready_seq = last_turns.seq, games_waited = 0, on_the_way_at = null,
      skip_at = q.games_played + q.sit_outs from last_turns
    where q.registration_id = last_turns.id and q.organization_id = ${organizationId}
      and q.session_id = ${sessionId}
    returning q.registration_id as id`);
  return new Set(rows.map((row) => row.id));
}

/**
 * Brings the queue in line with check-in: every checked-in registration gets a queue row (in
 * check-in order); a check-in undone or cancelled marks the row gone. True if anything changed.
 *
 * One statement on the usual action, when nobody has come or gone: it marks gone in place and
 * says whether anyone checked in lacks a row. Only an arrival reads the names and the queue's
 * counts (a late arrival's credit), as before.
 */
export async function syncQueue(tx: Tx, board: BoardRow, now: Date): Promise<boolean> {
  const { organizationId, sessionId } = board;
  const { rows } = await tx.execute<{ arrived: boolean; gone: number }>(sql`
    with checked_in as (${checkedInIds(sessionId)}),
    gone as (
      update ${queuePlayers} q set present = false
      where q.organization_id = ${organizationId} and q.session_id = ${sessionId} and q.present
        and q.registration_id not in (select id from checked_in)
      returning 1
    )
    select
      exists (
        select 1 from checked_in c where not exists (
          select 1 from ${queuePlayers} q
          where q.organization_id = ${organizationId} and q.session_id = ${sessionId}
            and q.registration_id = c.id)
      ) as arrived,
      (select count(*) from gone)::int as gone`);
  const { arrived, gone } = rows[0]!;
  if (arrived) await addArrivals(tx, board, now);
  return arrived || gone > 0;
}

/** Gives each checked-in registration without a queue row one, at the end of the line. */
async function addArrivals(tx: Tx, board: BoardRow, now: Date) {
  const checkedIn = await checkedInPlayers(tx, board.sessionId);
  // What the credit needs of each row, not the row: a long night's partners and opponents are
  // most of a queue row.
  const known = await tx
    .select({
      registrationId: queuePlayers.registrationId,
      present: queuePlayers.present,
      gamesPlayed: queuePlayers.gamesPlayed,
      gamesCredit: queuePlayers.gamesCredit,
      wantsBye: queuePlayers.wantsBye,
      sitOuts: queuePlayers.sitOuts,
    })
    .from(queuePlayers)
    .where(queueOf(board));
  const knownIds = new Set(known.map((p) => p.registrationId));
  const fresh = checkedIn.filter((r) => !knownIds.has(r.id));
  if (fresh.length === 0) return;
  const first = await takeSeq(tx, board, fresh.length);
  // A late arrival joins at the median of games played so far (0 before any game).
  const credit = arrivalCredit(known);
  await tx.insert(queuePlayers).values(
    fresh.map((r, i) => ({
      registrationId: r.id,
      organizationId: board.organizationId,
      sessionId: board.sessionId,
      userId: r.userId,
      name: r.name,
      readySeq: first + i,
      readyAt: now,
      arrivedSeq: first + i,
      gamesCredit: credit,
    })),
  );
}

/** The courts as they stand: the games on them, the club's courts, those out of play tonight. */
export type CourtsNow = {
  playing: GameRow[];
  courts: Awaited<ReturnType<typeof activeCourts>>;
  unavailable: Set<string>;
  /** Of those, the courts the session's event holds (event-courts.ts). */
  forEvent: Set<string>;
};

/**
 * The board as it stands: the queue in line order, the games on court, the club's courts and
 * those out of play. Partners and opponents (`history`) are read only when asked: a fill weighs
 * them, nothing else does, and late in a night they are most of a queue row (2.9 of a skip's
 * 10.9 ms on the big club went to reading them while every court was busy). Without them the
 * state's `historyRead` is false and each player's lists are empty.
 */
export async function loadState(
  db: Queryable,
  organizationId: string,
  sessionId: string,
  history: boolean | ((courts: CourtsNow) => boolean) = false,
) {
  // One after another: inside an action these share the transaction's one connection, which
  // runs a single query at a time (node-postgres deprecates queueing them on it).
  const playing = await db
    .select()
    .from(games)
    .where(and(gamesOf({ organizationId, sessionId }), eq(games.status, "playing")))
    .orderBy(asc(games.startedAt));
  const clubCourts = await activeCourts(db, organizationId);
  const unavailable = await db
    .select({ courtId: unavailableCourts.courtId, forEvent: unavailableCourts.forEvent })
    .from(unavailableCourts)
    .where(eq(unavailableCourts.sessionId, sessionId));
  const courts: CourtsNow = {
    playing,
    courts: clubCourts,
    unavailable: new Set(unavailable.map((u) => u.courtId)),
    forEvent: new Set(unavailable.filter((u) => u.forEvent).map((u) => u.courtId)),
  };
  const historyRead = typeof history === "function" ? history(courts) : history;
  // With each member's declared gender, read from their profile as it is now: the team rule
  // follows a change at once, and no copy of it is kept with the night.
  const players = await loadPlayers(db, organizationId, sessionId, historyRead);
  return { players, ...courts, historyRead };
}
export type BoardState = Awaited<ReturnType<typeof loadState>>;

/**
 * The session's queue in line order, each member with their declared gender (for the team rules).
 * The gender is one profile looked up by key per player, not a join to everyone (the people
 * subquery): a board reads its queue two or three times a score, and where the queue's
 * statistics are stale or its table full of dead rows (a busy night between two vacuums), the
 * planner guessed thousands of players and hashed the club's every user and profile to join 34
 * of them (2.2 ms a read on the big club, against 0.6 ms for the rows themselves).
 */
export async function loadPlayers(db: Queryable, organizationId: string, sessionId: string, history = true) {
  return db
    .select({
      ...getTableColumns(queuePlayers),
      ...(history ? {} : withoutHistory),
      gender: declaredGenderOf(queuePlayers.userId),
    })
    .from(queuePlayers)
    .where(queueOf({ organizationId, sessionId }))
    .orderBy(asc(queuePlayers.readySeq));
}

/** A queue row's partners and opponents, not read: empty lists in their place. */
export const withoutHistory = {
  partners: sql<string[]>`'{}'::text[]`,
  opponents: sql<string[]>`'{}'::text[]`,
};

/**
 * Forgets the session's undoable score. A transaction that runs several actions calls it before
 * and after them: an undo checks that the board is as the score left it by its version, which
 * goes up once per transaction, so it cannot tell a score from the actions beside it.
 */
export async function forgetScoreUndo(tx: Tx, board: BoardRow) {
  await tx
    .delete(scoreUndos)
    .where(
      and(eq(scoreUndos.organizationId, board.organizationId), eq(scoreUndos.sessionId, board.sessionId)),
    );
}
