// What a member's guest pays: the club's guest price, if it set one (clubs' guest rules).
import type { Queryable } from "../../db/database.js";
import { accessRules } from "../clubs/service.js";
import type { SessionRow } from "./session-lock.js";

/** What a place costs: the session's price, or for a member's guest the club's guest price if set. */
export async function placePrice(db: Queryable, session: SessionRow, guest: boolean): Promise<number> {
  const own = session.paymentAmount ?? 0;
  if (!guest) return own;
  return (await accessRules(db, session.organizationId)).guests.price ?? own;
}
