// Each person's email preferences. Owned by features/notifications.
import { boolean, pgTable, text } from "drizzle-orm/pg-core";
import { users } from "./auth.js";
import { updatedAt } from "./columns.js";

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
