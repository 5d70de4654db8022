import { winnerOf } from "../../../shared/contracts/board.js";
import type { RecordAttendee, RecordGame, SessionRecord } from "../../../shared/contracts/session-record.js";
import type { Db } from "../../db/database.js";
import { listCourts } from "../clubs/service.js";
import { getSession, type LedgerEntry, ledgerEntries, toSession } from "../sessions/service.js";
import { fairnessOf, nightRows } from "./report.js";

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
  const [entries, rows, courts] = await Promise.all([
    ledgerEntries(db, organizationId, [sessionId]),
    nightRows(db, organizationId, sessionId),
    listCourts(db, organizationId),
  ]);
  const { finished } = rows;
  const players = new Map(rows.players.map((p) => [p.registrationId, p]));
  const fairness = fairnessOf(rows);
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
