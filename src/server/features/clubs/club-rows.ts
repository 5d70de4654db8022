// The club's own row (its profile, plan, slug, time zone, and the references the payment
// provider knows it by) and its courts: the bottom of the club features, asked by all of them.

import { type AnyColumn, and, asc, eq, isNotNull, isNull, SQL, sql } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import type { CreateOrganizationBody, Organization } from "../../../shared/contracts/clubs.js";
import { createOrganizationBody } from "../../../shared/contracts/clubs.js";
import { addDays } from "../../../shared/domain/dates.js";
import { messages } from "../../../shared/domain/messages.js";
import { TRIAL_DAYS } from "../../../shared/domain/plans.js";
import { SLUG_ATTEMPTS, slugCandidate, slugify } from "../../../shared/domain/slug.js";
import type { Db, Queryable, Tx } from "../../db/database.js";
import { preparedStatement } from "../../db/prepared.js";
import { qualified } from "../../db/qualified.js";
import { courts, organizations } from "../../db/schema/clubs.js";
import { clubDataStampOf } from "../../platform/club-reads/club-reads.js";
import { AppError } from "../../platform/errors/app-error.js";

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

/**
 * A new club's row and its first courts, in the caller's transaction (founding a club is
 * members' use case: the founder becomes its owner in the same transaction).
 */
export async function insertClub(tx: Tx, input: CreateOrganizationBody, now: Date) {
  const body = createOrganizationBody.parse(input);
  const baseSlug = slugify(body.name);
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
  const courtRows = await tx
    .insert(courts)
    .values(
      Array.from({ length: body.courtsCount }, (_, i) => ({
        organizationId: created.id,
        name: `Court ${i + 1}`,
        isActive: true,
      })),
    )
    .returning({ id: courts.id, name: courts.name, isActive: courts.isActive });
  return {
    club: toOrganization(created),
    courts: courtRows.sort((x, y) => x.name.localeCompare(y.name, "en", { numeric: true })),
  };
}

function isSlugCollision(error: unknown): boolean {
  // drizzle wraps the driver's error; the PostgreSQL code and constraint are on the cause.
  const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? error;
  const pgError = cause as { code?: string; constraint?: string };
  return pgError.code === "23505" && (pgError.constraint ?? "").includes("slug");
}

/**
 * The open clubs (a closing club is nobody's any more) with the columns a club shows as an
 * Organization, as a subquery another feature joins its rows to; openClubFields selects them
 * from it, for toOrganization.
 */
export function openClubsSubquery() {
  return new QueryBuilder()
    .select(organizationColumns)
    .from(organizations)
    .where(isNull(organizations.closingAt))
    .as("open_clubs");
}

export function openClubFields(clubs: ReturnType<typeof openClubsSubquery>) {
  const fields: { [K in keyof typeof organizationColumns]: (typeof clubs)[K] } = {
    id: clubs.id,
    name: clubs.name,
    slug: clubs.slug,
    location: clubs.location,
    contactEmail: clubs.contactEmail,
    contactPhone: clubs.contactPhone,
    logoUrl: clubs.logoUrl,
    description: clubs.description,
    timeZone: clubs.timeZone,
    trialEndsAt: clubs.trialEndsAt,
    subscriptionStatus: clubs.subscriptionStatus,
    createdAt: clubs.createdAt,
  };
  return fields;
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

/**
 * Marks the club closing (club-admin/closing.ts): from now on every read and action answers
 * 404, and its address goes back to everyone at once (a new club, or the demo again, may take it).
 */
export async function markClubClosing(tx: Tx, organizationId: string, now: Date): Promise<void> {
  await tx
    .update(organizations)
    .set({ closingAt: now, slug: `closed-${organizationId}`, updatedAt: now })
    .where(eq(organizations.id, organizationId));
}

/** Locks a closing club's row; false when there is no such club (removed already, or open). */
export async function lockClosingClub(tx: Tx, organizationId: string): Promise<boolean> {
  const [club] = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), isNotNull(organizations.closingAt)))
    .for("update");
  return club !== undefined;
}

// The club by its address, with its data stamp (a public page is kept until the stamp moves).
const clubAtSlug = preparedStatement("club_at_slug", (db) =>
  db
    .select({ id: organizations.id, stamp: clubDataStampOf(qualified(organizations.id)) })
    .from(organizations)
    .where(and(eq(organizations.slug, sql.placeholder("slug")), isNull(organizations.closingAt)))
    .limit(1),
);

export async function openClubAtSlug(db: Queryable, slug: string) {
  const [found] = await clubAtSlug(db, { slug });
  return found ?? null;
}

/**
 * The statement for a club's public page by its id: the club's public fields, and the columns
 * `more` gives for the club's id column (its member count and next sessions, from their owners).
 */
export function publicClubQuery<More extends Record<string, SQL.Aliased | SQL>>(
  db: Db,
  more: (clubId: typeof organizations.id) => More,
) {
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      slug: organizations.slug,
      logoUrl: organizations.logoUrl,
      location: organizations.location,
      description: organizations.description,
      timeZone: organizations.timeZone,
      ...more(organizations.id),
    })
    .from(organizations)
    .where(eq(organizations.id, sql.placeholder("organizationId")));
}
