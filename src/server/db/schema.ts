// The database schema: the entities of SPEC §3 plus the tables better-auth and the
// platform need. Migrations are generated from this file (`npm run db:generate`) and
// `npm run db:check` fails when the two drift. Keep this file free of relative imports:
// drizzle-kit loads it on its own.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------- accounts (better-auth)
// better-auth's models, renamed so they cannot be mistaken for club sessions.

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const authSessions = pgTable(
  "auth_sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("auth_sessions_user_id_idx").on(t.userId)],
);

export const authAccounts = pgTable(
  "auth_accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("auth_accounts_user_id_idx").on(t.userId)],
);

export const authVerifications = pgTable(
  "auth_verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("auth_verifications_identifier_idx").on(t.identifier)],
);

// ---------------------------------------------------------------- clubs

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Webhooks name the club by these.
    uniqueIndex("organizations_billing_customer_ref_key").on(t.billingCustomerRef),
    uniqueIndex("organizations_payout_account_ref_key").on(t.payoutAccountRef),
  ],
);

export const organizationMembers = pgTable(
  "organization_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("organization_members_org_user_key").on(t.organizationId, t.userId),
    index("organization_members_user_id_idx").on(t.userId),
  ],
);

export const memberRole = pgEnum("member_role", ["owner", "admin", "organizer", "member"]);

export const userRoles = pgTable(
  "user_roles",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: memberRole("role").notNull().default("member"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId] }),
    // Exactly one owner per club: the database refuses a second.
    uniqueIndex("user_roles_one_owner_key").on(t.organizationId).where(sql`${t.role} = 'owner'`),
  ],
);

export const profiles = pgTable("profiles", {
  id: text("id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  fullName: text("full_name").notNull(),
  avatarUrl: text("avatar_url"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

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
    // The secret in the self check-in link and QR code.
    checkInToken: text("check_in_token").notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_org_starts_at_idx").on(t.organizationId, t.startsAt)],
);

export const registrationStatus = pgEnum("registration_status", [
  "registered",
  "waitlisted",
  "pending_payment",
  "cancelled",
]);

// One row per person (or walk-in guest) per session. A place is held by 'registered' and by
// 'pending_payment' until its hold expires; 'waitlisted' rows are promoted in `seq` order.
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
    status: registrationStatus("status").notNull(),
    // Arrival order within the session, taken while the session row is locked.
    seq: integer("seq").notNull(),
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("session_registrations_org_session_idx").on(t.organizationId, t.sessionId, t.seq),
    uniqueIndex("session_registrations_one_active_key")
      .on(t.sessionId, t.userId)
      .where(sql`${t.status} <> 'cancelled' and ${t.userId} is not null`),
  ],
);

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
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: createdAt(),
});

// The sandbox payment provider's side of the world (its customers, subscriptions, checkouts,
// payout accounts), kept apart from ours so the app reads it back exactly as it reads Stripe.
export const sandboxProviderRecords = pgTable("sandbox_provider_records", {
  ref: text("ref").primaryKey(),
  kind: text("kind").notNull(),
  data: jsonb("data").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- court queue

export const rotationMode = pgEnum("rotation_mode", [
  "fair",
  "paddle-stack",
  "winners-stay",
  "skill-balanced",
  "king-of-the-court",
]);

// The live queue of an active session: one row per checked-in player, carrying the counters
// the rotation engine decides from. Every change bumps sessions' board version (below) under
// the session's row lock.
export const queuePlayers = pgTable(
  "queue_players",
  {
    registrationId: uuid("registration_id")
      .primaryKey()
      .references(() => sessionRegistrations.id, { onDelete: "cascade" }),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    userId: text("user_id"),
    name: text("name").notNull(),
    // Order of becoming ready: arrival, then each time the player comes off court.
    readySeq: integer("ready_seq").notNull(),
    arrivedSeq: integer("arrived_seq").notNull(),
    gamesPlayed: integer("games_played").notNull().default(0),
    // A late arrival joins at the median of games played: counted for fairness, not shown.
    gamesCredit: integer("games_credit").notNull().default(0),
    gamesWaited: integer("games_waited").notNull().default(0),
    sitOuts: integer("sit_outs").notNull().default(0),
    winStreak: integer("win_streak").notNull().default(0),
    onBreak: boolean("on_break").notNull().default(false),
    present: boolean("present").notNull().default(true),
    partners: text("partners").array().notNull().default(sql`'{}'::text[]`),
    opponents: text("opponents").array().notNull().default(sql`'{}'::text[]`),
    wantsBye: boolean("wants_bye").notNull().default(false),
    // King of the court: the court this player moves to next (null: the queue).
    courtTarget: uuid("court_target"),
  },
  (t) => [index("queue_players_org_session_idx").on(t.organizationId, t.sessionId)],
);

export const boardCourtStatus = pgEnum("board_court_status", ["free", "playing", "unavailable"]);

export const boards = pgTable("boards", {
  sessionId: uuid("session_id")
    .primaryKey()
    .references(() => sessions.id, { onDelete: "cascade" }),
  organizationId: uuid("organization_id")
    .notNull()
    .references(() => organizations.id, { onDelete: "cascade" }),
  mode: rotationMode("mode").notNull().default("fair"),
  balanceByRating: boolean("balance_by_rating").notNull().default(false),
  // Bumped by every action; clients refetch when a notice carries a newer one.
  version: integer("version").notNull().default(0),
  nextSeq: integer("next_seq").notNull().default(1),
  seed: integer("seed").notNull(),
  singlesCourts: uuid("singles_courts").array().notNull().default(sql`'{}'::uuid[]`),
  // Organizers' requests: { together: [[a, b]], apart: [[a, b]] } of registration ids.
  pairings: jsonb("pairings")
    .$type<{ together: [string, string][]; apart: [string, string][] }>()
    .notNull()
    .default({ together: [], apart: [] }),
});

export const gameStatus = pgEnum("game_status", ["playing", "finished", "cancelled"]);

// Games on court, and once finished, the match results the ladder is built from.
export const games = pgTable(
  "games",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    courtId: uuid("court_id")
      .notNull()
      .references(() => courts.id, { onDelete: "cascade" }),
    teamA: text("team_a").array().notNull(),
    teamB: text("team_b").array().notNull(),
    status: gameStatus("status").notNull().default("playing"),
    scoreA: integer("score_a"),
    scoreB: integer("score_b"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [index("games_org_session_idx").on(t.organizationId, t.sessionId, t.status)],
);

export const unavailableCourts = pgTable(
  "unavailable_courts",
  {
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    courtId: uuid("court_id")
      .notNull()
      .references(() => courts.id, { onDelete: "cascade" }),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.courtId] }),
    index("unavailable_courts_org_idx").on(t.organizationId),
  ],
);

