// Scheduling a session and changing it: the form as typed in the browser, and the bodies the
// API receives, with the name, price and lottery rules both check. Apart from the session as it
// is read (sessions.ts): a page that only shows sessions loads none of this.
import { z } from "zod";
import { messages } from "../domain/messages.js";
import { dollarsToCents, MAX_PRICE_CENTS, MIN_PAID_PRICE_CENTS } from "../domain/money.js";
import { TEAM_RULES } from "../rotation/types.js";
import { optionalText, patternText } from "./common.js";

const v = messages.validation;

export const SESSION_NAME_MAX = 100;
export const DEFAULT_SESSION_PRICE = "10.00";
export const MAX_REPEAT_WEEKS = 52;
/** A paid place cancelled at least this many hours before the start is refunded, unless the organizer says otherwise. */
export const DEFAULT_REFUND_CUTOFF_HOURS = 24;
export const MAX_REFUND_CUTOFF_HOURS = 168;

// Session names allow only letters, digits, spaces and - _ . : '
const sessionNamePattern = /^[\p{L}\p{N} \-_.:']+$/u;

// Letters, digits and a little punctuation only: the pattern itself leaves nothing hidden.
export const sessionName = patternText(
  z
    .string()
    .trim()
    .min(1, v.sessionNameRequired)
    .max(SESSION_NAME_MAX, v.sessionNameTooLong)
    .regex(sessionNamePattern, v.sessionNameCharacters),
);

/**
 * Dollars as typed: digits with up to two decimals, not negative; 0 is a free session, and a
 * paid place costs between the least and the most card processors will charge at once.
 */
export const paymentAmount = patternText(
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d{1,2})?$/, v.amountFormat)
    .refine((value) => Number(value) >= 0, v.amountPositive)
    .refine((value) => {
      const cents = dollarsToCents(value);
      return !(cents > 0 && cents < MIN_PAID_PRICE_CENTS);
    }, v.amountTooSmall)
    .refine((value) => dollarsToCents(value) <= MAX_PRICE_CENTS, v.amountTooLarge),
);

const optionalInt = (min: number, max: number, message: string) =>
  z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).optional(),
  );
const optionalSkill = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  z.coerce.number({ error: v.skillRange }).min(1, v.skillRange).max(8, v.skillRange).optional(),
);

/** How far back a person's lost draws count, unless the organizer says otherwise. */
export const DEFAULT_LOTTERY_LOOKBACK_DAYS = 60;

/** What the lottery's fields say when they are wrong. */
export const LOTTERY = {
  opensFormat: "Pick when registration opens.",
  drawFormat: "Pick when the places are drawn.",
  opensBeforeStart: "Registration must open before the session starts.",
  earlyFormat: "Pick when the early registration opens.",
  earlyBeforeOpening: "Early registration must open before registration opens for everyone.",
  drawAfterOpening: "The draw must come after registration opens.",
  drawBeforeStart: "The draw must come before the session starts.",
  lookbackRange: "Count lost draws from the last 1 to 365 days.",
  guaranteeRange: "Assure a place after 1 to 20 lost draws, or leave it empty.",
} as const;

export const TEAMS_CHOICE = "Choose anyone, mixed doubles, or women's and men's games.";

export const NO_SHOW_RELEASE_RANGE = "Release places 0 to 240 minutes after the start, or leave it empty.";

