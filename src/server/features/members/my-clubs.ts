// The clubs a person belongs to, with their role in each: what /api/me shows on every page.
import { asc, eq, sql } from "drizzle-orm";
import type { Membership } from "../../../shared/contracts/clubs.js";
import type { Db } from "../../db/database.js";
import { preparedStatement } from "../../db/prepared.js";
import { clubDataStampOf, personReads } from "../../platform/club-reads/club-reads.js";
import { peopleSubquery } from "../account/service.js";
import { clubIsOpen, openClubFields, openClubsSubquery, toOrganization } from "../clubs/service.js";
import { membershipsSubquery } from "./memberships.js";

// A person's name and avatar with their clubs and role in each, oldest membership first, in one
// statement: /api/me is asked on every page, and two statements cost the database and the app
// twice the work.
const accountAndClubs = preparedStatement("account_and_clubs", (db) => {
  const person = peopleSubquery();
  const memberships = membershipsSubquery(sql.placeholder("userId"));
  const clubs = openClubsSubquery();
  return db
    .select({
      name: person.personName,
      avatarUrl: person.personAvatarUrl,
      club: openClubFields(clubs),
      role: memberships.role,
    })
    .from(person)
    .leftJoin(memberships, sql`true`)
    .leftJoin(clubs, eq(clubs.id, memberships.organizationId))
    .where(eq(person.personId, sql.placeholder("userId")))
    .orderBy(asc(memberships.since));
});

/** A person's name, avatar and clubs (null for an account that no longer exists). */
export async function accountWithClubs(
  db: Db,
  userId: string,
): Promise<{ name: string; avatarUrl: string | null; organizations: Membership[] } | null> {
  const rows = await accountAndClubs(db, { userId });
  const [first] = rows;
  if (!first) return null;
  const organizations: Membership[] = [];
  // A closing club's row is left out of the join; its membership with it.
  for (const { club, role } of rows)
    if (club?.id && role) organizations.push({ ...toOrganization(club), role });
  return { name: first.name, avatarUrl: first.avatarUrl, organizations };
}

// A person's name and avatar, read fresh, and each of their clubs with its data stamp in one
// string: what /api/me shows of their clubs changes when, and only when, that string does.
const personAndClubStamps = preparedStatement("person_and_club_stamps", (db) => {
  const person = peopleSubquery();
  const memberships = membershipsSubquery(sql.placeholder("userId"));
  const club = sql`${memberships.organizationId}`;
  return db
    .select({
      name: person.personName,
      avatarUrl: person.personAvatarUrl,
      gender: person.personGender,
      stamps: sql<string>`(select coalesce(string_agg(${club}::text || ':' || ${clubDataStampOf(club)},
        ',' order by ${club}), '') from ${memberships} where ${clubIsOpen(club)})`,
    })
    .from(person)
    .where(eq(person.personId, sql.placeholder("userId")));
});

/**
 * accountWithClubs for /api/me, asked on every page. The person's name and avatar are read each
 * time, with the stamps of their clubs; their clubs are kept by this instance while those stamps
 * (and which clubs they are) stay the same (platform/club-reads). The name is not kept: a
 * change of name raises the stamps of the clubs found at that moment, and a club joined just
 * then would miss it.
 */
export async function keptAccountWithClubs(
  db: Db,
  userId: string,
): Promise<{
  name: string;
  avatarUrl: string | null;
  gender: "woman" | "man" | null;
  organizations: Membership[];
} | null> {
  const [own] = await personAndClubStamps(db, { userId });
  if (!own) return null;
  const organizations = own.stamps
    ? await personReads(db).readOfPerson(userId, own.stamps, "clubs", async () => ({
        value: await listMemberships(db, userId),
      }))
    : [];
  return { name: own.name, avatarUrl: own.avatarUrl, gender: own.gender, organizations };
}

/** A person's clubs and their role in each, oldest membership first. */
export async function listMemberships(db: Db, userId: string): Promise<Membership[]> {
  return (await accountWithClubs(db, userId))?.organizations ?? [];
}
