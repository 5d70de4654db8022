// Statements seen often are named, and so parsed once per connection: on a pool of one
// connection, PostgreSQL's own list of prepared statements shows which texts got a name.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness.js";
import { connectDatabase, type Database } from "./database.js";

let t: TestApp;
let database: Database;

beforeAll(async () => {
  t = await createTestApp();
  database = connectDatabase(t.deps.database.url, { max: 1 });
});
afterAll(async () => {
  await database?.pool.end();
  await t?.close();
});

/** The statements this pool's one connection holds prepared, by their text. */
async function prepared(): Promise<string[]> {
  const { rows } = await database.pool.query<{ statement: string }>(
    "select statement from pg_prepared_statements where name like 'courtside_%'",
  );
  return rows.map((row) => row.statement);
}

describe("statements seen often", () => {
  it("are named from their third run, and answer as before", async () => {
    const run = (n: number) => database.db.execute<{ n: number }>(sql`select ${n}::int + 1 as n /* third */`);
    expect((await run(1)).rows).toEqual([{ n: 2 }]);
    await run(2);
    expect((await prepared()).some((text) => text.includes("/* third */"))).toBe(false);
    expect((await run(3)).rows).toEqual([{ n: 4 }]);
    expect((await prepared()).filter((text) => text.includes("/* third */"))).toHaveLength(1);
    // Named, it still takes each run's values.
    expect((await run(41)).rows).toEqual([{ n: 42 }]);
  });

  it("leave a statement without values as it is", async () => {
    for (let i = 0; i < 5; i++) await database.pool.query("select 1 as one /* no values */");
    expect((await prepared()).some((text) => text.includes("/* no values */"))).toBe(false);
  });

  it("are named at most 256 at a time, so a connection's prepared statements stay bounded", async () => {
    for (let text = 0; text < 300; text++)
      for (let time = 0; time < 3; time++)
        await database.pool.query(`select $1::int as n /* text ${text} */`, [time]);
    const named = await prepared();
    expect(named.length).toBeLessThanOrEqual(256);
    expect(named.length).toBeGreaterThan(200);
    // Past the bound, a text runs unnamed and still answers.
    const { rows } = await database.pool.query("select $1::int as n /* text 299 */", [7]);
    expect(rows).toEqual([{ n: 7 }]);
  });
});
