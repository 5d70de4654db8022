// The night's record: the session's list and money (from the sessions feature) beside its
// games and fairness report (this feature's own rows). Nothing is copied when a session ends:
// the board's games and queue rows stay, and a completed session no longer changes, so the
// record read tomorrow is the night as it stood at the end.
import { and, asc, eq } from "drizzle-orm";
import { winnerOf } from "../../../shared/contracts/board.js";
import type { RecordAttendee, RecordGame, SessionRecord } from "../../../shared/contracts/session-record.js";
import type { Db } from "../../db/database.js";
import { games, queuePlayers } from "../../db/schema/courts.js";
import { listCourts } from "../clubs/service.js";
import { getSession, type LedgerEntry, ledgerEntries, toSession } from "../sessions/service.js";
import { gamesOf, queueOf } from "./board-store.js";
import { fairnessReport } from "./report.js";

/** Games played by each of the sessions' registrations, and the name they played under. */
async function playersOf(db: Db, organizationId: string, sessionId: string) {
  const rows = await db
    .select({
      id: queuePlayers.registrationId,
      name: queuePlayers.name,
      gamesPlayed: queuePlayers.gamesPlayed,
    })
    .from(queuePlayers)
    .where(queueOf({ organizationId, sessionId }));
  return new Map(rows.map((row) => [row.id, row]));
}

export function toAttendee(entry: LedgerEntry, gamesPlayed: number): RecordAttendee {
  return { ...entry, gamesPlayed };
}

export function recordTotals(attendees: RecordAttendee[], gamesFinished: number): SessionRecord["totals"] {
  const sum = (cents: (payment: NonNullable<RecordAttendee["payment"]>) => number) =>
    attendees.reduce((total, a) => total + (a.payment ? cents(a.payment) : 0), 0);
  return {
    checkedIn: attendees.filter((a) => a.checkedInAt !== null).length,
    games: gamesFinished,
    collected: sum((p) => p.paid),
    refunded: sum((p) => p.refunded),
  };
}

export async function sessionRecord(
  db: Db,
  organizationId: string,
  sessionId: string,
): Promise<SessionRecord> {
  // First, alone: another club's session answers 404 before anything else is read.
  const row = await getSession(db, organizationId, sessionId);
  const session = { organizationId, sessionId };
  const [entries, players, finished, courts, fairness] = await Promise.all([
    ledgerEntries(db, organizationId, [sessionId]),
    playersOf(db, organizationId, sessionId),
    db
      .select()
      .from(games)
      .where(and(gamesOf(session), eq(games.status, "finished")))
      .orderBy(asc(games.startedAt)),
    listCourts(db, organizationId),
    fairnessReport(db, organizationId, sessionId),
  ]);
  const courtName = new Map(courts.map((court) => [court.id, court.name]));
  const listed = entries.get(sessionId) ?? [];
  // The list's names, as the attendance shows them; the queue's copy for anyone not on it.
  const listedName = new Map(listed.map((entry) => [entry.registrationId, entry.name]));
  const names = (team: string[]) => team.map((id) => listedName.get(id) ?? players.get(id)?.name ?? "Player");
  const played: RecordGame[] = finished.map((game) => ({
    id: game.id,
    courtName: courtName.get(game.courtId) ?? "Court",
    startedAt: game.startedAt.toISOString(),
    endedAt: game.endedAt?.toISOString() ?? null,
    teamA: names(game.teamA),
    teamB: names(game.teamB),
    winner: winnerOf(game),
    scoreA: game.scoreA,
    scoreB: game.scoreB,
  }));
  const attendees = listed.map((entry) =>
    toAttendee(entry, players.get(entry.registrationId)?.gamesPlayed ?? 0),
  );
  return {
    session: toSession(row.session, row),
    timeZone: row.timeZone,
    attendees,
    games: played,
    fairness,
    totals: recordTotals(attendees, played.length),
  };
}
