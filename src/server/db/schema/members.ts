// Who belongs to a club, in which role, and how they got in: invitations and join requests. Owned by features/members.
import { sql } from "drizzle-orm";
import { index, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.js";
import { organizations } from "./clubs.js";
import { createdAt } from "./columns.js";

export const memberRole = pgEnum("member_role", ["owner", "admin", "organizer", "member"]);
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
