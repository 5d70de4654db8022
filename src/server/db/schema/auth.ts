// Accounts: better-auth's models and the sign-in rate limits. Owned by platform/auth.
import { bigint, boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.js";

// better-auth's models, renamed so they cannot be mistaken for club sessions.

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  // better-auth's two-factor plugin: sign-in asks for the second factor when true.
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
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

// The second factor (better-auth's two-factor plugin): an authenticator app's secret and the
// backup codes, both encrypted with the app's secret. `verified` is false between enrolment
// and the first good code; until then sign-in does not ask for it. The friendly name is ours,
// and so is the last time step whose code was accepted: a code is good once (RFC 6238 §5.2,
// platform/auth/totp-replay.ts).
export const authTwoFactors = pgTable(
  "auth_two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    friendlyName: text("friendly_name").notNull().default("Authenticator app"),
    lastUsedStep: bigint("last_used_step", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [index("auth_two_factors_user_id_idx").on(t.userId)],
);

// The phone factor: sign-in codes by text message (better-auth's two-factor OTP method sends
// them through platform/sms). One number per account, kept once it was confirmed by a code.
export const authPhoneFactors = pgTable("auth_phone_factors", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  phone: text("phone").notNull(),
  friendlyName: text("friendly_name").notNull(),
  createdAt: createdAt(),
});

// Passkeys (WebAuthn credentials), our own better-auth plugin (platform/auth/passkeys.ts):
// the credential's public key and signature counter, and the name the person gave it.
export const authPasskeys = pgTable(
  "auth_passkeys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    credentialId: text("credential_id").notNull().unique(),
    publicKey: text("public_key").notNull(),
    // WebAuthn's signature counter is an unsigned 32-bit number: beyond an integer's range.
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports").array().notNull().default([]),
    backedUp: boolean("backed_up").notNull().default(false),
    friendlyName: text("friendly_name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("auth_passkeys_user_id_idx").on(t.userId)],
);

// Fixed-window counters for the sign-in, sign-up and reset rate limits, shared by every
// app instance through the database.
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});
