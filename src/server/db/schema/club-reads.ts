// Each club's data stamp: a number PostgreSQL raises itself, by triggers (migration 0013),
// whenever a row that a club's shared reads show is written, whoever writes it. Owned by
// platform/club-reads, which keeps those reads per instance until the stamp moves.
import { bigint, pgTable, primaryKey, smallint, uuid } from "drizzle-orm/pg-core";

// The stamp is the sum of a club's slots, and each commit adds to the slot of its connection:
// with one row per club, a club's writes (registrations for different sessions) queued for
// its lock at every commit. No foreign key to the club: the triggers run at commit, after a
// club's deletion has taken its rows with it, and would then fail the deletion. A deleted
// club's slots are a few dead rows.
export const clubDataStamps = pgTable(
  "club_data_stamps",
  {
    organizationId: uuid("organization_id").notNull(),
    slot: smallint("slot").notNull(),
    stamp: bigint("stamp", { mode: "number" }).notNull().default(0),
    // The transaction that last raised this slot: it raises each club once, however many rows
    // it writes (a club's deletion writes thousands, and each new version of one row in one
    // transaction made the next update slower).
    raisedIn: bigint("raised_in", { mode: "number" }),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.slot] })],
);

// Each club's ladder stamp, raised like the data stamp by triggers (migration 0041) on every
// write to its matches and its ladder's checkpoint (which every change to the ratings and
// their history writes). Kept apart from the data stamp: a board score changes the ladder,
// and with one stamp it would drop every kept read of the club (the sessions, the members)
// at each score. The ladder's pages are kept until this one moves (features/ladder/kept.ts).
export const ladderStamps = pgTable(
  "ladder_stamps",
  {
    organizationId: uuid("organization_id").notNull(),
    slot: smallint("slot").notNull(),
    stamp: bigint("stamp", { mode: "number" }).notNull().default(0),
    raisedIn: bigint("raised_in", { mode: "number" }),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.slot] })],
);
