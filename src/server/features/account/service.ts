// People as the rest of the app sees them: the one display-name rule (the profile's full name,
// else the account's name) and the address to write to. Other features ask here rather than
// reading the account tables (scripts/check-boundaries.mjs).
import { type AnyColumn, eq, type SQL, sql } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import type { Gender } from "../../../shared/rotation/types.js";
import type { Queryable, Tx } from "../../db/database.js";
import { preparedStatement } from "../../db/prepared.js";
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
 * Everyone's id, display name (the one rule: the profile's full name, else the account's name),
 * address and avatar, as a subquery another feature joins its list to: a list of people is then one
 * statement, and PostgreSQL joins it like a table (a scalar subquery per column would be a
 * look-up per row and column, reading many more pages).
 */
export function peopleSubquery(alias = "people") {
  return new QueryBuilder()
    .select({
      personId: users.id,
      personName: sql<string>`coalesce(${qualified(profiles.fullName)}, ${qualified(users.name)})`.as(
        "person_name",
      ),
      personEmail: users.email,
      personAvatarUrl: profiles.avatarUrl,
      personGender: profiles.gender,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .as(alias);
}

/**
 * A person's declared gender as a column of another feature's list, looked up by the profile's
 * key row by row: for a short list (a night's queue) whose table's statistics may be stale, where
 * a join to everyone lets the planner hash every user and profile of the database.
 */
export function declaredGenderOf(userId: AnyColumn): SQL<Gender | null> {
  return sql<Gender | null>`(select ${qualified(profiles.gender)} from ${profiles}
    where ${qualified(profiles.id)} = ${qualified(userId)})`;
}

/**
 * The subquery's fields for raw SQL (a JSON list built by PostgreSQL), where drizzle would
 * print them without the subquery's name, and a bare "id" binds to the other table's.
 */
export function peopleFields(people: ReturnType<typeof peopleSubquery>) {
  const alias = sql.identifier(people._.alias);
  return {
    id: sql`${alias}.${sql.identifier(people.personId.name)}`,
    name: sql`${alias}.${sql.identifier(people.personName.fieldAlias)}`,
    email: sql`${alias}.${sql.identifier(people.personEmail.name)}`,
  };
}

/** The people with these ids, by id (unknown ids are simply absent). */
const peopleByIds = preparedStatement("people_by_ids", (db) =>
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

export async function saveProfile(
  db: Queryable,
  userId: string,
  profile: { fullName: string; avatarUrl: string | null; gender?: "woman" | "man" | null },
): Promise<void> {
  const now = new Date();
  await db
    .insert(profiles)
    .values({ id: userId, ...profile })
    .onConflictDoUpdate({ target: profiles.id, set: { ...profile, updatedAt: now } });
}
export { anonymizeAccount, FORMER_MEMBER } from "./anonymize.js";
