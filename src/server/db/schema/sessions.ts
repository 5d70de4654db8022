// Sessions, registrations with their waitlist, their fees (payments), and calendar feeds. Owned by
// features/sessions.
import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.js";
import { organizations } from "./clubs.js";
import { createdAt, updatedAt } from "./columns.js";

/** Who may make a team (shared/rotation TeamRule): anyone, mixed doubles, or separate games. */
export const teamRule = pgEnum("team_rule", ["open", "mixed", "separate"]);
export const sessionStatus = pgEnum("session_status", ["scheduled", "active", "completed", "cancelled"]);
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    paymentRequired: boolean("payment_required").notNull().default(false),
    // Integer cents; null when the session is free.
    paymentAmount: integer("payment_amount"),
    // Null: no limit on registrations.
    capacity: integer("capacity"),
    // A paid place cancelled at least this many hours before the start is refunded.
    refundCutoffHours: integer("refund_cutoff_hours").notNull().default(24),
    skillMin: numeric("skill_min", { precision: 2, scale: 1, mode: "number" }),
    skillMax: numeric("skill_max", { precision: 2, scale: 1, mode: "number" }),
    status: sessionStatus("status").notNull().default("scheduled"),
    // Sessions made together by a weekly repeat share a series id.
    seriesId: uuid("series_id"),
    // Registration opens then (null: as soon as the session is scheduled); before, the session
    // says when. sessions/lottery.ts
    registrationOpensAt: timestamp("registration_opens_at", { withTimezone: true }),
    // An earlier opening for members in good standing (fewer strikes than the club's strike rule
    // allows, sessions/strikes.ts); null: everyone waits for registration_opens_at.
    earlyOpensAt: timestamp("early_opens_at", { withTimezone: true }),
    // A lottery: requests until then are entries that count equally, drawn at this time.
    lotteryDrawAt: timestamp("lottery_draw_at", { withTimezone: true }),
    // How far back a person's lost draws at the club count toward their weight.
    lotteryLookbackDays: integer("lottery_lookback_days").notNull().default(60),
    // A place is assured after this many draws lost in a row (null: never).
    lotteryGuaranteeAfter: integer("lottery_guarantee_after"),
    // Chosen when the lottery is set and kept secret until the draw; its SHA-256 is shown from
    // the start (session-reads.ts seedFingerprint), so nobody can choose another seed once
    // entries are in. Published once drawn: anyone can recompute the order from it.
    lotterySeed: text("lottery_seed"),
    lotteryDrawnAt: timestamp("lottery_drawn_at", { withTimezone: true }),
    // Minutes after the start when places not checked in go to those standing by (null: only
    // when an organizer releases them). sessions/no-shows.ts
    noShowReleaseMinutes: integer("no_show_release_minutes"),
    noShowsReleasedAt: timestamp("no_shows_released_at", { withTimezone: true }),
    // Who may make a team, as scheduled: the board starts with it and its setting writes it back,
    // so the session says what the night was played as (features/courts board-store.ts).
    teams: teamRule("teams").notNull().default("open"),
    // Only people whose membership plan lets them in may register (take_place, decision 039).
    membersOnly: boolean("members_only").notNull().default(false),
    // The secret in the self check-in link and QR code.
    checkInToken: text("check_in_token").notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("sessions_org_starts_at_idx").on(t.organizationId, t.startsAt),
    // The club's live session, which every board action and read looks for (five years of
    // sessions made the look-up a scan of thousands), and the only one: a club runs one session
    // on its courts at a time (docs/decisions/036), so two starts at once cannot both win.
    uniqueIndex("sessions_one_active_key").on(t.organizationId).where(sql`${t.status} = 'active'`),
  ],
);
export const registrationStatus = pgEnum("registration_status", [
  "registered",
  "waitlisted",
  "pending_payment",
  "cancelled",
  // In a lottery not drawn yet: holds no place, and becomes a place or the waitlist at the draw.
  "entered",
]);
// One row per person (or walk-in guest) per session. A place is held by 'registered' and by
// 'pending_payment' until its hold expires; 'waitlisted' rows are promoted in `seq` order,
// those who walked up last.
export const sessionRegistrations = pgTable(
  "session_registrations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    guestName: text("guest_name"),
    // A member's guest (sessions/guests.ts): the member who brought them, who answers for the
    // place and pays for it; null for a walk-in the organizer added, and for members.
    broughtBy: text("brought_by").references(() => users.id, { onDelete: "set null" }),
    // The guest's address, if the member gave it: when someone with it joins the club, the
    // guest's places become theirs, history and all (claim_guest_places, migration 0036).
    guestEmail: text("guest_email"),
    status: registrationStatus("status").notNull(),
    // Came to the door unregistered while the session was full: stands by after everyone on the
    // waitlist (promote_waitlist, migration 0036). Any waitlisted row checked in is a player
    // present and standing by: moved up, they are in and on the board at once.
    walkedUp: boolean("walked_up").notNull().default(false),
    // Arrival order within the session, taken while the session row is locked.
    seq: integer("seq").notNull(),
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }),
    // When the place was given, if not at registration: moved up from the waitlist, or drawn.
    // A place given up after the refund cut-off counts half a strike only if it was held
    // before the cut-off (give_up_place, migration 0034).
    placedAt: timestamp("placed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("session_registrations_org_session_idx").on(t.organizationId, t.sessionId, t.seq),
    // The registration steps (places taken, the next in line, holds running out, a cancelled
    // session's refunds) ask by session and status alone, inside the session's lock: without
    // this each of them read every club's registrations (docs/SCALING.md).
    index("session_registrations_session_status_idx").on(t.sessionId, t.status),
    // A person's registrations in every club: their name shows on each of those lists (the
    // data stamps, migration 0013), and deleting their account cascades to them.
    index("session_registrations_user_idx").on(t.userId),
    uniqueIndex("session_registrations_one_active_key")
      .on(t.sessionId, t.userId)
      .where(sql`${t.status} <> 'cancelled' and ${t.userId} is not null`),
    // A member brings a guest once to a session (by name, as they typed it in any case).
    uniqueIndex("session_registrations_one_guest_key")
      .on(t.sessionId, t.broughtBy, sql`lower(${t.guestName})`)
      .where(sql`${t.status} <> 'cancelled' and ${t.broughtBy} is not null`),
    // A member's guests this month (the club's limit).
    index("session_registrations_brought_by_idx").on(t.broughtBy).where(sql`${t.broughtBy} is not null`),
    // A joining person's guest places, by the address given (claim_guest_places, migration 0036).
    index("session_registrations_guest_email_idx")
      .on(t.organizationId, sql`lower(${t.guestEmail})`)
      .where(sql`${t.userId} is null and ${t.guestEmail} is not null`),
  ],
);
// Each entrant's part in a session's draw: the weight their earlier losses gave them, their
// ticket from the seed, where they came and whether they got in. The draw is published from
// these rows, and the next draws count a person's losses since their last win from them.
export const lotteryResults = pgTable(
  "lottery_results",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lossesBefore: integer("losses_before").notNull(),
    weight: integer("weight").notNull(),
    ticket: doublePrecision("ticket").notNull(),
    assured: boolean("assured").notNull(),
    position: integer("position").notNull(),
    won: boolean("won").notNull(),
    drawnAt: timestamp("drawn_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.userId] }),
    index("lottery_results_person_idx").on(t.organizationId, t.userId, t.drawnAt),
  ],
);

