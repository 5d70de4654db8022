// The events feature's surface for other features: they reach it only through this file
// (scripts/check-boundaries.mjs).
import { and, eq, type SQL, sql } from "drizzle-orm";
import { leagues } from "../../db/schema/events.js";

/**
 * The name of the league a session's weekly series is run as (null: none), as a column of a
 * statement that has the session's series and club (the public page's upcoming sessions).
 */
export function leagueNameColumn(seriesId: SQL, organizationId: SQL): SQL<string | null> {
  return sql<string | null>`(select ${leagues.name} from ${leagues} where ${and(
    eq(leagues.organizationId, organizationId),
    eq(leagues.seriesId, seriesId),
  )})`;
}
