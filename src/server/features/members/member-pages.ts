// The members list a page at a time, in joining order, and searched by name (and, for those
// who may see addresses, by email). A club of 2,000 is read 50 at a time, and page 40 costs
// what page 1 does: each page starts after the last row of the one before (shared/contracts
// paging.ts), by when the member joined, to the microsecond, then by their id.
import { and, asc, count, eq, or, type SQL, sql } from "drizzle-orm";
import type { MembersQuery } from "../../../shared/contracts/members.js";
import { pageFrom } from "../../../shared/contracts/paging.js";
import type { Queryable } from "../../db/database.js";
import { organizationMembers, userRoles } from "../../db/schema/members.js";
import { peopleSubquery } from "../account/service.js";
import { roleOfMembership } from "./policy.js";
import type { ClubMember } from "./service.js";

/** `%text%` for ILIKE, with the user's own % and _ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function memberPage(
  db: Queryable,
  organizationId: string,
  query: MembersQuery,
  searchEmails: boolean,
): Promise<{ members: ClubMember[]; next: string | null; total: number }> {
  const people = peopleSubquery();
  // The exact joining time as text: a JavaScript date would drop its microseconds, and the
  // next page would start before or after where this one ended.
  const joinedKey = sql<string>`${organizationMembers.createdAt}::text`;
  const found: SQL[] = [];
  if (query.q) {
    const pattern = containing(query.q);
    found.push(
      or(
        sql`${people.personName} ilike ${pattern}`,
        searchEmails ? sql`${people.personEmail} ilike ${pattern}` : undefined,
      )!,
    );
  }
  const inClub = and(eq(organizationMembers.organizationId, organizationId), ...found);
  const after = query.after
    ? sql`(${organizationMembers.createdAt}, ${organizationMembers.userId}) > (${query.after[0]}::timestamptz, ${query.after[1]})`
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        userId: organizationMembers.userId,
        name: people.personName,
        email: people.personEmail,
        role: sql<ClubMember["role"]>`coalesce(${userRoles.role}, 'member')`,
        joinedAt: organizationMembers.createdAt,
        joinedKey,
      })
      .from(organizationMembers)
      .innerJoin(people, eq(people.personId, organizationMembers.userId))
      .leftJoin(userRoles, roleOfMembership)
      .where(and(inClub, after))
      .orderBy(asc(organizationMembers.createdAt), asc(organizationMembers.userId))
      .limit(query.limit + 1),
    db
      .select({ n: count() })
      .from(organizationMembers)
      .innerJoin(people, eq(people.personId, organizationMembers.userId))
      .where(inClub),
  ]);
  const page = pageFrom(rows, query.limit, (row) => [row.joinedKey, row.userId]);
  return {
    members: page.rows.map(({ joinedKey: _, joinedAt, ...m }) => ({
      ...m,
      joinedAt: joinedAt.toISOString(),
    })),
    next: page.next,
    total: total?.n ?? 0,
  };
}
