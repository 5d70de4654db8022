// The members list a page at a time, in joining order, and searched by name (and, for those
// who may see addresses, by email). A club of 2,000 is read 50 at a time, and page 40 costs
// what page 1 does: each page starts after the last row of the one before (shared/contracts
// paging.ts), by when the member joined, to the microsecond, then by their id.
import { and, asc, count, eq, or, type SQL, sql } from "drizzle-orm";
import type { MembersQuery } from "../../../shared/contracts/members.js";
import { PAGE_SIZE, pageFrom } from "../../../shared/contracts/paging.js";
import type { Db, Queryable } from "../../db/database.js";
import { preparedStatement } from "../../db/prepared.js";
import { organizationMembers, userRoles } from "../../db/schema/members.js";
import { clubReads } from "../../platform/club-reads/club-reads.js";
import { peopleSubquery } from "../account/service.js";
import type { ClubMember } from "./memberships.js";
import { roleOfMembership } from "./policy.js";

/** `%text%` for ILIKE, with the user's own % and _ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type PageRow = Omit<ClubMember, "joinedAt"> & { joinedAt: Date; joinedKey: string };

/** The page's query, with `extra` conditions (a search, the cursor) and its values as placeholders. */
function pageQuery(db: Queryable, people: ReturnType<typeof peopleSubquery>, extra: SQL[]) {
  return db
    .select({
      userId: organizationMembers.userId,
      name: people.personName,
      email: people.personEmail,
      role: sql<ClubMember["role"]>`coalesce(${userRoles.role}, 'member')`,
      joinedAt: organizationMembers.createdAt,
      // The exact joining time as text: a JavaScript date would drop its microseconds, and
      // the next page would start before or after where this one ended.
      joinedKey: sql<string>`${organizationMembers.createdAt}::text`,
    })
    .from(organizationMembers)
    .innerJoin(people, eq(people.personId, organizationMembers.userId))
    .leftJoin(userRoles, roleOfMembership)
    .where(and(eq(organizationMembers.organizationId, sql.placeholder("organizationId")), ...extra))
    .orderBy(asc(organizationMembers.createdAt), asc(organizationMembers.userId))
    .limit(sql.placeholder("limit"));
}

const afterCursor = sql`(${organizationMembers.createdAt}, ${organizationMembers.userId}) > (${sql.placeholder("afterJoined")}::timestamptz, ${sql.placeholder("afterId")})`;

// Without a search, the pages and the count are prepared statements: opening the members page
// is the read a club makes most, and building its SQL each time cost more than running it.
const firstPage = preparedStatement("member_page_first", (db) => pageQuery(db, peopleSubquery(), []));
const pageAfter = preparedStatement("member_page_after", (db) =>
  pageQuery(db, peopleSubquery(), [afterCursor]),
);
const memberCount = preparedStatement("member_page_count", (db) => {
  const people = peopleSubquery();
  return db
    .select({ n: count() })
    .from(organizationMembers)
    .innerJoin(people, eq(people.personId, organizationMembers.userId))
    .where(eq(organizationMembers.organizationId, sql.placeholder("organizationId")));
});

/** A search: by name, and by address where the reader may see addresses. */
async function searched(db: Queryable, organizationId: string, query: MembersQuery, searchEmails: boolean) {
  const people = peopleSubquery();
  const pattern = containing(query.q!);
  const found = or(
    sql`${people.personName} ilike ${pattern}`,
    searchEmails ? sql`${people.personEmail} ilike ${pattern}` : undefined,
  )!;
  const values = {
    organizationId,
    limit: query.limit + 1,
    ...(query.after ? { afterJoined: query.after[0], afterId: query.after[1] } : {}),
  };
  const [rows, [total]] = await Promise.all([
    pageQuery(db, people, query.after ? [found, afterCursor] : [found]).execute(values) as Promise<PageRow[]>,
    db
      .select({ n: count() })
      .from(organizationMembers)
      .innerJoin(people, eq(people.personId, organizationMembers.userId))
      .where(and(eq(organizationMembers.organizationId, organizationId), found)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

async function unsearched(db: Queryable, organizationId: string, query: MembersQuery) {
  const values = { organizationId, limit: query.limit + 1 };
  const [rows, [total]] = await Promise.all([
    query.after
      ? pageAfter(db, { ...values, afterJoined: query.after[0], afterId: query.after[1] })
      : firstPage(db, values),
    memberCount(db, { organizationId }),
  ]);
  return { rows: rows as PageRow[], total: total?.n ?? 0 };
}

export type MemberPage = { members: ClubMember[]; next: string | null; total: number };

async function readPage(
  db: Queryable,
  organizationId: string,
  query: MembersQuery,
  searchEmails: boolean,
): Promise<MemberPage> {
  const { rows, total } = query.q
    ? await searched(db, organizationId, query, searchEmails)
    : await unsearched(db, organizationId, query);
  const page = pageFrom(rows, query.limit, (row) => [row.joinedKey, row.userId]);
  return {
    members: page.rows.map(({ joinedKey: _, joinedAt, ...m }) => ({
      ...m,
      joinedAt: joinedAt.toISOString(),
    })),
    next: page.next,
    total,
  };
}

/**
 * A page of the members. The first page as the members page opens it (no search, the usual
 * size) is kept by this instance until the club's data changes (platform/club-reads), as the
 * whole list was before it came in pages; callers must not change it.
 */
export async function memberPage(
  db: Db,
  organizationId: string,
  query: MembersQuery,
  searchEmails: boolean,
): Promise<MemberPage> {
  if (query.q || query.after || query.limit !== PAGE_SIZE)
    return readPage(db, organizationId, query, searchEmails);
  return clubReads(db).read(organizationId, "members:first-page", async () => ({
    value: await readPage(db, organizationId, query, searchEmails),
  }));
}

const namesAmong = preparedStatement("member_names_among", (db) => {
  const people = peopleSubquery();
  return db
    .select({ userId: organizationMembers.userId, name: people.personName })
    .from(organizationMembers)
    .innerJoin(people, eq(people.personId, organizationMembers.userId))
    .where(
      and(
        eq(organizationMembers.organizationId, sql.placeholder("organizationId")),
        sql`${organizationMembers.userId} = any(${sql.placeholder("ids")}::text[])`,
      ),
    );
});

/**
 * The names of those of `userIds` who are members, by id: what a page of the ladder or of the
 * matches shows beside its rows, read for those rows only, so it costs what the page does
 * whether the club has 20 members or 2,000. Someone no longer a member is absent.
 */
export async function memberNamesOf(
  db: Queryable,
  organizationId: string,
  userIds: Iterable<string>,
): Promise<Map<string, string>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await namesAmong(db, { organizationId, ids });
  return new Map(rows.map((row) => [row.userId, row.name]));
}
