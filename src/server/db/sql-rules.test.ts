// The database holds each SQL rule exactly as its file says (schema/rules/*.sql), and a change
// to a file reaches a database already migrated, once.
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness.js";
import { applySqlRules, ruleBodies, ruleDrift, sqlRuleFiles } from "./sql-rules.js";

const rules = path.join(import.meta.dirname, "schema/rules");
let t: TestApp;
let pool: pg.Pool;

beforeAll(async () => {
  t = await createTestApp();
  pool = new pg.Pool({ connectionString: t.deps.database.url, max: 1 });
});
afterAll(async () => {
  await pool?.end();
  await t?.close();
});

describe("the SQL rules", () => {
  it("are in the database in their files' text, every one", async () => {
    const names = [...ruleBodies(sqlRuleFiles(rules)).keys()];
    expect(names).toEqual(expect.arrayContaining(["take_place", "give_up_place", "promote_waitlist"]));
    expect(await ruleDrift(pool, rules)).toEqual([]);
  });

  it("tells a rule changed in the database apart from its file, and applying the files mends it", async () => {
    await pool.query(`CREATE OR REPLACE FUNCTION "has_room"(capacity integer, taken bigint) RETURNS boolean
      LANGUAGE sql IMMUTABLE AS $$ SELECT true $$`);
    expect(await ruleDrift(pool, rules)).toEqual(["has_room differs from its file"]);
    // The file's text was applied already: a file is applied again only when it changes.
    await pool.query("DELETE FROM drizzle.sql_rules_applied");
    await applySqlRules(pool, rules);
    expect(await ruleDrift(pool, rules)).toEqual([]);
    const { rows } = await pool.query("SELECT name FROM drizzle.sql_rules_applied ORDER BY name");
    expect(rows.map((row) => row.name)).toEqual(sqlRuleFiles(rules).map((file) => file.name));
  });

  it("keeps the trigger that gives a joining guest their places", async () => {
    const { rows } = await pool.query(
      "SELECT tgname FROM pg_trigger WHERE tgname = 'organization_members_claim_guest_places'",
    );
    expect(rows).toHaveLength(1);
  });
});
