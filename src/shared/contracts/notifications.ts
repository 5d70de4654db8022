import { z } from "zod";

/**
 * SPEC §2 Settings: the five email notification toggles, all on by default (SPEC §3); and a
 * sixth, off until asked for: each night's receipt after a session played.
 */
export const notificationPreferences = z.object({
  session_reminders: z.boolean(),
  court_up_next: z.boolean(),
  match_results: z.boolean(),
  weekly_summary: z.boolean(),
  waitlist_notifications: z.boolean(),
  night_receipt: z.boolean(),
});
/** A save may leave the sixth out (it is kept as it was). */
export const notificationPreferencesBody = notificationPreferences.extend({
  night_receipt: z.boolean().optional(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

export const notificationLabels: Record<keyof NotificationPreferences, { title: string; body: string }> = {
  session_reminders: { title: "Session reminders", body: "A reminder before sessions you registered for." },
  court_up_next: { title: "Court up next", body: "When your group is called to a court." },
  match_results: { title: "Match results", body: "Your results and rating changes." },
  weekly_summary: { title: "Weekly summary", body: "A short digest of your club's week." },
  waitlist_notifications: { title: "Waitlist", body: "When a place opens for you in a full session." },
  night_receipt: {
    title: "Your night",
    body: "After each session you played: your games, partners and waits.",
  },
};
