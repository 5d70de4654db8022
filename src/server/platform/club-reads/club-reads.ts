// Reads that every member of a club sees alike (the sessions list, a session's list of players,
// the members list, the public club page), kept per instance until the club's data changes.
//
// Even as one statement such a read costs far more than a bare SELECT: PostgreSQL builds the
// rows as JSON and the app parses them, on every request, for an answer that changes only when
// the club's data does (decision 011). Each club has
// a data stamp that PostgreSQL raises itself, by deferred triggers, on every write to a row these
// reads show (migration 0013); a read asks only for the stamp, one index lookup, and builds
// again only when it moved. Whoever writes (this instance, another, a job, a cascade), the next
// read anywhere sees it: nothing to invalidate by hand, no window of staleness.
//
// A read that depends on the clock as well (the upcoming sessions drop one out as it starts)
// says until when its value holds. A person's clubs as /api/me shows them are kept the same
// way, while which clubs they are and those clubs' stamps stay the same.
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { preparedStatement } from "../../db/prepared.js";
import { qualified } from "../../db/qualified.js";
import { clubDataStamps, ladderStamps } from "../../db/schema/club-reads.js";
import { KeptPromises } from "../memo/kept-promises.js";
import { onePerOwner } from "../memo/one-per-owner.js";
import { shareAnswer } from "../memo/shared-answers.js";

/** At most this many reads are kept per instance; the least recently used goes first. */
export const CLUB_READS_KEPT = 500;
/**
 * People's reads are kept apart, so that many people signed in at once do not push out the
 * reads a whole club shares. Each is a person's clubs: a kilobyte or two for each.
 */
const PERSON_READS_KEPT = 5_000;

/** What a read built: its value, and the instant it stops holding if the clock matters. */
export type Built<Value> = { value: Value; until?: Date | null };
/** A club's stamp (a number that only grows), or a person's clubs with theirs (a string). */
type Stamp = number | string;

/**
 * The data stamp of the club `organizationId` (the outer query's column, qualified), as a
 * column: the sum of its slots (the migration says why a club has several), 0 until its first
 * write. PostgreSQL sums bigints as numeric, which node-postgres hands over as text.
 */
export function clubDataStampOf(organizationId: SQL): SQL<string> {
  return sql<string>`(select coalesce(sum(${qualified(clubDataStamps.stamp)}), 0) from ${clubDataStamps}
    where ${qualified(clubDataStamps.organizationId)} = ${organizationId})`;
}

const stampOfClub = preparedStatement("club_data_stamp", (db) =>
  db
    .select({ stamp: clubDataStampOf(sql`${sql.placeholder("organizationId")}::uuid`) })
    // The stamp is the one column of a one-row statement.
    .from(sql`(values (1)) as one (x)`),
);

/** The club's data stamp: 0 until its first write since the stamps began. */
export async function clubDataStamp(db: Db, organizationId: string): Promise<number> {
  const [row] = await stampOfClub(db, { organizationId });
  return Number(row?.stamp ?? 0);
}

const club = sql`${sql.placeholder("organizationId")}::uuid`;
// The ladder stamp (migration 0041) moves with every write to the club's matches and every
// change to its ratings; kept apart from the data stamp, which a board score would otherwise
// raise at every game and so drop the club's other kept reads.
const ladderAndDataStamps = preparedStatement("ladder_and_data_stamps", (db) =>
  db
    .select({
      marks: sql<string>`${clubDataStampOf(club)} || ':' || (select coalesce(sum(${ladderStamps.stamp}), 0)
        from ${ladderStamps} where ${ladderStamps.organizationId} = ${club})`,
    })
    .from(sql`(values (1)) as one (x)`),
);

class KeptReads {
  private readonly kept: KeptPromises<unknown, Stamp>;

  constructor(
    private readonly db: Db,
    limit = CLUB_READS_KEPT,
  ) {
    this.kept = new KeptPromises(limit);
  }

  /**
   * The value of the read `name` of the club: kept if the club's stamp has not moved since it
   * was built (and, for a read that said until when it holds, `now` is before then), built again
   * otherwise. Concurrent requests share one build; a failed build is not kept.
   */
  async read<Value>(
    organizationId: string,
    name: string,
    build: () => Promise<Built<Value>>,
    now: Date = new Date(),
  ): Promise<Value> {
    return this.readAt(organizationId, await clubDataStamp(this.db, organizationId), name, build, now);
  }

  /** As `read`, with the club's stamp read by the caller (with the club found by its address). */
  readAt<Value>(
    organizationId: string,
    stamp: number,
    name: string,
    build: () => Promise<Built<Value>>,
    now: Date = new Date(),
  ): Promise<Value> {
    // A newer entry than our stamp was built by a request that read the stamp after ours did:
    // at least as fresh as what we would build.
    const current = (kept: Stamp) => typeof kept === "number" && kept >= stamp;
    return this.readKept(`${organizationId}:${name}`, stamp, current, build, now);
  }

  /**
   * The read `name` of the club's ladder (its pages, a player's page): kept while both the
   * club's ladder stamp and its data stamp (the names it shows) stay as they are, read in one
   * statement; else, and once `until` passes, built again.
   */
  async readOfLadder<Value>(
    organizationId: string,
    name: string,
    build: () => Promise<Built<Value>>,
    now: Date,
  ): Promise<Value> {
    const [row] = await ladderAndDataStamps(this.db, { organizationId });
    const marks = row?.marks ?? "0:0";
    return this.readKept(`${organizationId}:ladder:${name}`, marks, (kept) => kept === marks, build, now);
  }

  /**
   * The read `name` of a person that shows only their clubs' data: kept while `stamps`, their
   * clubs each with its stamp, stay the same. A club joined or left changes the list itself.
   */
  readOfPerson<Value>(
    userId: string,
    stamps: string,
    name: string,
    build: () => Promise<Built<Value>>,
  ): Promise<Value> {
    return this.readKept(`person:${userId}:${name}`, stamps, (kept) => kept === stamps, build, new Date());
  }

  private readKept<Value>(
    key: string,
    stamp: Stamp,
    current: (kept: Stamp) => boolean,
    build: () => Promise<Built<Value>>,
    now: Date,
  ): Promise<Value> {
    const hit = this.kept.hit(key, now.getTime(), current);
    if (hit) return hit as Promise<Value>;
    const built = build();
    const value = built.then((b) => shareAnswer(b.value));
    // Until the build says until when it holds, requests share it whatever their clock: one
    // arriving within the build's milliseconds of a session's start may see that session still.
    const kept = this.kept.keep(key, value, stamp, Number.POSITIVE_INFINITY);
    built.then(
      (b) => {
        if (b.until) kept.until = b.until.getTime();
      },
      () => {},
    );
    return value;
  }
}

/** This instance's club reads for the app whose database handle this is. */
export const clubReads = onePerOwner((db: Db) => new KeptReads(db));

/** This instance's reads of one person (readOfPerson), kept apart from the clubs' reads. */
export const personReads = onePerOwner((db: Db) => new KeptReads(db, PERSON_READS_KEPT));
