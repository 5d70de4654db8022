// The SQL rules (functions and their triggers) each live in one file under schema/rules/, in
// their current text: migrations make and change tables, these files hold the rules. After the
// migrations, a file whose text changed since it was last applied is applied again, whole, in
// one transaction (every statement in it replaces what it names), so each rule has one text
// to read and the database holds exactly that text (sql-rules.test.ts compares the two).
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type pg from "pg";

export type SqlRuleFile = { name: string; text: string; hash: string };

export function sqlRuleFiles(folder: string): SqlRuleFile[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .map((name) => {
      const text = readFileSync(path.join(folder, name), "utf8");
      return { name, text, hash: createHash("sha256").update(text).digest("hex") };
    });
}

/** Applies each rule file not yet applied in its current text; one instance at a time. */
export async function applySqlRules(pool: pg.Pool, folder: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    // Two instances starting together: the second waits, then finds every file applied.
    await client.query("SELECT pg_advisory_xact_lock(hashtext('courtside sql rules'))");
    // Beside drizzle's own record of the migrations, out of the app's schema.
    await client.query(`CREATE SCHEMA IF NOT EXISTS drizzle;
      CREATE TABLE IF NOT EXISTS drizzle.sql_rules_applied (
        name text PRIMARY KEY, hash text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    for (const file of sqlRuleFiles(folder)) {
      const { rows } = await client.query<{ hash: string }>(
        "SELECT hash FROM drizzle.sql_rules_applied WHERE name = $1",
        [file.name],
      );
      if (rows[0]?.hash === file.hash) continue;
      await client.query(file.text);
      await client.query(
        `INSERT INTO drizzle.sql_rules_applied (name, hash) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET hash = excluded.hash, applied_at = now()`,
        [file.name, file.hash],
      );
    }
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** Each function a rule file makes, by name: the body between its `$$` quotes. */
export function ruleBodies(files: SqlRuleFile[]): Map<string, string> {
  const bodies = new Map<string, string>();
  const made = /CREATE OR REPLACE FUNCTION "(\w+)"\([\s\S]*?\bAS \$\$([\s\S]*?)\$\$/g;
  for (const file of files) for (const [, name, body] of file.text.matchAll(made)) bodies.set(name!, body!);
  return bodies;
}

/**
 * The rules whose text in the database differs from their file (or that it lacks), by name:
 * empty when the database holds each file's text exactly.
 */
export async function ruleDrift(pool: pg.Pool, folder: string): Promise<string[]> {
  const bodies = ruleBodies(sqlRuleFiles(folder));
  const { rows } = await pool.query<{ name: string; body: string }>(
    `SELECT p.proname AS name, p.prosrc AS body FROM pg_proc p
      WHERE p.pronamespace = current_schema()::regnamespace AND p.proname = ANY($1)`,
    [[...bodies.keys()]],
  );
  const held = new Map(rows.map((row) => [row.name, row.body]));
  return [...bodies]
    .filter(([name, body]) => held.get(name) !== body)
    .map(([name]) => (held.has(name) ? `${name} differs from its file` : `${name} is missing`));
}
