// The database handle: a pg pool and Drizzle on top of it, on DATABASE_URL or on an embedded
// PostgreSQL in DATA_DIR. Migrations committed in ./migrations, then the SQL rules in
// ./schema/rules, are applied at start.
//
// The database may drop any connection at any moment (a restart, a failover, an administrator's
// pg_terminate_backend) or stop answering (a network partition). So every wait is bounded:
// connecting (or waiting for a free client), each statement on the server, and each answer on
// the wire; a request that meets one of these answers 503 (platform/errors), never hangs and
// never takes the process down. And a dead connection is never lent again (pool-guard.ts).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { guardPool } from "./pool-guard.js";
import * as schema from "./schema/index.js";
import { applySqlRules } from "./sql-rules.js";
import { nameFrequentStatements } from "./statement-names.js";
import { readTextArraysFast } from "./text-arrays.js";

export type Db = NodePgDatabase<typeof schema>;
/** A transaction: what a use case writes through, so its effects commit or roll back together. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Either: read helpers run inside a caller's transaction or on their own. */
export type Queryable = Db | Tx;
export type Database = { db: Db; pool: pg.Pool; url: string };

type WarnLog = { warn: (object: object, message: string) => void };

/** The bounds of every wait on the database, shared by the app's pool and the job queue's. */
export const DATABASE_TIMEOUTS = {
  /** Opening a connection, or waiting for a free one in the pool. */
  connectionTimeoutMillis: 5_000,
  /** The server cancels a statement running longer than this (SQLSTATE 57014). */
  statement_timeout: 4_000,
  /** The client gives up on an answer that never comes (a partition): the server cannot. */
  query_timeout: 5_000,
  /** A transaction left open by a stuck process does not hold its locks for ever. */
  idle_in_transaction_session_timeout: 15_000,
  keepAlive: true,
} as const;

export function connectDatabase(
  url: string,
  options: {
    max?: number;
    log?: WarnLog;
    /** Longer bounds, for a tool's bulk write (never for requests). */
    timeouts?: { statement_timeout?: number; query_timeout?: number };
  } = {},
): Database {
  readTextArraysFast();
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    ...DATABASE_TIMEOUTS,
    ...options.timeouts,
  });
  guardPool(pool, options.log);
  nameFrequentStatements(pool);
  return { db: drizzle(pool, { schema }), pool, url };
}

/**
 * Applies the committed migrations, then the SQL rules in their current text (sql-rules.ts), on
 * a connection of its own, without the request timeouts.
 */
export async function migrateDatabase(url: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  pool.on("error", () => {});
  try {
    await migrate(drizzle(pool, { schema }), { migrationsFolder: resolveMigrationsFolder() });
    await applySqlRules(pool, path.join(resolveMigrationsFolder(), "../schema/rules"));
  } finally {
    await pool.end();
  }
}

// Migrations stay beside the sources: from src/server/db (tests, tsx) they are here; the
// compiled server in dist/server/server/db finds them back in src.
function resolveMigrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return here.includes(`${path.sep}dist${path.sep}`)
    ? path.resolve(here, "../../../../src/server/db/migrations")
    : path.join(here, "migrations");
}
