// Fair access, as the club sets it (issue 33): members' guests (whether, how many a month, at
// what price), the strike rule that keeps members with missed places out of early windows, and
// whether a no-show's paid place is refunded. A session's page reads the guest part
// (session-registrations.ts guestRules); a member brings a guest with bringGuestBody.
import { z } from "zod";
import { messages } from "../domain/messages.js";
import { patternText } from "./common.js";
import { paymentAmount } from "./session-form.js";
import { guestName, guestRules } from "./session-registrations.js";

export const MAX_GUESTS_PER_MONTH = 20;
export const MAX_STRIKE_LIMIT = 10;
export const STRIKE_DAYS_RANGE = { min: 7, max: 365 } as const;

export const accessRules = z.object({
  guests: guestRules,
  /** A member with this many strikes (a no-show 1, a late drop ½) over `days` loses early windows. */
  strikes: z.object({ limit: z.number().int(), days: z.number().int() }),
  /** Whether a paid place released as a no-show is refunded. */
  refundNoShows: z.boolean(),
});
export type AccessRules = z.infer<typeof accessRules>;

const whole = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

/** The settings form: the guest price in dollars as typed, empty for the session's own price. */
export const accessRulesBody = z.object({
  guestsAllowed: z.boolean(),
  guestsPerMonth: whole(
    1,
    MAX_GUESTS_PER_MONTH,
    `Guests per month must be a whole number from 1 to ${MAX_GUESTS_PER_MONTH}`,
  ),
  guestPrice: z.union([
    z.literal("").transform(() => null),
    patternText(
      paymentAmount.refine(
        (value) => Number(value) > 0,
        "A guest price is more than $0: leave it empty for the session's price",
      ),
    ),
  ]),
  strikeLimit: whole(1, MAX_STRIKE_LIMIT, `Strikes must be a whole number from 1 to ${MAX_STRIKE_LIMIT}`),
  strikeDays: whole(
    STRIKE_DAYS_RANGE.min,
    STRIKE_DAYS_RANGE.max,
    `Days must be a whole number from ${STRIKE_DAYS_RANGE.min} to ${STRIKE_DAYS_RANGE.max}`,
  ),
  refundNoShows: z.boolean(),
});
export type AccessRulesBody = z.input<typeof accessRulesBody>;
/** The rules as the server has them once the body is read (the price as text, or null). */
export type AccessRulesChange = z.output<typeof accessRulesBody>;

/** A member brings a guest by name; with their address, the guest's nights follow them if they join. */
export const bringGuestBody = z.object({
  name: guestName,
  email: z
    .union([
      z.literal("").transform(() => null),
      z.string().trim().toLowerCase().pipe(z.email(messages.validation.emailInvalid).max(254)),
    ])
    .optional(),
});
export type BringGuestBody = z.input<typeof bringGuestBody>;
export type GuestBrought = z.output<typeof bringGuestBody>;
