// Each person's email preferences, for the features that send email: they ask here whether
// someone wants a kind of email rather than reading the table.
import { eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../../db/database.js";
import { notificationLog, notificationPreferences } from "../../db/schema/notifications.js";

export type EmailKind =
  | "sessionReminders"
  | "courtUpNext"
  | "matchResults"
  | "weeklySummary"
  | "waitlistNotifications"
  | "nightReceipt"
  | "calledToCourt"
  | "joinRequests"
  | "membershipDues";

/** The kinds nobody gets until they ask: with no row yet, the answer is no. */
const optIn = new Set<EmailKind>(["nightReceipt"]);

/** Everyone starts with every email on (the table's defaults); an existing choice is kept. */
export async function ensurePreferences(db: Queryable, userId: string): Promise<void> {
  await db.insert(notificationPreferences).values({ userId }).onConflictDoNothing();
}

/** Turns one kind of email on or off (an account deleted since the email was sent: nothing to do). */
export async function setPreference(
  db: Queryable,
  userId: string,
  kind: EmailKind,
  wanted: boolean,
): Promise<void> {
  try {
    await db
      .insert(notificationPreferences)
      .values({ userId, [kind]: wanted })
      .onConflictDoUpdate({
        target: notificationPreferences.userId,
        set: { [kind]: wanted, updatedAt: new Date() },
      });
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code !== "23503") throw error;
  }
}

/** An account deleted: its choices go, and no sweep claims anything more for it. */
export async function forgetPreferences(db: Queryable, userId: string): Promise<void> {
  await db.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  await db.insert(notificationPreferences).values({
    userId,
    sessionReminders: false,
    courtUpNext: false,
    matchResults: false,
    weeklySummary: false,
    waitlistNotifications: false,
    nightReceipt: false,
    calledToCourt: false,
    joinRequests: false,
    membershipDues: false,
  });
}

/** Those of `userIds` who want this kind of email. No row yet means the defaults: yes, but for an opt-in kind. */
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
  if (optIn.has(kind)) return new Set(rows.filter((r) => r.wants).map((r) => r.userId));
  const declined = new Set(rows.filter((r) => !r.wants).map((r) => r.userId));
  return new Set(unique.filter((id) => !declined.has(id)));
}

/**
 * Claims the one email of an event for a person: true the first time `key` is claimed, false
 * ever after. Called in the transaction that queues the email, so both happen or neither.
 */
export async function claimNotification(db: Queryable, key: string, userId: string): Promise<boolean> {
  const claimed = await db
    .insert(notificationLog)
    .values({ key, userId })
    .onConflictDoNothing()
    .returning({ key: notificationLog.key });
  return claimed.length > 0;
}

/** Whether the notification of `key` (a SQL expression) was claimed already: for a sweep's WHERE. */
export const claimedAlready = (key: SQL) =>
  sql`exists (select 1 from ${notificationLog} claimed where claimed.key = ${key})`;

/**
 * claimNotification for many at once, in one statement: the keys claimed now (each the first
 * time), of those asked.
 */
export async function claimNotifications(
  db: Queryable,
  claims: ReadonlyArray<{ key: string; userId: string }>,
): Promise<Set<string>> {
  if (claims.length === 0) return new Set();
  const claimed = await db
    .insert(notificationLog)
    .values(claims.map(({ key, userId }) => ({ key, userId })))
    .onConflictDoNothing()
    .returning({ key: notificationLog.key });
  return new Set(claimed.map((row) => row.key));
}
