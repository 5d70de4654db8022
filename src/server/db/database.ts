// The database handle: a pg pool and Drizzle on top of it, on DATABASE_URL or on an embedded
// PostgreSQL in DATA_DIR. Migrations committed in ./migrations are applied at start.
//
// The database may drop any connection at any moment (a restart, a failover, an administrator's
// pg_terminate_backend) or stop answering (a network partition). So every client listens for
// errors for its whole life, and every wait is bounded: connecting (or waiting for a free
// client), each statement on the server, and each answer on the wire. A request that meets one
// of these answers 503 (platform/errors), never hangs and never takes the process down.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema/index.js";

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

export function connectDatabase(url: string, options: { max?: number; log?: WarnLog } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, ...DATABASE_TIMEOUTS });
  // An idle client's error (the server restarting) must not crash the process...
  pool.on("error", (error) => options.log?.warn({ err: error }, "database connection lost while idle"));
  // ...nor a checked-out one's: pg-pool removes its own listener while a client is lent out.
  pool.on("connect", (client) => {
    client.on("error", (error) => options.log?.warn({ err: error }, "database connection lost"));
    discardOnReadTimeout(client);
  });
  return { db: drizzle(pool, { schema }), pool, url };
}

// After a read timeout the connection is in an unknown state (its answer may still arrive and
// the next query would queue behind it), and Drizzle returns a transaction's client to the
// pool without an error. So a client whose query timed out closes its socket: the pool then
// drops it instead of lending it again.
function discardOnReadTimeout(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const discardIfTimedOut = (error: unknown) => {
    if (error instanceof Error && error.message === "Query read timeout")
      (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
  };
  client.query = ((...args: unknown[]) => {
    const callback = args.at(-1);
    if (typeof callback === "function") {
      args[args.length - 1] = (error: unknown, result: unknown) => {
        discardIfTimedOut(error);
        callback(error, result);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.catch(discardIfTimedOut);
    return result;
  }) as typeof client.query;
}

/** Applies the committed migrations on a connection of its own, without the request timeouts. */
export async function migrateDatabase(url: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  pool.on("error", () => {});
  try {
    await migrate(drizzle(pool, { schema }), { migrationsFolder: resolveMigrationsFolder() });
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
