// Members' guests (issue 33 part 4): the club's rules for them (read as sessions.ts guestRules),
// and a member bringing one.
import { z } from "zod";
import { messages } from "../domain/messages.js";
import { guestName, paymentAmount } from "./sessions.js";

export const MAX_GUESTS_PER_MONTH = 20;

const perMonthMessage = `Guests per month must be a whole number from 1 to ${MAX_GUESTS_PER_MONTH}`;

/** The settings form: the price in dollars as typed, empty for the session's own price. */
export const guestRulesBody = z.object({
  allowed: z.boolean(),
  perMonth: z.coerce
    .number({ error: perMonthMessage })
    .int(perMonthMessage)
    .min(1, perMonthMessage)
    .max(MAX_GUESTS_PER_MONTH, perMonthMessage),
  price: z.union([
    z.literal("").transform(() => null),
    z.null(),
    paymentAmount.refine(
      (value) => Number(value) > 0,
      "A guest price is more than $0: leave it empty for the session's price",
    ),
  ]),
});
export type GuestRulesBody = z.input<typeof guestRulesBody>;

/** A member brings a guest by name; with their address, the guest's nights follow them if they join. */
export const bringGuestBody = z.object({
  name: guestName,
  email: z
    .union([
      z.literal("").transform(() => null),
      z.null(),
      z.string().trim().toLowerCase().pipe(z.email(messages.validation.emailInvalid).max(254)),
    ])
    .optional(),
});
export type BringGuestBody = z.input<typeof bringGuestBody>;
