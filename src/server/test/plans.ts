// A membership plan as an admin types it (decision 039): a monthly adult plan at $30 with half
// off sessions, members-only sessions and registration two days early. Tests change what they
// are about.
import type { PlanBody } from "../../shared/contracts/memberships.js";

export const adultPlan: PlanBody = {
  name: "Adult",
  code: "adult",
  kind: "individual",
  price: "30.00",
  interval: "month",
  graceDays: 7,
  visible: true,
  discount: "percent",
  discountValue: "50",
  membersOnlyAccess: true,
  earlyDays: 2,
};
