import { type AnyColumn, getTableName, type SQL, sql } from "drizzle-orm";

/**
 * `"table"."column"`, always. Drizzle leaves columns bare in a one-table query, and inside a
 * correlated subquery a bare name is read as the subquery's own table's column first: the
 * subqueries other features embed (a person's name, a club's time zone) qualify every column.
 */
export function qualified(column: AnyColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
