// Reads whose rows PostgreSQL builds as JSON (decision 011): a list comes as one JSON value,
// parsed once by node-postgres, instead of rows whose every field is parsed and then mapped
// by Drizzle: for a list, that mapping can cost more than PostgreSQL's own work.
import { type SQL, sql } from "drizzle-orm";

/**
 * An instant as the API writes it (Date.prototype.toISOString: UTC, milliseconds, "Z").
 * PostgreSQL keeps microseconds; both truncate them to milliseconds, so either way of reading
 * a timestamp gives the same text.
 */
export function isoInstant(timestamp: SQL): SQL<string> {
  return sql<string>`to_char(${timestamp} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
