// A person's account at a club (issue 62, decision 040): its entries and balance as read, and an
// admin's adjustment as typed (dollars and cents, with a note the member sees).
import { z } from "zod";
import { dollarsToCents } from "../domain/money.js";
import { displayText, patternText } from "./common.js";

export const LEDGER_REASONS = [
  "adjustment",
  "purchase",
  "session",
  "refund",
  "no_show_fee",
  "plan_perk",
  "expiry",
] as const;

/** The most one adjustment moves, either way: $10,000.00. */
export const MAX_ADJUSTMENT_CENTS = 1_000_000;

export const ledgerMessages = {
  amount:
    "An adjustment is an amount in dollars and cents, more than $0 and at most $10,000, with - to take away",
  note: "Say why, in 1 to 200 characters: the member reads it",
  belowZero: (balance: string) =>
    `That would take the credit below zero: it is ${balance}. A correction can take at most that.`,
} as const;

export const adjustmentBody = z.object({
  userId: patternText(z.string().min(1).max(100)),
  amount: patternText(
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d{1,2})?$/, { message: ledgerMessages.amount, abort: true })
      .refine((value) => {
        const cents = Math.abs(dollarsToCents(value.replace("-", "")));
        return cents > 0 && cents <= MAX_ADJUSTMENT_CENTS;
      }, ledgerMessages.amount),
  ).transform((value) => (value.startsWith("-") ? -1 : 1) * dollarsToCents(value.replace("-", ""))),
  note: displayText(z.string().trim().min(1, ledgerMessages.note).max(200, ledgerMessages.note)),
});
export type AdjustmentBody = z.input<typeof adjustmentBody>;

export const ledgerEntry = z.object({
  id: z.uuid(),
  /** Cents: into the account when positive, out of it when negative. */
  amount: z.number().int(),
  reason: z.enum(LEDGER_REASONS),
  note: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

export const ledgerAccount = z.object({
  /** The credit the person has at the club, in cents; never below zero. */
  balance: z.number().int(),
  /** Newest first. */
  entries: z.array(ledgerEntry),
});
export type LedgerAccount = z.infer<typeof ledgerAccount>;
