// Membership plans and a person's membership (decision 039): the plan form as typed by an
// admin, a plan as read, a membership with its status and history, and what a member's page
// reads (their membership and the plans they can buy).
import { z } from "zod";
import { duesMessages } from "../domain/dues-messages.js";
import { DUES_STATUSES } from "../domain/dues-state.js";
import { dollarsToCents, MAX_PRICE_CENTS, MIN_PAID_PRICE_CENTS } from "../domain/money.js";
import { displayName, patternText } from "./common.js";

const v = duesMessages;

export const PLAN_INTERVALS = ["month", "year", "season"] as const;
export const PLAN_KINDS = ["individual", "household"] as const;
export const PLAN_DISCOUNTS = ["none", "percent", "amount"] as const;
export const HOUSEHOLD_SIZE = { min: 2, max: 10 } as const;
export const MAX_GRACE_DAYS = 60;
export const MAX_EARLY_DAYS = 14;
export const MAX_PLAN_GUESTS = 20;
const MAX_AMOUNT_OFF_CENTS = 1_000_000;

const whole = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
const isoDay = z.union([z.literal("").transform(() => null), z.iso.date(v.seasonDates)]);

/** The plan form: money in dollars as typed, the discount's value as typed for its kind. */
export const planBody = z
  .object({
    name: displayName(z.string().trim().min(1, v.planNameRequired).max(60, v.planNameTooLong)),
    code: patternText(
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z0-9]{1,6}$/, v.planCode),
    ),
    kind: z.enum(PLAN_KINDS),
    /** As typed: a whole number for a household plan; left out (or empty) for one person. */
    householdSize: z.union([z.number(), patternText(z.string().trim().max(3))]).optional(),
    price: patternText(
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d{1,2})?$/, v.planPrice)
        .refine((value) => {
          const cents = dollarsToCents(value);
          return cents >= MIN_PAID_PRICE_CENTS && cents <= MAX_PRICE_CENTS;
        }, v.planPrice),
    ),
    interval: z.enum(PLAN_INTERVALS),
    seasonStartsOn: isoDay.optional(),
    seasonEndsOn: isoDay.optional(),
    graceDays: whole(0, MAX_GRACE_DAYS, v.graceDays),
    visible: z.boolean(),
    discount: z.enum(PLAN_DISCOUNTS),
    discountValue: patternText(z.string().trim().max(12)).optional(),
    membersOnlyAccess: z.boolean(),
    earlyDays: whole(0, MAX_EARLY_DAYS, v.earlyDays),
    /** As typed: empty or left out for the club's own number of guests a month. */
    guestsPerMonth: z
      .union([z.number(), patternText(z.string().trim().max(3))])
      .optional()
      .refine(
        (value) =>
          value === undefined ||
          value === "" ||
          (Number.isInteger(Number(value)) && Number(value) >= 0 && Number(value) <= MAX_PLAN_GUESTS),
        v.guestsPerMonth,
      ),
  })
  .superRefine((plan, ctx) => {
    const size = plan.householdSize === "" ? Number.NaN : Number(plan.householdSize);
    if (
      plan.kind === "household" &&
      !(Number.isInteger(size) && size >= HOUSEHOLD_SIZE.min && size <= HOUSEHOLD_SIZE.max)
    )
      ctx.addIssue({ code: "custom", path: ["householdSize"], message: v.householdSize });
    if (
      plan.interval === "season" &&
      !(plan.seasonStartsOn && plan.seasonEndsOn && plan.seasonEndsOn > plan.seasonStartsOn)
    )
      ctx.addIssue({ code: "custom", path: ["seasonEndsOn"], message: v.seasonDates });
    const value = plan.discountValue ?? "";
    if (
      plan.discount === "percent" &&
      !(/^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= 100)
    )
      ctx.addIssue({ code: "custom", path: ["discountValue"], message: v.percentOff });
    if (plan.discount === "amount") {
      const cents = /^\d+(\.\d{1,2})?$/.test(value) ? dollarsToCents(value) : 0;
      if (!(cents > 0 && cents < MAX_AMOUNT_OFF_CENTS))
        ctx.addIssue({ code: "custom", path: ["discountValue"], message: v.amountOff });
    }
  })
  .transform((plan) => ({
    name: plan.name,
    code: plan.code,
    kind: plan.kind,
    householdSize: plan.kind === "household" ? Number(plan.householdSize) : null,
    priceCents: dollarsToCents(plan.price),
    interval: plan.interval,
    seasonStartsOn: plan.interval === "season" ? (plan.seasonStartsOn ?? null) : null,
    seasonEndsOn: plan.interval === "season" ? (plan.seasonEndsOn ?? null) : null,
    graceDays: plan.graceDays,
    visible: plan.visible,
    discount: plan.discount,
    discountValue:
      plan.discount === "percent"
        ? Number(plan.discountValue)
        : plan.discount === "amount"
          ? dollarsToCents(plan.discountValue!)
          : 0,
    membersOnlyAccess: plan.membersOnlyAccess,
    earlyDays: plan.earlyDays,
    guestsPerMonth:
      plan.guestsPerMonth === undefined || plan.guestsPerMonth === "" ? null : Number(plan.guestsPerMonth),
  }));
export type PlanBody = z.input<typeof planBody>;
export type PlanChange = z.output<typeof planBody>;

