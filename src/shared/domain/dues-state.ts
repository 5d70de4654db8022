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

function step(state: DuesState | null, event: DuesEvent): DuesState | null {
  if (event.kind === "paid") {
    const later =
      state && state.currentPeriodEnd > event.periodEnd ? state.currentPeriodEnd : event.periodEnd;
    return {
      status: "active",
      planId: event.planId,
      currentPeriodEnd: later,
      graceEndsAt: null,
      cancelAtPeriodEnd: false,
    };
  }
  // Nothing but a payment starts a membership.
  if (!state) return null;
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
      return { ...state, status: state.cancelAtPeriodEnd ? "cancelled" : "lapsed", graceEndsAt: null };
  }
}

/**
 * The membership its events make, folded in the order they happened; null if none was ever
 * paid. Events of the same instant keep the order they are given in (the order they arrived).
 */
export function foldDues(events: readonly DuesEvent[]): DuesState | null {
  const ordered = [...events].sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
  return ordered.reduce<DuesState | null>(step, null);
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
