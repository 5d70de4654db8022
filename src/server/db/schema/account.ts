// A person's profile (full name, avatar, gender). Owned by features/account.
import { pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import { users } from "./auth.js";
import { createdAt, updatedAt } from "./columns.js";

/** Self-declared and optional, for mixed doubles and separate games; organizers alone see it. */
export const gender = pgEnum("gender", ["woman", "man"]);

export const profiles = pgTable("profiles", {
  id: text("id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  fullName: text("full_name").notNull(),
  avatarUrl: text("avatar_url"),
  gender: gender("gender"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
