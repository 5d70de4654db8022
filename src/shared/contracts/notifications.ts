import { z } from "zod";
import { displayName, patternText, privateText } from "./common.js";

/**
 * Settings shows the five email notification toggles, all on by default; a sixth, off until
 * asked for: each night's receipt after a session played; and, for a club's owners and admins,
 * the emails about requests to join (on by default); and a member's dues (on by default).
 */
export const notificationPreferences = z.object({
  session_reminders: z.boolean(),
  court_up_next: z.boolean(),
  match_results: z.boolean(),
  weekly_summary: z.boolean(),
  waitlist_notifications: z.boolean(),
  night_receipt: z.boolean(),
  /** A push to the phones they opted in from when called to a court (on once they opt in). */
  called_to_court: z.boolean(),
  /** An email to a club's owners and admins when someone asks to join it. */
  join_requests: z.boolean(),
  /** A member's dues: a renewal coming, a payment failed, a membership lapsed. */
  membership_dues: z.boolean(),
});
/** A save may leave out all but the spec's five (each left out is kept as it was). */
export const notificationPreferencesBody = notificationPreferences.extend({
  night_receipt: z.boolean().optional(),
  called_to_court: z.boolean().optional(),
  join_requests: z.boolean().optional(),
  membership_dues: z.boolean().optional(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

/** The push service address a browser gives for a device; longer ones are refused unread. */
export const PUSH_ENDPOINT_MAX = 2000;
// The browser's P-256 public key (65 bytes, uncompressed: it starts 0x04, "B" in base64url)
// and its 16-byte auth secret, both base64url without padding.
const p256dh = patternText(
  z.string().regex(/^B[A-Za-z0-9_-]{86}$/, "The device's key is not a P-256 public key"),
);
const auth = privateText(z.string().regex(/^[A-Za-z0-9_-]{22}$/, "The device's auth secret is not 16 bytes"));

/** A device opting in, as PushManager.subscribe() describes it (its JSON), and a name for it. */
export const pushSubscriptionBody = z.object({
  endpoint: z
    .string()
    .max(PUSH_ENDPOINT_MAX, `A push address is at most ${PUSH_ENDPOINT_MAX} characters`)
    .pipe(z.url({ error: "The push address is not a URL" })),
  keys: z.object({ p256dh, auth }),
  label: displayName(z.string().trim().min(1).max(80)).default("This device"),
});
export type PushSubscriptionBody = z.input<typeof pushSubscriptionBody>;

export const pushDevice = z.object({ id: z.uuid(), label: z.string(), createdAt: z.iso.datetime() });
export type PushDevice = z.infer<typeof pushDevice>;