// A member's missed commitments at the club: a place not checked in by the release time (a
// whole strike), or given up after the refund cut-off (half). Admins see them per member.
export const noShowStrikes = pgTable(
  "no_show_strikes",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"no_show" | "late_drop">().notNull(),
    weight: doublePrecision("weight").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.userId, t.kind] }),
    index("no_show_strikes_club_idx").on(t.organizationId, t.createdAt),
  ],
);

// The per-club iCal feed: calendar apps subscribe with the secret token in the URL. Rotating
// the token revokes every earlier subscription.
export const calendarFeeds = pgTable("calendar_feeds", {
  organizationId: uuid("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  token: text("token").notNull().unique(),
  createdAt: createdAt(),
});

// Session fees: the money side of a registration, in the registration lifecycle's hands.
export const paymentStatus = pgEnum("payment_status", [
  "pending",
  "paid",
  "cancelled",
  "expired",
  // Decided and owed: the provider's refund is made by a job (retried until it succeeds).
  "refund_pending",
  "refunded",
]);
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    registrationId: uuid("registration_id")
      .notNull()
      .references(() => sessionRegistrations.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    // The checkout (Stripe: its Checkout Session id).
    providerRef: text("provider_ref"),
    // The charge itself once paid (Stripe: the PaymentIntent id): what a refund names.
    providerPaymentRef: text("provider_payment_ref"),
    // The connected account the money went to; null when the platform took it (the sandbox).
    payoutAccountRef: text("payout_account_ref"),
    amount: integer("amount").notNull(),
    // Our share, in cents, by the club's plan when the checkout opened (docs/decisions/009).
    applicationFee: integer("application_fee").notNull().default(0),
    refundRef: text("refund_ref"),
    status: paymentStatus("status").notNull().default("pending"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("payments_org_idx").on(t.organizationId, t.registrationId)],
);
// Each payment-provider webhook event handled, by the provider's event id: an event delivered
// again is acknowledged and changes nothing.
