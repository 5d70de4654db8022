// The club's membership plans (each price a version of its plan), each person's membership on
// one, and the dues events that made it what it is (decision 039). Owned by features/memberships.
import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.js";
import { organizations } from "./clubs.js";
import { createdAt, updatedAt } from "./columns.js";

export const planInterval = pgEnum("plan_interval", ["month", "year", "season"]);
export const planKind = pgEnum("plan_kind", ["individual", "household"]);
export const planDiscount = pgEnum("plan_discount", ["none", "percent", "amount"]);

// One row per version of a plan: a new price (or interval, or season) is a new row with the
// same family and the next version, and the old one is superseded. A member stays on the
// version they bought until they switch; a buyer gets the family's current version.
export const membershipPlans = pgTable(
  "membership_plans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    // The first version's id; every later version of the plan carries it.
    familyId: uuid("family_id").notNull(),
    version: integer("version").notNull().default(1),
    name: text("name").notNull(),
    // Shown beside a member's name to organizers ("FAM", "ADULT").
    code: text("code").notNull(),
    kind: planKind("kind").notNull().default("individual"),
    // A household plan covers at most this many people (the payer among them).
    householdSize: integer("household_size"),
    // Integer cents for one interval (or the whole season).
    priceCents: integer("price_cents").notNull(),
    interval: planInterval("interval").notNull(),
    // A season's fixed dates, the same for every member (null for month and year).
    seasonStartsOn: date("season_starts_on"),
    seasonEndsOn: date("season_ends_on"),
    // Days a member whose payment failed keeps the plan's benefits before the membership lapses.
    graceDays: integer("grace_days").notNull().default(7),
    // Hidden plans are not offered on the club's page (invitation only).
    visible: boolean("visible").notNull().default(true),
    // What members pay for a paid session: the price less a percent, or less an amount (cents).
    discount: planDiscount("discount").notNull().default("none"),
    discountValue: integer("discount_value").notNull().default(0),
    // Whether the plan lets its members into members-only sessions.
    membersOnlyAccess: boolean("members_only_access").notNull().default(true),
    // Registration opens this many days earlier for the plan's members.
    earlyDays: integer("early_days").notNull().default(0),
    // How many guests a member on this plan brings a month; null: the club's own number.
    guestsPerMonth: integer("guests_per_month"),
    // A newer version of the plan exists: not offered to buyers, kept by its members.
    supersededAt: timestamp("superseded_at", { withTimezone: true }),
    // No longer offered at all; its members keep it to the end of their period.
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("membership_plans_org_idx").on(t.organizationId),
    uniqueIndex("membership_plans_family_version_key").on(t.organizationId, t.familyId, t.version),
    // One current version of a plan.
    uniqueIndex("membership_plans_one_current_key")
      .on(t.organizationId, t.familyId)
      .where(sql`${t.supersededAt} is null`),
  ],
);

export const duesStatus = pgEnum("dues_status", ["active", "past_due", "lapsed", "cancelled"]);

// A person's membership at a club: one row, whatever plans it has been on. Its columns are what
// its dues events add up to (shared/domain/dues-state.ts), written whenever one arrives; the
// standing at a moment (a grace run out, a period ended) is read through dues_standing().
export const planMemberships = pgTable(
  "plan_memberships",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    planId: uuid("plan_id")
      .notNull()
      .references(() => membershipPlans.id),
    status: duesStatus("status").notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
    graceEndsAt: timestamp("grace_ends_at", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    // Who plays the subscription: the sandbox, or Stripe on the club's connected account.
    provider: text("provider").notNull(),
    providerRef: text("provider_ref"),
    // When the reconciliation last read the provider's subscription (card-dues.ts): the job
    // reads the longest unread first, so every membership is read again within a day or so.
    reconciledAt: timestamp("reconciled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("plan_memberships_org_user_key").on(t.organizationId, t.userId),
    index("plan_memberships_plan_idx").on(t.planId),
    // The reconciliation's next batch: card memberships, longest unread first.
    index("plan_memberships_reconcile_idx").on(t.reconciledAt).where(sql`${t.providerRef} is not null`),
  ],
);

// Every dues event, once: a payment (with the period it pays to), a failed payment, a
// cancellation asked or withdrawn, an end. The provider's event id makes a replay a no-op; the
// time it happened orders them, however late one arrives. A member's history reads these.
export const duesEvents = pgTable(
  "dues_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    membershipId: uuid("membership_id")
      .notNull()
      .references(() => planMemberships.id, { onDelete: "cascade" }),
    providerEventId: text("provider_event_id").notNull(),
    kind: text("kind")
      .$type<"paid" | "payment_failed" | "cancel_requested" | "cancel_withdrawn" | "ended">()
      .notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    // What the event carries: the plan and period a payment is for, the grace a failure starts.
    detail: jsonb("detail").$type<{ planId?: string; periodEnd?: string; graceDays?: number }>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("dues_events_provider_event_key").on(t.providerEventId),
    index("dues_events_membership_idx").on(t.membershipId, t.occurredAt),
  ],
);

export const householdRole = pgEnum("household_role", ["adult", "child"]);

// The people a household plan's payer adds to their membership: adults with their own accounts
// (already in the club, who accept), and children without an email address (a name and a birth
// year; their account cannot sign in, and the payer manages them). Each is a player of the
// club like anyone, registered and paid for by the payer, with the plan's benefits while the
// payer's membership lasts (member_benefits).
export const householdMembers = pgTable(
  "household_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    membershipId: uuid("membership_id")
      .notNull()
      .references(() => planMemberships.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: householdRole("role").notNull(),
    birthYear: integer("birth_year"),
    // An adult is in once they accept; a child is in at once.
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // A person is in one household at a club.
    uniqueIndex("household_members_org_user_key").on(t.organizationId, t.userId),
    index("household_members_membership_idx").on(t.membershipId),
  ],
);

// The dues checkout last opened for each person at a club, until it is paid or replaced: a
// second Join closes the first at the provider before opening its own, so two taps never make
// two subscriptions.
export const duesCheckouts = pgTable(
  "dues_checkouts",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Null while the first is being opened.
    providerRef: text("provider_ref"),
    // While a checkout is being opened for the person: another is refused until then (a
    // claim left by a process that died runs out by itself).
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("dues_checkouts_org_user_key").on(t.organizationId, t.userId)],
);
