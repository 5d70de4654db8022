// The club's fair-access rules: members' guests (whether, how many a month, their price in a paid
// session), the strike rule, and whether a no-show's paid place is refunded. They are columns of
// the club's row, read and written here; the place rules in PostgreSQL apply them under the
// session's lock (bring_guest, in_good_standing: migration 0036), and features/sessions the rest.
import { type AnyColumn, eq, type SQL, sql } from "drizzle-orm";
import type { AccessRules, AccessRulesChange } from "../../../shared/contracts/access-rules.js";
import type { GuestRules } from "../../../shared/contracts/session-registrations.js";
import { dollarsToCents } from "../../../shared/domain/money.js";
import type { Queryable } from "../../db/database.js";
import { qualified } from "../../db/qualified.js";
import { organizations } from "../../db/schema/clubs.js";

const ruleColumns = {
  guestsAllowed: organizations.guestsAllowed,
  guestsPerMonth: organizations.guestsPerMonth,
  guestPrice: organizations.guestPrice,
  strikeLimit: organizations.strikeLimit,
  strikeDays: organizations.strikeDays,
  refundNoShows: organizations.refundNoShows,
};
type RuleRow = Pick<typeof organizations.$inferSelect, keyof typeof ruleColumns>;

const toRules = (row: RuleRow): AccessRules => ({
  guests: { allowed: row.guestsAllowed, perMonth: row.guestsPerMonth, price: row.guestPrice },
  strikes: { limit: row.strikeLimit, days: row.strikeDays },
  refundNoShows: row.refundNoShows,
});

/** The guest rules of the club in `organizationId`'s row, as one JSON column of the outer query. */
export function guestRulesOf(organizationId: AnyColumn): SQL<GuestRules> {
  return sql<GuestRules>`(select json_build_object('allowed', ${qualified(organizations.guestsAllowed)},
      'perMonth', ${qualified(organizations.guestsPerMonth)}, 'price', ${qualified(organizations.guestPrice)})
    from ${organizations} where ${qualified(organizations.id)} = ${qualified(organizationId)})`;
}

export async function accessRules(db: Queryable, organizationId: string): Promise<AccessRules> {
  const [row] = await db.select(ruleColumns).from(organizations).where(eq(organizations.id, organizationId));
  if (!row) throw new Error(`club ${organizationId} has no row`);
  return toRules(row);
}

export async function updateAccessRules(
  db: Queryable,
  organizationId: string,
  body: AccessRulesChange,
  now: Date,
): Promise<AccessRules> {
  const [row] = await db
    .update(organizations)
    .set({
      guestsAllowed: body.guestsAllowed,
      guestsPerMonth: body.guestsPerMonth,
      guestPrice: body.guestPrice === null ? null : dollarsToCents(body.guestPrice),
      strikeLimit: body.strikeLimit,
      strikeDays: body.strikeDays,
      refundNoShows: body.refundNoShows,
      updatedAt: now,
    })
    .where(eq(organizations.id, organizationId))
    .returning(ruleColumns);
  return toRules(row!);
}
