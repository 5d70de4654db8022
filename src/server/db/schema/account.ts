// A person's profile (full name, avatar). Owned by features/account.
import { pgTable, text } from "drizzle-orm/pg-core";
import { users } from "./auth.js";
import { createdAt, updatedAt } from "./columns.js";

export const profiles = pgTable("profiles", {
  id: text("id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  fullName: text("full_name").notNull(),
  avatarUrl: text("avatar_url"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
