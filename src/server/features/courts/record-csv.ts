// Attendance and payments as CSV, one line per place on a session's list: for one night, or
// for every session that started in a month (the club's bookkeeping). Times in the club's zone.
import { and, eq, inArray } from "drizzle-orm";
import { paymentLabels, placeLabels, type RecordAttendee } from "../../../shared/contracts/session-record.js";
import { toCsv } from "../../../shared/domain/csv.js";
import { wallTimeAt } from "../../../shared/domain/time-zones.js";
import type { Db } from "../../db/database.js";
import { queuePlayers } from "../../db/schema/courts.js";
import { type LedgerEntry, ledgersBetween } from "../sessions/service.js";
import { toAttendee } from "./session-record.js";

const header = [
  "Session",
  "Date",
  "Starts",
  "Name",
  "Member or guest",
  "Place",
  "Checked in",
  "Games played",
  "Payment",
  "Paid",
  "Refunded",
] as const;

const dollars = (cents: number) => (cents / 100).toFixed(2);
const pad = (n: number) => String(n).padStart(2, "0");
function localDate(date: Date, timeZone: string) {
  const w = wallTimeAt(date, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}
function localTime(date: Date, timeZone: string) {
  const w = wallTimeAt(date, timeZone);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

type Night = { session: { name: string; startsAt: Date }; attendees: RecordAttendee[] };

export function attendanceCsv(nights: Night[], timeZone: string): string {
  const rows = nights.flatMap(({ session, attendees }) =>
    attendees.map((a) => [
      session.name,
      localDate(session.startsAt, timeZone),
      localTime(session.startsAt, timeZone),
      a.name,
      a.guest ? "Guest" : "Member",
      placeLabels[a.status],
      a.checkedInAt ? localTime(new Date(a.checkedInAt), timeZone) : "",
      a.gamesPlayed,
      a.payment ? paymentLabels[a.payment.status] : "",
      a.payment ? dollars(a.payment.paid) : "",
      a.payment ? dollars(a.payment.refunded) : "",
    ]),
  );
  return toCsv([...header], rows);
}

/** Games played by each registration of these sessions (a player off the board played none). */
async function gamesPlayedIn(db: Db, organizationId: string, sessionIds: string[]) {
  if (sessionIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ id: queuePlayers.registrationId, gamesPlayed: queuePlayers.gamesPlayed })
    .from(queuePlayers)
    .where(and(eq(queuePlayers.organizationId, organizationId), inArray(queuePlayers.sessionId, sessionIds)));
  return new Map(rows.map((row) => [row.id, row.gamesPlayed]));
}

const withGames = (entries: LedgerEntry[], played: Map<string, number>) =>
  entries.map((entry) => toAttendee(entry, played.get(entry.registrationId) ?? 0));

/** Every session of the club that started in the month [from, to), as one CSV. */
export async function monthCsv(db: Db, organizationId: string, timeZone: string, from: Date, to: Date) {
  const nights = await ledgersBetween(db, organizationId, from, to);
  const played = await gamesPlayedIn(
    db,
    organizationId,
    nights.map((night) => night.session.id),
  );
  return attendanceCsv(
    nights.map((night) => ({ session: night.session, attendees: withGames(night.entries, played) })),
    timeZone,
  );
}