// A TV at the club shows the board at /display/{token} without signing in.
export const displayTokens = pgTable(
  "display_tokens",
  {
    token: text("token").primaryKey(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("display_tokens_org_idx").on(t.organizationId)],
);

// "You're up next on Court 2": recorded for each player when their group is assigned; the
// notifications issue turns these into emails (court_up_next preference).
export const playerNotices = pgTable(
  "player_notices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("player_notices_org_idx").on(t.organizationId, t.createdAt)],
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

export const notificationPreferences = pgTable("notification_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  sessionReminders: boolean("session_reminders").notNull().default(true),
  courtUpNext: boolean("court_up_next").notNull().default(true),
  matchResults: boolean("match_results").notNull().default(true),
  weeklySummary: boolean("weekly_summary").notNull().default(true),
  waitlistNotifications: boolean("waitlist_notifications").notNull().default(true),
  updatedAt: updatedAt(),
});

export const joinRequestStatus = pgEnum("join_request_status", ["pending", "approved", "rejected"]);

export const organizationJoinRequests = pgTable(
  "organization_join_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    message: text("message"),
    status: joinRequestStatus("status").notNull().default("pending"),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("organization_join_requests_org_idx").on(t.organizationId, t.status),
    // At most one pending request per user per club; a rejected user may ask again.
    uniqueIndex("organization_join_requests_one_pending_key")
      .on(t.organizationId, t.userId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export const invitationRole = pgEnum("invitation_role", ["admin", "organizer", "member"]);

// An invitation link is single use and expires; only the SHA-256 of its token is stored, so
// a database leak does not hand out working links.
export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: invitationRole("role").notNull().default("member"),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: text("accepted_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("invitations_org_idx").on(t.organizationId, t.createdAt)],
);

// ---------------------------------------------------------------- platform

// Fixed-window counters for the sign-in, sign-up and reset rate limits, shared by every
// app instance through the database.
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

// The local mailbox used when no SMTP server is configured.
export const mailboxMessages = pgTable("mailbox_messages", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html").notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- ladder
// Matches are the source of truth; ratings, history and events are a stored replay of the
// counted matches, recomputed in the same transaction as any change (features/ladder).

export const matchFormat = pgEnum("match_format", ["singles", "doubles"]);
/** pending: waiting for the other side (counts after 48 hours); disputed: waits for an organizer. */
export const matchStatus = pgEnum("match_status", ["pending", "confirmed", "disputed", "voided"]);

export const matches = pgTable(
  "matches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    format: matchFormat("format").notNull(),
    teamA: text("team_a").array().notNull(),
    teamB: text("team_b").array().notNull(),
    games: jsonb("games").$type<Array<{ a: number; b: number }>>().notNull(),
    winner: text("winner").$type<"A" | "B">().notNull(),
    playedAt: timestamp("played_at", { withTimezone: true }).notNull(),
    status: matchStatus("status").notNull().default("pending"),
    loggedBy: text("logged_by").references(() => users.id, { onDelete: "set null" }),
    answeredBy: text("answered_by").references(() => users.id, { onDelete: "set null" }),
    /** The board game this match came from, when it was scored on the court board. */
    gameId: uuid("game_id").references(() => games.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("matches_org_format_played_idx").on(t.organizationId, t.format, t.playedAt),
    uniqueIndex("matches_game_key").on(t.gameId),
  ],
);

export const playerRatings = pgTable(
  "player_ratings",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    format: matchFormat("format").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: doublePrecision("rating").notNull(),
    lastChange: doublePrecision("last_change").notNull(),
    streak: integer("streak").notNull(),
    games: integer("games").notNull(),
    wins: integer("wins").notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.format, t.userId] })],
);

export const ratingHistory = pgTable(
  "rating_history",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    matchId: uuid("match_id")
      .notNull()
      .references(() => matches.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    format: matchFormat("format").notNull(),
    ratingAfter: doublePrecision("rating_after").notNull(),
    delta: doublePrecision("delta").notNull(),
    playedAt: timestamp("played_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.matchId, t.userId] }),
    index("rating_history_player_idx").on(t.organizationId, t.userId, t.playedAt),
  ],
);

/** One row per player of each match the first time it counts: the notifications' outbox. */
export const matchResultEvents = pgTable(
  "match_result_events",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    matchId: uuid("match_id")
      .notNull()
      .references(() => matches.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    delta: doublePrecision("delta").notNull(),
    ratingAfter: doublePrecision("rating_after").notNull(),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.matchId, t.userId] })],
);
