import { z } from "zod";
import { messages } from "../domain/messages.js";
import { dollarsToCents, MAX_PRICE_CENTS, MIN_PAID_PRICE_CENTS } from "../domain/money.js";
import { TEAM_RULES } from "../rotation/types.js";
import { displayName, optionalText, patternText, privateText } from "./common.js";

const v = messages.validation;

export const SESSION_NAME_MAX = 100;
export const DEFAULT_SESSION_PRICE = "10.00";
export const MAX_REPEAT_WEEKS = 52;
/**
 * Sessions to come, on the first page of the sessions list: a phone's few screens of them. A
 * club that schedules a season ahead has fifty; the rest load as the list is scrolled.
 */
export const UPCOMING_PAGE_SIZE = 12;
/** Sessions over, on each page of the Past tab: about a month of a busy club's nights. */
export const PAST_PAGE_SIZE = 20;
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

export const sessionStatuses = ["scheduled", "active", "completed", "cancelled"] as const;

export const session = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  paymentRequired: z.boolean(),
  paymentAmount: z.number().int().nullable(),
  refundCutoffHours: z.number().int(),
  capacity: z.number().int().nullable(),
  skillMin: z.number().nullable(),
  skillMax: z.number().nullable(),
  status: z.enum(sessionStatuses),
  seriesId: z.uuid().nullable(),
  registeredCount: z.number().int(),
  waitlistCount: z.number().int(),
  /** Registration opens then; null: it is open. */
  registrationOpensAt: z.iso.datetime().nullable(),
  /** Registration opens then for members in good standing (by the club's strike rule). */
  earlyOpensAt: z.iso.datetime().nullable(),
  /** A lottery's draw time; null: first come, first served. */
  lotteryDrawAt: z.iso.datetime().nullable(),
  lotteryLookbackDays: z.number().int(),
  lotteryGuaranteeAfter: z.number().int().nullable(),
  /** The SHA-256 of the draw's seed, fixed when the lottery was set: the seed, published at the draw, must match it. */
  lotterySeedHash: z.string().nullable(),
  /** When the lottery was drawn (its seed and order are then published: drawView). */
  lotteryDrawnAt: z.iso.datetime().nullable(),
  noShowReleaseMinutes: z.number().int().nullable(),
  /** When places not checked in were released to those standing by. */
  noShowsReleasedAt: z.iso.datetime().nullable(),
  /** Who may make a team: as scheduled, and once the night is live, as its board is set. */
  teams: z.enum(TEAM_RULES),
});
export type Session = z.infer<typeof session>;

/**
 * A drawn lottery as the session page publishes it: the seed, and each entrant's losses, weight,
 * ticket and place in the order, so that anyone can recompute it (shared/lottery/draw.ts).
 */
export const drawView = z.object({
  seed: z.string(),
  drawnAt: z.iso.datetime(),
  guaranteeAfter: z.number().int().nullable(),
  entrants: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      lossesBefore: z.number().int(),
      weight: z.number().int(),
      assured: z.boolean(),
      position: z.number().int(),
      won: z.boolean(),
    }),
  ),
});
export type DrawView = z.infer<typeof drawView>;

export const sessionParams = z.object({ orgId: z.uuid(), sessionId: z.uuid() });

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

export const sessionDetails = z.object({
  session,
  timeZone: z.string(),
  registrations: z.array(registration),
  mine: registration.nullable(),
  /** Only for those who run sessions: the self check-in link's secret. */
  checkInToken: z.string().nullable(),
  /** Whether a member may bring a guest, how many a month, and at what price. */
  guestRules,
});
export type SessionDetails = z.infer<typeof sessionDetails>;

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
export const registrationParams = sessionParams.extend({ registrationId: z.uuid() });
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