export const plan = z.object({
  id: z.uuid(),
  familyId: z.uuid(),
  version: z.number().int(),
  name: z.string(),
  code: z.string(),
  kind: z.enum(PLAN_KINDS),
  householdSize: z.number().int().nullable(),
  priceCents: z.number().int(),
  interval: z.enum(PLAN_INTERVALS),
  seasonStartsOn: z.string().nullable(),
  seasonEndsOn: z.string().nullable(),
  graceDays: z.number().int(),
  visible: z.boolean(),
  discount: z.object({ kind: z.enum(PLAN_DISCOUNTS), value: z.number().int() }),
  membersOnlyAccess: z.boolean(),
  earlyDays: z.number().int(),
  /** Guests a member on it brings a month; null: the club's own number. */
  guestsPerMonth: z.number().int().nullable(),
  /** People whose membership on any version of the plan is active or past due. */
  members: z.number().int(),
});
export type Plan = z.infer<typeof plan>;

export const planParams = z.object({ orgId: z.uuid(), planId: z.uuid() });

export const duesStatus = z.enum(DUES_STATUSES);

export const membership = z.object({
  id: z.uuid(),
  plan: plan.pick({
    id: true,
    name: true,
    code: true,
    priceCents: true,
    interval: true,
    discount: true,
    earlyDays: true,
    guestsPerMonth: true,
  }),
  /** As of now: a grace run out or a period ended counts, with or without an event. */
  status: duesStatus,
  currentPeriodEnd: z.iso.datetime(),
  graceEndsAt: z.iso.datetime().nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
export type Membership = z.infer<typeof membership>;

export const duesHistoryEntry = z.object({
  kind: z.enum(["paid", "payment_failed", "cancel_requested", "cancel_withdrawn", "ended"]),
  occurredAt: z.iso.datetime(),
  planName: z.string().nullable(),
  periodEnd: z.iso.datetime().nullable(),
});

export const myMembership = z.object({
  membership: membership.nullable(),
  history: z.array(duesHistoryEntry),
  /** What the person can buy: the club's visible plans, each at its current version. */
  plans: z.array(plan.omit({ members: true })),
  /** The sandbox plays the subscription: a renewal, paid or failed, can be played by hand. */
  sandbox: z.boolean(),
  /** Paid by card at the provider: its page changes the card. */
  byCard: z.boolean(),
});
export type MyMembership = z.infer<typeof myMembership>;

/** A purchase: the membership as it is now, and the provider's checkout to pay at, if any. */
export const boughtPlan = myMembership.extend({ checkoutUrl: z.string().nullable() });

/** A visitor who bought a plan from the club's page: a member now, or once their card pays. */
export const joinedWithPlan = z.object({
  organizationId: z.uuid(),
  member: z.boolean(),
  checkoutUrl: z.string().nullable(),
});

export const buyPlanBody = z.object({ planId: z.uuid() });
export const sandboxRenewalBody = z.object({ outcome: z.enum(["paid", "failed"]) });

/** A roster's filter: a membership status, or members on no plan at all. */
export const ROSTER_FILTERS = [...DUES_STATUSES, "none"] as const;
export const rosterQuery = z.object({ status: z.enum(ROSTER_FILTERS).optional() });

export const rosterEntry = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  plan: z.object({ code: z.string(), name: z.string() }).nullable(),
  status: z.enum(ROSTER_FILTERS),
  /** When the membership renews; null if it does not (cancelled at period end, lapsed, none). */
  renewsOn: z.iso.datetime().nullable(),
  periodEnd: z.iso.datetime().nullable(),
});
export type RosterEntry = z.infer<typeof rosterEntry>;
/** A member's membership history, for the club's treasurers. */
export const memberDues = z.object({ history: z.array(duesHistoryEntry) });
export const roster = z.object({ members: z.array(rosterEntry) });

/** A household plan's people, as the payer (or anyone in it) sees them. */
export const householdPerson = z.object({
  id: z.uuid(),
  userId: z.string(),
  name: z.string(),
  role: z.enum(["payer", "adult", "child"]),
  birthYear: z.number().int().nullable(),
  /** An adult who has not accepted yet is not in the household's benefits. */
  accepted: z.boolean(),
});
export type HouseholdPerson = z.infer<typeof householdPerson>;
export const household = z.object({
  /** Null when the caller's plan is not a household's (or they have none). */
  limit: z.number().int().nullable(),
  people: z.array(householdPerson),
  /** The caller pays for it, and manages it. */
  payer: z.boolean(),
  /** An adult's invitation to another member's household, waiting for this person's answer. */
  invitedBy: z.string().nullable(),
});
export type Household = z.infer<typeof household>;

const thisYear = new Date().getUTCFullYear();
export const addChildBody = z
  .object({
    name: displayName(z.string().trim().min(2, v.childName).max(80, v.childName)),
    birthYear: z.coerce
      .number({ error: v.birthYear })
      .int(v.birthYear)
      .min(thisYear - 18, v.birthYear)
      .max(thisYear, v.birthYear),
    /** A child has no sign-in: an address given here is refused, not kept. */
    email: patternText(z.string().max(254)).optional(),
  })
  .superRefine((child, ctx) => {
    if (child.email) ctx.addIssue({ code: "custom", path: ["email"], message: v.childWithEmail });
  });
export type AddChildBody = z.input<typeof addChildBody>;
export const addAdultBody = z.object({ email: patternText(z.email(v.adultEmail).max(254)) });
export const householdMemberParams = z.object({ orgId: z.uuid(), memberId: z.uuid() });
