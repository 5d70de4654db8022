// The dates billing shows, worked out here for every place that shows them. The Billing page
// and the billing portal once gave a plan's renewal a day apart: the page wrote the day in the
// time zone of the viewer's device, the portal in the club's. Both write the club's day now, as
// the club reads every other date.
import { longDate } from "./session-time.js";

const clubDay = (instant: string | Date, timeZone: string) =>
  longDate(new Date(instant).toISOString(), timeZone);

/** The day a paid plan renews (its current period ends) in the club's time zone: "Friday, May 1, 2026". */
export function renewalDate(periodEnd: string | Date, timeZone: string): string {
  return clubDay(periodEnd, timeZone);
}

/** The day the free trial ends (or ended), the same way. */
export function trialEndDate(trialEndsAt: string | Date, timeZone: string): string {
  return clubDay(trialEndsAt, timeZone);
}
