// The database handle: a pg pool and Drizzle on top of it, on DATABASE_URL or on an embedded
// PostgreSQL in DATA_DIR. Migrations committed in ./migrations are applied at start.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema.js";

export type Db = NodePgDatabase<typeof schema>;
export type Database = { db: Db; pool: pg.Pool; url: string };

export function connectDatabase(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client's error (the server restarting) must not crash the process.
  pool.on("error", () => {});
  return { db: drizzle(pool, { schema }), pool, url };
}

export async function migrateDatabase(database: Database): Promise<void> {
  await migrate(database.db, { migrationsFolder: resolveMigrationsFolder() });
}

// Migrations stay beside the sources: from src/server/db (tests, tsx) they are here; the
// compiled server in dist/server/server/db finds them back in src.
function resolveMigrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return here.includes(`${path.sep}dist${path.sep}`)
    ? path.resolve(here, "../../../../src/server/db/migrations")
    : path.join(here, "migrations");
}
