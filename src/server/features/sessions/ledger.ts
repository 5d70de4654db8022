// The sessions feature's half of a night's record: each place on the list (cancelled ones
// too, since their money may have gone back), when its player arrived, and its latest payment.
// The courts feature adds the games (courts/session-record.ts).
import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import type { PaymentStatus, RecordAttendee } from "../../../shared/contracts/session-record.js";
import type { Registration } from "../../../shared/contracts/session-registrations.js";
import type { Db } from "../../db/database.js";
import { sessions } from "../../db/schema/sessions.js";
import { peopleFields, peopleSubquery } from "../account/service.js";
import { registrantName } from "./registration-list.js";

export type LedgerEntry = {
  registrationId: string;
  name: string;
  guest: boolean;
  status: Registration["status"];
  checkedInAt: string | null;
  payment: PlacePayment | null;
};
type PlacePayment = NonNullable<RecordAttendee["payment"]>;

type Row = {
  registration_id: string;
  session_id: string;
  user_id: string | null;
  guest_name: string | null;
  person_name: string | null;
  status: Registration["status"];
  checked_in_at: Date | string | null;
  payments: number;
  paid: number;
  refunded: number;
  refund_owed: boolean;
  latest_status: PaymentStatus | null;
};

/**
 * A place's money from all its payments: a second checkout paid as well is a charge owed back
 * (payment-outcomes.ts), so the latest row alone would show a player who paid as refunded.
 */
function placePayment(row: Row): PlacePayment | null {
  if (row.payments === 0) return null;
  const status: PaymentStatus =
    row.paid > 0
      ? "paid"
      : row.refunded > 0
        ? row.refund_owed
          ? "refund_pending"
          : "refunded"
        : row.latest_status!;
  return { status, paid: row.paid, refunded: row.refunded };
}

/** Every registration of the given sessions of one club, in arrival order, by session. */
export async function ledgerEntries(db: Db, organizationId: string, sessionIds: string[]) {
  const bySession = new Map<string, LedgerEntry[]>(sessionIds.map((id) => [id, []]));
  if (sessionIds.length === 0) return bySession;
  const everyone = peopleSubquery();
  const person = peopleFields(everyone);
  const ids = sql.join(
    sessionIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  // The club leads each lookup: the (club, session, seq) index finds the list in order, and
  // (club, registration) the payments.
  const { rows } = await db.execute<Row>(sql`
    select r.id as registration_id, r.session_id, r.user_id, r.guest_name, ${person.name} as person_name,
           r.status,
           -- Checked in counts for a place held: one standing by who never got in was not on court.
           case when holds_place(r.status) then r.checked_in_at end as checked_in_at, pay.payments, pay.paid, pay.refunded, pay.refund_owed, pay.latest_status
    from session_registrations r
    left join ${everyone} on ${person.id} = r.user_id
    cross join lateral (
      select count(*)::int as payments,
        coalesce(sum(p.amount) filter (where p.status = 'paid'), 0)::int as paid,
        coalesce(sum(p.amount) filter (where p.status in ('refunded', 'refund_pending')), 0)::int as refunded,
        coalesce(bool_or(p.status = 'refund_pending'), false) as refund_owed,
        (array_agg(p.status order by p.created_at desc, p.id desc))[1] as latest_status
      from payments p
      where p.organization_id = r.organization_id and p.registration_id = r.id) pay
    where r.organization_id = ${organizationId} and r.session_id in (${ids})
    order by r.session_id, r.seq`);
  for (const row of rows) {
    bySession.get(row.session_id)?.push({
      registrationId: row.registration_id,
      name: registrantName({ userId: row.user_id, personName: row.person_name, guestName: row.guest_name }),
      guest: row.user_id === null,
      status: row.status,
      checkedInAt: row.checked_in_at === null ? null : new Date(row.checked_in_at).toISOString(),
      payment: placePayment(row),
    });
  }
  return bySession;
}

/** The club's sessions that start in [from, to), soonest first, each with its list and payments. */
export async function ledgersBetween(db: Db, organizationId: string, from: Date, to: Date) {
  const rows = await db
    .select({ session: sessions })
    .from(sessions)
    .where(
      and(
        eq(sessions.organizationId, organizationId),
        gte(sessions.startsAt, from),
        lt(sessions.startsAt, to),
      ),
    )
    .orderBy(asc(sessions.startsAt))
    .limit(1000);
  const entries = await ledgerEntries(
    db,
    organizationId,
    rows.map((r) => r.session.id),
  );
  return rows.map((r) => ({ ...r, entries: entries.get(r.session.id)! }));
}
