// The club's rules for members' guests: whether a member may bring one, how many a month, and a
// guest's price in a paid session. They are columns of the club's row, read and written here;
// bring_guest (migration 0036) applies them under the session's lock (features/sessions/guests.ts).
import { type AnyColumn, eq, type SQL, sql } from "drizzle-orm";
import { type GuestRulesBody, guestRulesBody } from "../../../shared/contracts/guests.js";
import type { GuestRules } from "../../../shared/contracts/sessions.js";
import { dollarsToCents } from "../../../shared/domain/money.js";
import type { Queryable } from "../../db/database.js";
import { qualified } from "../../db/qualified.js";
import { organizations } from "../../db/schema/clubs.js";

const ruleColumns = {
  allowed: organizations.guestsAllowed,
  perMonth: organizations.guestsPerMonth,
  price: organizations.guestPrice,
};

/** The rules of the club in `organizationId`'s row, as one JSON column of the outer query. */
export function guestRulesOf(organizationId: AnyColumn): SQL<GuestRules> {
  return sql<GuestRules>`(select json_build_object('allowed', ${qualified(organizations.guestsAllowed)},
      'perMonth', ${qualified(organizations.guestsPerMonth)}, 'price', ${qualified(organizations.guestPrice)})
    from ${organizations} where ${qualified(organizations.id)} = ${qualified(organizationId)})`;
}

export async function guestRules(db: Queryable, organizationId: string): Promise<GuestRules> {
  const [row] = await db.select(ruleColumns).from(organizations).where(eq(organizations.id, organizationId));
  return row ?? { allowed: false, perMonth: 0, price: null };
}

export async function updateGuestRules(
  db: Queryable,
  organizationId: string,
  input: GuestRulesBody,
  now: Date,
): Promise<GuestRules> {
  const body = guestRulesBody.parse(input);
  const [row] = await db
    .update(organizations)
    .set({
      guestsAllowed: body.allowed,
      guestsPerMonth: body.perMonth,
      guestPrice: body.price === null ? null : dollarsToCents(body.price),
      updatedAt: now,
    })
    .where(eq(organizations.id, organizationId))
    .returning(ruleColumns);
  return row!;
}
