// What a membership is, from its dues events (decision 039). The events are folded in the
// order they happened, not the order they arrived, so a webhook late or replayed gives the same
// membership; each is applied once by its id before it gets here.
//
//   (none) --paid--> active --payment_failed--> past_due --paid--> active
//   active --cancel_requested--> active, ending at period end --ended--> cancelled
//   past_due --ended--> lapsed           any --paid--> active (a new purchase, or a switch)
//
// Time moves a membership too, with no event: past due past its grace, or active past its
// period end and grace (a renewal never heard of), it is lapsed; active past its period end
// after a cancellation asked for, it is cancelled. That is dues_standing() in the database,
// which every read and every registration asks.

export const DUES_STATUSES = ["active", "past_due", "lapsed", "cancelled"] as const;
export type DuesStatus = (typeof DUES_STATUSES)[number];

export type DuesEvent =
  | { kind: "paid"; occurredAt: Date; planId: string; periodEnd: Date }
  | { kind: "payment_failed"; occurredAt: Date; graceDays: number }
  | { kind: "cancel_requested"; occurredAt: Date }
  | { kind: "cancel_withdrawn"; occurredAt: Date }
  | { kind: "ended"; occurredAt: Date };

export type DuesState = {
  status: DuesStatus;
  planId: string;
  currentPeriodEnd: Date;
  graceEndsAt: Date | null;
  cancelAtPeriodEnd: boolean;
};

const DAY_MS = 86_400_000;

function step(
  before: DuesState | null,
  event: DuesEvent,
  graceDaysOf: ((planId: string) => number) | undefined,
): DuesState | null {
  if (event.kind === "paid") {
    const later =
      before && before.currentPeriodEnd > event.periodEnd ? before.currentPeriodEnd : event.periodEnd;
    return {
      status: "active",
      planId: event.planId,
      currentPeriodEnd: later,
      graceEndsAt: null,
      cancelAtPeriodEnd: false,
    };
  }
  // Nothing but a payment starts a membership.
  if (!before) return null;
  // What time alone made of it by this event: a failure or an end heard of after the membership
  // lapsed (or its cancelled period ended) finds it over, and only a payment brings it back.
  const state = movedByTime(before, event.occurredAt, graceDaysOf?.(before.planId) ?? null);
  switch (event.kind) {
    case "payment_failed":
      if (state.status !== "active") return state;
      // The grace runs from the end of the period paid for: a renewal that fails before it (the
      // sandbox plays one whenever asked) takes none of the days already paid.
      return {
        ...state,
        status: "past_due",
        graceEndsAt: new Date(
          Math.max(event.occurredAt.getTime(), state.currentPeriodEnd.getTime()) + event.graceDays * DAY_MS,
        ),
      };
    case "cancel_requested":
      return state.status === "active" || state.status === "past_due"
        ? { ...state, cancelAtPeriodEnd: true }
        : state;
    case "cancel_withdrawn":
      return state.status === "active" || state.status === "past_due"
        ? { ...state, cancelAtPeriodEnd: false }
        : state;
    case "ended":
      if (state.status === "lapsed" || state.status === "cancelled") return state;
      return { ...state, status: state.cancelAtPeriodEnd ? "cancelled" : "lapsed", graceEndsAt: null };
  }
}

/**
 * The membership as time leaves it at `at` with no event, as dues_standing() says in the
 * database: past a cancelled period's end, cancelled; past an unrenewed period's grace (when
 * the plan's grace is known), or a failure's grace, lapsed.
 */
function movedByTime(state: DuesState, at: Date, graceDays: number | null): DuesState {
  const time = at.getTime();
  if (state.status === "active" && state.cancelAtPeriodEnd && state.currentPeriodEnd.getTime() <= time)
    return { ...state, status: "cancelled" };
  if (
    state.status === "active" &&
    graceDays !== null &&
    state.currentPeriodEnd.getTime() + graceDays * DAY_MS <= time
  )
    return { ...state, status: "lapsed" };
  if (state.status === "past_due" && state.graceEndsAt && state.graceEndsAt.getTime() <= time)
    return { ...state, status: "lapsed" };
  return state;
}

/**
 * The membership its events make, folded in the order they happened; null if none was ever
 * paid. Events of the same instant keep the order they are given in (the order they arrived).
 */
export function foldDues(
  events: readonly DuesEvent[],
  /** A plan version's grace days, for a period that ran out with no renewal; unknown: not applied. */
  graceDaysOf?: (planId: string) => number,
): DuesState | null {
  const ordered = [...events].sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
  return ordered.reduce<DuesState | null>((state, event) => step(state, event, graceDaysOf), null);
}

/**
 * The end of a period that starts at `from`: a calendar month or year later (in UTC), on the
 * month's last day where it has no such date (Jan 31 -> Feb 28), as card subscriptions renew.
 */
export function periodEndAfter(from: Date, interval: "month" | "year"): Date {
  const months = interval === "month" ? 1 : 12;
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const end = new Date(from);
  end.setUTCDate(1);
  end.setUTCFullYear(year, month, Math.min(from.getUTCDate(), lastDay));
  return end;
}
