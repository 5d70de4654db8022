// People as the rest of the app sees them: the one display-name rule (the profile's full name,
// else the account's name) and the address to write to. Other features ask here rather than
// reading the account tables (scripts/check-boundaries.mjs).
import { type AnyColumn, eq, type SQL, sql } from "drizzle-orm";
import type { Queryable, Tx } from "../../db/database.js";
import { preparedRead } from "../../db/prepared.js";
import { qualified } from "../../db/qualified.js";
import { profiles } from "../../db/schema/account.js";
import { users } from "../../db/schema/auth.js";

export type Person = { id: string; name: string; email: string };

const personColumns = {
  id: users.id,
  email: users.email,
  accountName: users.name,
  fullName: profiles.fullName,
};

function toPerson(row: { id: string; email: string; accountName: string; fullName: string | null }): Person {
  return { id: row.id, email: row.email, name: row.fullName ?? row.accountName };
}

/**
 * The name clubs show for the person whose id is in `userId` (the one rule), as a column another
 * feature's query selects: a list of people is then one statement, not a list and a look-up.
 * Null when the id names nobody.
 */
export function displayNameOf(userId: AnyColumn): SQL<string | null> {
  return sql<string | null>`(select coalesce(${qualified(profiles.fullName)}, ${qualified(users.name)})
    from ${users} left join ${profiles} on ${qualified(profiles.id)} = ${qualified(users.id)}
    where ${qualified(users.id)} = ${qualified(userId)})`;
}

/** The address of the person whose id is in `userId`, as a column for another feature's query. */
export function emailOf(userId: AnyColumn): SQL<string | null> {
  return sql<string | null>`(select ${qualified(users.email)} from ${users}
    where ${qualified(users.id)} = ${qualified(userId)})`;
}

/** The people with these ids, by id (unknown ids are simply absent). */
const peopleByIds = preparedRead("people_by_ids", (db) =>
  db
    .select(personColumns)
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(sql`${users.id} = any(${sql.placeholder("ids")}::text[])`),
);

export async function people(db: Queryable, ids: readonly string[]): Promise<Map<string, Person>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await peopleByIds(db, { ids: unique });
  return new Map(rows.map((row) => [row.id, toPerson(row)]));
}

export async function person(db: Queryable, id: string): Promise<Person | null> {
  return (await people(db, [id])).get(id) ?? null;
}

/** The account registered with this address (addresses are stored lower-cased). */
export async function personByEmail(db: Queryable, email: string): Promise<Person | null> {
  const [row] = await db
    .select(personColumns)
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  return row ? toPerson(row) : null;
}

/** Sets the full name shown in clubs (creating the profile the first time). */
export async function saveFullName(tx: Tx, userId: string, fullName: string, now: Date): Promise<void> {
  await tx
    .insert(profiles)
    .values({ id: userId, fullName })
    .onConflictDoUpdate({ target: profiles.id, set: { fullName, updatedAt: now } });
}

/** A profile for a new account, keeping one that already exists. */
export async function ensureProfile(db: Queryable, userId: string, fullName: string): Promise<void> {
  await db.insert(profiles).values({ id: userId, fullName }).onConflictDoNothing();
}

const accountById = preparedRead("account_by_id", (db) =>
  db
    .select({ ...personColumns, avatarUrl: profiles.avatarUrl })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, sql.placeholder("userId"))),
);

/** The name clubs show for the person (the one rule) and their avatar, in one query. */
export async function ownAccount(
  db: Queryable,
  userId: string,
): Promise<{ name: string; avatarUrl: string | null } | null> {
  const [row] = await accountById(db, { userId });
  return row ? { name: toPerson(row).name, avatarUrl: row.avatarUrl } : null;
}

export async function saveProfile(
  db: Queryable,
  userId: string,
  profile: { fullName: string; avatarUrl: string | null },
): Promise<void> {
  const now = new Date();
  await db
    .insert(profiles)
    .values({ id: userId, ...profile })
    .onConflictDoUpdate({ target: profiles.id, set: { ...profile, updatedAt: now } });
}
