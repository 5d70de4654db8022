// What a place costs whoever pays for it: a member's guest the club's guest price, if it set
// one (clubs' guest rules); a member the session's price less their plan's discount
// (memberships, decision 039).
import type { Queryable } from "../../db/database.js";
import { accessRules } from "../clubs/service.js";
import { memberPrice } from "../memberships/service.js";
import type { SessionRow } from "./session-lock.js";

/**
 * The price of `payer`'s place, or of the guest they brought. Inside the transaction that takes
 * the place, the payer's membership is locked for share while it is read (memberPrice).
 */
export async function placePrice(
  db: Queryable,
  session: SessionRow,
  payer: { userId: string; guest: boolean },
  at: Date,
): Promise<number> {
  const own = session.paymentAmount ?? 0;
  if (payer.guest) return (await accessRules(db, session.organizationId)).guests.price ?? own;
  return memberPrice(db, session.organizationId, payer.userId, own, at);
}
