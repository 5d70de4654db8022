// A player's place at a session: a registration and its statuses, guests and walk-ins, checking
// in, cancelling, releasing the places not checked in, and the strikes missed places earn. Apart
// from the session itself (sessions.ts), so a page that only works with places loads just this.
import { z } from "zod";
import { messages } from "../domain/messages.js";
import { displayName, patternText, privateText } from "./common.js";

export const registrationStatuses = [
  "registered",
  "waitlisted",
  "pending_payment",
  "cancelled",
  // In a lottery not drawn yet: no place held until the draw.
  "entered",
] as const;

/** The club's rules for members' guests (contracts/access-rules.ts), as a session's page reads them; cents. */
export const guestRules = z.object({
  allowed: z.boolean(),
  perMonth: z.number().int(),
  /** What a guest pays in a paid session; null: the session's own price. */
  price: z.number().int().nullable(),
});
export type GuestRules = z.infer<typeof guestRules>;

export const registration = z.object({
  id: z.uuid(),
  userId: z.string().nullable(),
  name: z.string(),
  status: z.enum(registrationStatuses),
  waitlistPosition: z.number().int().nullable(),
  checkedIn: z.boolean(),
  holdExpiresAt: z.iso.datetime().nullable(),
  /** A member's guest: the member who brought them (they may take the place back), and their name. */
  broughtBy: z.string().nullable(),
  guestOf: z.string().nullable(),
});
export type Registration = z.infer<typeof registration>;

export const registerResponse = z.object({
  registration,
  /** Set when the place is held until a payment is confirmed at this address. */
  checkoutUrl: z.string().nullable(),
});

export const GUEST_NAME_MAX = 80;
export const guestName = displayName(
  z
    .string()
    .trim()
    .min(2, messages.validation.nameTooShort)
    .max(GUEST_NAME_MAX, `Name must be at most ${GUEST_NAME_MAX} characters`),
);
/** A member's id, looked up in the club: never shown as sent. */
const memberId = patternText(z.string().min(1).max(100));

export const walkInBody = z.union([z.object({ userId: memberId }), z.object({ guestName })]);

/** How many guests, and how many members, one bulk check-in takes: a busy night's door. */
export const BULK_CHECK_IN_MAX = 100;

/** Two names are the same person's when they differ only in case and spacing. */
export const sameNameKey = (name: string) => name.trim().replace(/\s+/g, " ").toLocaleLowerCase("en");

/**
 * Walk-ins checked in at once: guests by name (one per pasted line) and members by id. Each
 * problem names its place in the lists (path ["guestNames", 3]), so a form can mark the line.
 */
export const bulkCheckInBody = z
  .object({
    guestNames: z
      .array(guestName)
      .max(BULK_CHECK_IN_MAX, `At most ${BULK_CHECK_IN_MAX} names at once`)
      .default([]),
    memberIds: z
      .array(memberId)
      .max(BULK_CHECK_IN_MAX, `At most ${BULK_CHECK_IN_MAX} members at once`)
      .default([]),
    /** When the places run out: those left over stand by at the door, after the waitlist. */
    standBy: z.boolean().default(false),
  })
  .superRefine((body, ctx) => {
    if (body.guestNames.length + body.memberIds.length === 0) {
      ctx.addIssue({ code: "custom", path: ["guestNames"], message: "Add at least one name or member" });
    }
    // The first of each is kept; a later repeat is the line to fix.
    const repeated = (values: string[], key: (value: string) => string, field: string, message: string) => {
      const seen = new Set<string>();
      values.forEach((value, index) => {
        if (seen.has(key(value))) ctx.addIssue({ code: "custom", path: [field, index], message });
        seen.add(key(value));
      });
    };
    repeated(body.guestNames, sameNameKey, "guestNames", "This name is on an earlier line too");
    repeated(body.memberIds, (id) => id, "memberIds", "This member is ticked twice");
  });
export type BulkCheckInBody = z.input<typeof bulkCheckInBody>;
export const bulkCheckInResponse = z.object({
  checkedIn: z.number().int(),
  /** Present, with no place left: they have the next places that open, after the waitlist. */
  standingBy: z.number().int(),
});
export type BulkCheckInResponse = z.infer<typeof bulkCheckInResponse>;
export const checkInBody = z.object({ token: privateText(z.string().min(8).max(100)) });
/** Checked in; or, with no place for them, standing by at the door with their turn on the waitlist. */
export const selfCheckInResponse = z.object({
  standingBy: z.boolean(),
  waitlistPosition: z.number().int().nullable(),
});

/** What cancelling a place did with its money: null for a free or unpaid place. */
export const cancelRegistrationResponse = z.object({
  refund: z
    .object({
      amount: z.number().int(),
      refunded: z.boolean(),
      /** One sentence for the person, also mailed to them. */
      message: z.string(),
    })
    .nullable(),
});
export type CancelRegistrationResponse = z.infer<typeof cancelRegistrationResponse>;

/** What releasing the places not checked in did. */
export const releaseResult = z.object({ released: z.number().int(), promoted: z.number().int() });

/** A member's strikes at the club over the last `days` (admins only). */
export const attendanceRow = z.object({
  userId: z.string(),
  name: z.string(),
  noShows: z.number().int(),
  lateDrops: z.number().int(),
  strikes: z.number(),
});
export type AttendanceRow = z.infer<typeof attendanceRow>;
export const attendanceView = z.object({ days: z.number().int(), members: z.array(attendanceRow) });
