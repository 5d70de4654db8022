// Everything a club owns, read straight from the database, so a test can show that a refused
// request changed nothing: every table with an organization_id column, plus the club's own row.
import type { TestApp } from "./harness.js";

let clubTables: Promise<string[]> | undefined;

function tablesWithClubColumn(t: TestApp): Promise<string[]> {
  clubTables ??= t.deps.database.pool
    .query<{ table_name: string }>(
      `select table_name from information_schema.columns
       where table_schema = 'public' and column_name = 'organization_id' order by table_name`,
    )
    .then((result) => result.rows.map((row) => row.table_name));
  return clubTables;
}

/** A comparable picture of every row belonging to the club, table by table. */
export async function clubSnapshot(t: TestApp, orgId: string): Promise<Record<string, unknown[]>> {
  const tables = await tablesWithClubColumn(t);
  const selects = [
    `select 'organizations' as name, coalesce(json_agg(x order by x::text), '[]') as rows
     from organizations x where x.id = $1`,
    ...tables.map(
      (table) =>
        `select '${table}' as name, coalesce(json_agg(x order by x::text), '[]') as rows
         from "${table}" x where x.organization_id = $1`,
    ),
  ];
  const result = await t.deps.database.pool.query<{ name: string; rows: unknown[] }>(
    selects.join(" union all "),
    [orgId],
  );
  return Object.fromEntries(result.rows.map((row) => [row.name, row.rows]));
}
