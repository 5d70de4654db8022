// Clubs and their courts. The subscription and payout columns on organizations are read and written through the clubs service. Owned by features/clubs.
import { boolean, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.js";

export const subscriptionStatus = pgEnum("subscription_status", ["trial", "active", "past_due", "canceled"]);
export const paidPlan = pgEnum("paid_plan", ["basic", "pro"]);
export const organizations = pgTable(
  "organizations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique("organizations_slug_key"),
    location: text("location"),
    contactEmail: text("contact_email"),
    contactPhone: text("contact_phone"),
    logoUrl: text("logo_url"),
    description: text("description"),
    timeZone: text("time_zone").notNull().default("UTC"),
    trialEndsAt: timestamp("trial_ends_at", { withTimezone: true }).notNull(),
    subscriptionStatus: subscriptionStatus("subscription_status").notNull().default("trial"),
    // As last read from the payment provider (features/billing/subscription.ts).
    subscriptionProductId: text("subscription_product_id"),
    // The plan that product is, by the configured catalog; null for an unknown product.
    subscriptionPlan: paidPlan("subscription_plan"),
    subscriptionEndsAt: timestamp("subscription_ends_at", { withTimezone: true }),
    // The club as the payment provider's customer (subscription checkout and portal).
    billingCustomerRef: text("billing_customer_ref"),
    // The club's payout account (Stripe Connect), and its state as last read from the provider.
    payoutAccountRef: text("payout_account_ref"),
    payoutDetailsSubmitted: boolean("payout_details_submitted").notNull().default(false),
    payoutChargesEnabled: boolean("payout_charges_enabled").notNull().default(false),
    // Set when the owner deletes the club: from then on nobody reaches it (404), and a job
    // removes its rows once every refund its closing owed is made (features/clubs/closing.ts).
    closingAt: timestamp("closing_at", { withTimezone: true }),
    // Members' guests (clubs/access-rules.ts, sessions/guests.ts): whether a member may bring
    // one, how many a member brings in a month (by the sessions' start, in the club's time), and
    // what a guest pays in a paid session (cents; null: the session's price).
    guestsAllowed: boolean("guests_allowed").notNull().default(false),
    guestsPerMonth: integer("guests_per_month").notNull().default(2),
    guestPrice: integer("guest_price"),
    // The strike rule (sessions/strikes.ts, in_good_standing): a member with this many strikes
    // over this many days waits for the general opening; and whether a paid place released as a
    // no-show is refunded.
    strikeLimit: integer("strike_limit").notNull().default(3),
    strikeDays: integer("strike_days").notNull().default(60),
    refundNoShows: boolean("refund_no_shows").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Webhooks name the club by these.
    uniqueIndex("organizations_billing_customer_ref_key").on(t.billingCustomerRef),
    uniqueIndex("organizations_payout_account_ref_key").on(t.payoutAccountRef),
  ],
);
export const courts = pgTable(
  "courts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("courts_org_name_key").on(t.organizationId, t.name)],
);