/** What the form holds: wall times in the club's zone, amount as typed. Checked in the browser. */
export const sessionForm = z
  .object({
    name: sessionName,
    startsAt: z.string().min(1, v.startRequired),
    endsAt: z.string().min(1, v.endRequired),
    paymentRequired: z.boolean(),
    paymentAmount: patternText(z.string()).optional(),
    capacity: optionalInt(1, 500, v.capacityRange),
    refundCutoffHours: optionalInt(0, MAX_REFUND_CUTOFF_HOURS, v.refundCutoffRange),
    skillMin: optionalSkill,
    skillMax: optionalSkill,
    description: optionalText(2000, "multiline"),
    repeatWeeks: optionalInt(1, MAX_REPEAT_WEEKS, v.repeatRange),
    /** Wall times, as the start and end; empty: open at once, no lottery. */
    registrationOpensAt: z.string().optional(),
    earlyOpensAt: z.string().optional(),
    lotteryDrawAt: z.string().optional(),
    lotteryLookbackDays: optionalInt(1, 365, LOTTERY.lookbackRange),
    lotteryGuaranteeAfter: optionalInt(1, 20, LOTTERY.guaranteeRange),
    noShowReleaseMinutes: optionalInt(0, 240, NO_SHOW_RELEASE_RANGE),
    teams: z.enum(TEAM_RULES, { error: TEAMS_CHOICE }).default("open"),
    membersOnly: z.boolean().default(false),
  })
  .superRefine((form, ctx) => {
    if (form.paymentRequired) {
      const parsed = paymentAmount.safeParse(form.paymentAmount ?? "");
      if (!parsed.success) {
        ctx.addIssue({ code: "custom", path: ["paymentAmount"], message: parsed.error.issues[0]!.message });
      }
    }
    if (form.startsAt && form.endsAt && form.endsAt <= form.startsAt) {
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: v.endAfterStart });
    }
    if (form.skillMin !== undefined && form.skillMax !== undefined && form.skillMin > form.skillMax) {
      ctx.addIssue({ code: "custom", path: ["skillMax"], message: v.skillRange });
    }
    // Wall times as typed ("2026-12-07T09:00") order as text does.
    const opens = form.registrationOpensAt || undefined;
    const draw = form.lotteryDrawAt || undefined;
    if (opens && form.startsAt && opens >= form.startsAt) {
      ctx.addIssue({ code: "custom", path: ["registrationOpensAt"], message: LOTTERY.opensBeforeStart });
    }
    const early = form.earlyOpensAt || undefined;
    if (early && (!opens || early >= opens)) {
      ctx.addIssue({ code: "custom", path: ["earlyOpensAt"], message: LOTTERY.earlyBeforeOpening });
    }
    if (draw && form.startsAt && draw > form.startsAt) {
      ctx.addIssue({ code: "custom", path: ["lotteryDrawAt"], message: LOTTERY.drawBeforeStart });
    } else if (draw && opens && draw <= opens) {
      ctx.addIssue({ code: "custom", path: ["lotteryDrawAt"], message: LOTTERY.drawAfterOpening });
    }
  });

/** What the API receives: instants, and the amount still in dollars (the server makes cents). */
export const sessionBodyFields = z.object({
  name: sessionName,
  startsAt: z.iso.datetime({ offset: true, error: v.startRequired }),
  endsAt: z.iso.datetime({ offset: true, error: v.endRequired }),
  paymentRequired: z.boolean().default(false),
  paymentAmount: paymentAmount.optional(),
  capacity: z.number().int().min(1, v.capacityRange).max(500, v.capacityRange).optional(),
  refundCutoffHours: z
    .number()
    .int(v.refundCutoffRange)
    .min(0, v.refundCutoffRange)
    .max(MAX_REFUND_CUTOFF_HOURS, v.refundCutoffRange)
    .default(DEFAULT_REFUND_CUTOFF_HOURS),
  skillMin: z.number().min(1, v.skillRange).max(8, v.skillRange).optional(),
  skillMax: z.number().min(1, v.skillRange).max(8, v.skillRange).optional(),
  description: optionalText(2000, "multiline"),
  /** Registration opens then (absent: at once). Before, the session says when. */
  registrationOpensAt: z.iso.datetime({ offset: true, error: LOTTERY.opensFormat }).optional(),
  /** An earlier opening for members in good standing (no more than a few missed places lately). */
  earlyOpensAt: z.iso.datetime({ offset: true, error: LOTTERY.earlyFormat }).optional(),
  /** A lottery: requests until this time count equally, and places are drawn then. */
  lotteryDrawAt: z.iso.datetime({ offset: true, error: LOTTERY.drawFormat }).optional(),
  lotteryLookbackDays: z
    .number()
    .int(LOTTERY.lookbackRange)
    .min(1, LOTTERY.lookbackRange)
    .max(365, LOTTERY.lookbackRange)
    .default(DEFAULT_LOTTERY_LOOKBACK_DAYS),
  lotteryGuaranteeAfter: z
    .number()
    .int(LOTTERY.guaranteeRange)
    .min(1, LOTTERY.guaranteeRange)
    .max(20, LOTTERY.guaranteeRange)
    .optional(),
  /** Minutes after the start when places not checked in go to those standing by. */
  noShowReleaseMinutes: z
    .number()
    .int(NO_SHOW_RELEASE_RANGE)
    .min(0, NO_SHOW_RELEASE_RANGE)
    .max(240, NO_SHOW_RELEASE_RANGE)
    .optional(),
  /**
   * Who may make a team on the night: anyone, mixed doubles, or women's and men's games. Left
   * out: open play for a new session, and as it was for an edit (a form from before the field).
   */
  teams: z.enum(TEAM_RULES, { error: TEAMS_CHOICE }).optional(),
  /** Only members whose plan lets them in may register. Left out: no, or as it was for an edit. */
  membersOnly: z.boolean().optional(),
});
export type SessionBodyFields = z.output<typeof sessionBodyFields>;

