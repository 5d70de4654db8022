// One dues event in words, for the member's history and the treasurer's.
import { shortDate } from "../../lib/short-date.js";

export function historyLine(
  entry: { kind: string; planName: string | null; periodEnd: string | null },
  timeZone: string,
): string {
  switch (entry.kind) {
    case "paid":
      return `Paid${entry.planName ? ` for ${entry.planName}` : ""}${entry.periodEnd ? `, to ${shortDate(entry.periodEnd, timeZone)}` : ""}`;
    case "payment_failed":
      return "A payment failed";
    case "cancel_requested":
      return "Asked to end at the period's end";
    case "cancel_withdrawn":
      return "Kept after all";
    default:
      return "Ended";
  }
}
