// Creating a club (onboarding) and reading the clubs a user belongs to.

import { type AnyColumn, and, asc, eq, isNull, SQL, sql } from "drizzle-orm";
import type { CreateOrganizationBody, Membership, Organization } from "../../../shared/contracts/clubs.js";
import { createOrganizationBody } from "../../../shared/contracts/clubs.js";
import { addDays } from "../../../shared/domain/dates.js";
import { messages } from "../../../shared/domain/messages.js";
import { TRIAL_DAYS } from "../../../shared/domain/plans.js";
import { SLUG_ATTEMPTS, slugCandidate, slugify } from "../../../shared/domain/slug.js";
import type { Db, Queryable, Tx } from "../../db/database.js";
import { preparedStatement } from "../../db/prepared.js";
import { qualified } from "../../db/qualified.js";
import { courts, organizations } from "../../db/schema/clubs.js";
import { clubDataStampOf, personReads } from "../../platform/club-reads/club-reads.js";
import { AppError } from "../../platform/errors/app-error.js";
import { peopleSubquery, saveFullName } from "../account/service.js";
import { addMember, membershipsSubquery } from "../members/service.js";
import { ensurePreferences } from "../notifications/service.js";

type OrganizationRow = typeof organizations.$inferSelect;

// The columns a club shows as an Organization: the rest (billing, payouts) stays in the
// database when a list of clubs is read, as every page's /api/me does.
const organizationColumns = {
  id: organizations.id,
  name: organizations.name,
  slug: organizations.slug,
  location: organizations.location,
  contactEmail: organizations.contactEmail,
  contactPhone: organizations.contactPhone,
  logoUrl: organizations.logoUrl,
  description: organizations.description,
  timeZone: organizations.timeZone,
  trialEndsAt: organizations.trialEndsAt,
  subscriptionStatus: organizations.subscriptionStatus,
  createdAt: organizations.createdAt,
};