// A club schedules play in this century and the next: a year such as 0001 is a typing slip,
// and far-off years also break two-digit-year arithmetic in date libraries.
const YEARS = { min: 2000, max: 2199 };

function checkSessionBody(body: SessionBodyFields, ctx: z.RefinementCtx) {
  for (const field of ["startsAt", "endsAt"] as const) {
    const year = new Date(body[field]).getUTCFullYear();
    if (year < YEARS.min || year > YEARS.max)
      ctx.addIssue({ code: "custom", path: [field], message: v.yearRange });
  }
  if (new Date(body.endsAt) <= new Date(body.startsAt)) {
    ctx.addIssue({ code: "custom", path: ["endsAt"], message: v.endAfterStart });
  }
  if (body.paymentRequired && body.paymentAmount === undefined) {
    ctx.addIssue({ code: "custom", path: ["paymentAmount"], message: v.amountFormat });
  }
  if (body.skillMin !== undefined && body.skillMax !== undefined && body.skillMin > body.skillMax) {
    ctx.addIssue({ code: "custom", path: ["skillMax"], message: v.skillRange });
  }
  const starts = new Date(body.startsAt);
  const opens = body.registrationOpensAt ? new Date(body.registrationOpensAt) : null;
  const draw = body.lotteryDrawAt ? new Date(body.lotteryDrawAt) : null;
  if (opens && opens >= starts) {
    ctx.addIssue({ code: "custom", path: ["registrationOpensAt"], message: LOTTERY.opensBeforeStart });
  }
  const early = body.earlyOpensAt ? new Date(body.earlyOpensAt) : null;
  if (early && (!opens || early >= opens)) {
    ctx.addIssue({ code: "custom", path: ["earlyOpensAt"], message: LOTTERY.earlyBeforeOpening });
  }
  if (draw && draw > starts) {
    ctx.addIssue({ code: "custom", path: ["lotteryDrawAt"], message: LOTTERY.drawBeforeStart });
  }
  if (draw && opens && draw <= opens) {
    ctx.addIssue({ code: "custom", path: ["lotteryDrawAt"], message: LOTTERY.drawAfterOpening });
  }
}

export const createSessionBody = sessionBodyFields
  .extend({
    repeatWeeks: z.number().int().min(1, v.repeatRange).max(MAX_REPEAT_WEEKS, v.repeatRange).default(1),
  })
  .superRefine(checkSessionBody);
export type CreateSessionBody = z.input<typeof createSessionBody>;

export const updateSessionBody = sessionBodyFields.superRefine(checkSessionBody);
