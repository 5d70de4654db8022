// Each person's email preferences, for the features that send email: they ask here whether
// someone wants a kind of email rather than reading the table.
import { inArray } from "drizzle-orm";
import type { Queryable } from "../../db/database.js";
import { notificationPreferences } from "../../db/schema/notifications.js";

export type EmailKind =
  | "sessionReminders"
  | "courtUpNext"
  | "matchResults"
  | "weeklySummary"
  | "waitlistNotifications";

/** Everyone starts with every email on (the table's defaults); an existing choice is kept. */
export async function ensurePreferences(db: Queryable, userId: string): Promise<void> {
  await db.insert(notificationPreferences).values({ userId }).onConflictDoNothing();
}

/** Those of `userIds` who want this kind of email. No row yet means the defaults: yes. */
export async function wantEmail(
  db: Queryable,
  userIds: readonly string[],
  kind: EmailKind,
): Promise<Set<string>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Set();
  const rows = await db
    .select({ userId: notificationPreferences.userId, wants: notificationPreferences[kind] })
    .from(notificationPreferences)
    .where(inArray(notificationPreferences.userId, unique));
  const declined = new Set(rows.filter((r) => !r.wants).map((r) => r.userId));
  return new Set(unique.filter((id) => !declined.has(id)));
}