export function toOrganization(row: Pick<OrganizationRow, keyof typeof organizationColumns>): Organization {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    location: row.location,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    logoUrl: row.logoUrl,
    description: row.description,
    timeZone: row.timeZone,
    trialEndsAt: row.trialEndsAt.toISOString(),
    subscriptionStatus: row.subscriptionStatus,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function createOrganization(
  db: Db,
  user: { id: string; name: string },
  input: CreateOrganizationBody,
  now: Date,
) {
  const body = createOrganizationBody.parse(input);
  const baseSlug = slugify(body.name);
  return db.transaction(async (tx) => {
    let created: OrganizationRow | undefined;
    // The unique constraint decides: each attempt runs in a savepoint that is rolled back
    // when the slug is taken, so concurrent creators cannot both win one slug.
    for (let attempt = 0; attempt < SLUG_ATTEMPTS && !created; attempt++) {
      try {
        created = await tx.transaction(async (savepoint) => {
          const [row] = await savepoint
            .insert(organizations)
            .values({
              name: body.name,
              slug: slugCandidate(baseSlug, attempt),
              location: body.location,
              contactEmail: body.contactEmail,
              contactPhone: body.contactPhone,
              logoUrl: body.logoUrl,
              description: body.description,
              timeZone: body.timeZone,
              trialEndsAt: addDays(now, TRIAL_DAYS),
              subscriptionStatus: "trial",
              createdAt: now,
            })
            .returning();
          return row;
        });
      } catch (error) {
        if (!isSlugCollision(error)) throw error;
      }
    }
    if (!created) throw new AppError("SLUG_TAKEN", messages.toasts.slugExhausted);

    const organizationId = created.id;
    await addMember(tx, organizationId, user.id, "owner", now);
    const courtRows = await tx
      .insert(courts)
      .values(
        Array.from({ length: body.courtsCount }, (_, i) => ({
          organizationId,
          name: `Court ${i + 1}`,
          isActive: true,
        })),
      )
      .returning({ id: courts.id, name: courts.name, isActive: courts.isActive });
    await saveFullName(tx, user.id, user.name, now);
    await ensurePreferences(tx, user.id);
    const organization: Membership = { ...toOrganization(created), role: "owner" };
    return {
      organization,
      courts: courtRows.sort((a, b) => a.name.localeCompare(b.name, "en", { numeric: true })),
    };
  });
}

function isSlugCollision(error: unknown): boolean {
  // drizzle wraps the driver's error; the PostgreSQL code and constraint are on the cause.
  const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? error;
  const pgError = cause as { code?: string; constraint?: string };
  return pgError.code === "23505" && (pgError.constraint ?? "").includes("slug");
}

// A person's name and avatar with their clubs and role in each, oldest membership first, in one
// statement: /api/me is asked on every page, and two statements in parallel cost the database
// and the app twice the work.
const accountAndClubs = preparedStatement("account_and_clubs", (db) => {
  const person = peopleSubquery();
  const memberships = membershipsSubquery(sql.placeholder("userId"));
  return (
    db
      .select({
        name: person.personName,
        avatarUrl: person.personAvatarUrl,
        club: organizationColumns,
        role: memberships.role,
      })
      .from(person)
      .leftJoin(memberships, sql`true`)
      // A closing club is nobody's any more: its row is left out, and with it the membership.
      .leftJoin(
        organizations,
        and(eq(organizations.id, memberships.organizationId), isNull(organizations.closingAt)),
      )
      .where(eq(person.personId, sql.placeholder("userId")))
      .orderBy(asc(memberships.since))
  );
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
  for (const { club, role } of rows) if (club && role) organizations.push({ ...toOrganization(club), role });
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
): Promise<{ name: string; avatarUrl: string | null; organizations: Membership[] } | null> {
  const [own] = await personAndClubStamps(db, { userId });
  if (!own) return null;
  const organizations = own.stamps
    ? await personReads(db).readOfPerson(userId, own.stamps, "clubs", async () => ({
        value: await listMemberships(db, userId),
      }))
    : [];
  return { name: own.name, avatarUrl: own.avatarUrl, organizations };
}

/** A person's clubs and their role in each, oldest membership first. */
export async function listMemberships(db: Db, userId: string): Promise<Membership[]> {
  return (await accountWithClubs(db, userId))?.organizations ?? [];
}

const organizationById = preparedStatement("organization_by_id", (db) =>
  db
    .select()
    .from(organizations)
    .where(eq(organizations.id, sql.placeholder("organizationId")))
    .limit(1),
);

export async function getOrganization(db: Queryable, organizationId: string): Promise<OrganizationRow> {
  const [row] = await organizationById(db, { organizationId });
  if (!row) throw new AppError("NOT_FOUND", "Club not found");
  return row;
}

export type Club = OrganizationRow;

/** Every club that is not closing, for the sweeps that run per club (the weekly summary). */
export async function allClubs(db: Queryable): Promise<Club[]> {
  return db.select().from(organizations).where(isNull(organizations.closingAt));
}

/**
 * Whether the club whose id is in `organizationId` (a column or an expression) exists and is not
 * closing, as a condition for another feature's query: a closing club answers to nobody.
 */
export function clubIsOpen(organizationId: AnyColumn | SQL): SQL<boolean> {
  const id = organizationId instanceof SQL ? organizationId : qualified(organizationId);
  return sql<boolean>`exists (select 1 from ${organizations}
    where ${qualified(organizations.id)} = ${id} and ${qualified(organizations.closingAt)} is null)`;
}

/** The addresses of up to `limit` open clubs, oldest club first: their public pages (the sitemap). */
export async function openClubSlugs(db: Queryable, limit: number): Promise<string[]> {
  const rows = await db
    .select({ slug: organizations.slug })
    .from(organizations)
    .where(isNull(organizations.closingAt))
    .orderBy(asc(organizations.createdAt), asc(organizations.id))
    .limit(limit);
  return rows.map((row) => row.slug);
}

export async function clubBySlug(db: Queryable, slug: string): Promise<Club | null> {
  const [row] = await db
    .select()
    .from(organizations)
    .where(and(eq(organizations.slug, slug), isNull(organizations.closingAt)));
  return row ?? null;
}

/** Gives the club another address; fails on the slug's unique key when another club has it. */
export async function setClubSlug(db: Queryable, organizationId: string, slug: string): Promise<void> {
  await db
    .update(organizations)
    .set({ slug, updatedAt: new Date() })
    .where(eq(organizations.id, organizationId));
}

/**
 * Dates the club's start earlier than its creation, for a club that arrives with a history
 * (the demo's six weeks of matches, which the ladder accepts only within the club's life).
 * Its trial is left as it was.
 */
export async function setClubCreatedAt(
  db: Queryable,
  organizationId: string,
  createdAt: Date,
): Promise<void> {
  await db.update(organizations).set({ createdAt }).where(eq(organizations.id, organizationId));
}

/** Deletes a club and, through its foreign keys, everything it owns. */
export async function deleteClub(db: Queryable, organizationId: string): Promise<void> {
  await db.delete(organizations).where(eq(organizations.id, organizationId));
}

/** The club's courts in play, by name as people read them (Court 2 before Court 10). */
export async function activeCourts(db: Queryable, organizationId: string) {
  const rows = await db
    .select({ id: courts.id, name: courts.name })
    .from(courts)
    .where(and(eq(courts.organizationId, organizationId), eq(courts.isActive, true)));
  return rows.sort((a, b) => a.name.localeCompare(b.name, "en", { numeric: true }));
}

/**
 * The club's row, locked until the transaction ends: plan limits, billing changes and closing
 * queue here. A closing club is not found: whatever waited behind its closing adds nothing to it.
 */
export async function lockClub(tx: Tx, organizationId: string): Promise<Club> {
  const [row] = await tx
    .select()
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for("update");
  if (!row || row.closingAt) throw new AppError("NOT_FOUND", "Club not found");
  return row;
}

/** The club's IANA time zone: every club-local time is read in it. */
/** The time zone of the club whose id is in `organizationId`, as a column for another feature's query. */
export function timeZoneOf(organizationId: AnyColumn): SQL<string> {
  return sql<string>`(select ${qualified(organizations.timeZone)} from ${organizations}
    where ${qualified(organizations.id)} = ${qualified(organizationId)})`;
}

export async function clubTimeZone(db: Queryable, organizationId: string): Promise<string> {
  return (await getOrganization(db, organizationId)).timeZone;
}

/** The columns the billing and payments features keep on the club's row. */
export type ClubBilling = Partial<
  Pick<
    Club,
    | "subscriptionStatus"
    | "subscriptionProductId"
    | "subscriptionPlan"
    | "subscriptionEndsAt"
    | "trialEndsAt"
    | "billingCustomerRef"
    | "payoutAccountRef"
    | "payoutChargesEnabled"
    | "payoutDetailsSubmitted"
  >
>;

export async function updateClubBilling(
  db: Queryable,
  organizationId: string,
  change: ClubBilling,
): Promise<Club> {
  const [row] = await db
    .update(organizations)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(organizations.id, organizationId))
    .returning();
  if (!row) throw new AppError("NOT_FOUND", "Club not found");
  return row;
}

/**
 * Records the provider's customer or payout account for the club unless one is already there
 * (two requests racing to create one keep the first). Returns the reference in force.
 */
export async function claimClubRef(
  db: Queryable,
  organizationId: string,
  column: "billingCustomerRef" | "payoutAccountRef",
  ref: string,
): Promise<string> {
  await db
    .update(organizations)
    .set({ [column]: ref, updatedAt: new Date() })
    .where(and(eq(organizations.id, organizationId), isNull(organizations[column])));
  const club = await getOrganization(db, organizationId);
  return club[column] ?? ref;
}

/** The club the provider knows by this customer or payout account reference. */
export async function clubIdByRef(
  db: Queryable,
  column: "billingCustomerRef" | "payoutAccountRef",
  ref: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations[column], ref));
  return row?.id ?? null;
}

// Deleting a club, for the account feature (deleting an owner's account with their clubs).
export { afterClosing, type Closed, closeClubIn } from "./closing.js";
export { listCourts } from "./courts.js";
