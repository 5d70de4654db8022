// Process entry: read configuration, start the database (embedded unless DATABASE_URL is
// set), apply migrations, serve the API and the web client, and stop gracefully.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";
import { buildApp } from "./app.js";
import type { AppDeps } from "./app-deps.js";
import { composeDeps } from "./compose.js";
import { type Config, loadConfig } from "./config.js";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "./db/embedded-postgres.js";
import { DEMO_OWNER, demoOwner, seedDemoClub } from "./features/demo/seed.js";
import { createLogger, logDestination } from "./platform/logging/logger.js";
import { drainConnections } from "./platform/web/draining.js";
import { standInText } from "./platform/web/stand-in-notice.js";

// Under load V8 lets the old space grow to several times what is live before compacting it
// (its default factor follows the allocation rate), so the peak heap stands far above the live
// data. A fixed factor of 2 keeps the peak lower at the same throughput (decision
// 011). V8 reads the factor at each collection, so setting it here, at start, is enough.
v8.setFlagsFromString("--heap-growing-percent=100");

/** How long a stop may take: requests in flight, then jobs, then the database. */
const STOP_DEADLINE_MS = 20_000;
/**
 * How long open connections are answered "503, Connection: close" before the idle ones left
 * are closed: long enough for a busy client to send its next request and hear that answer,
 * short enough that a client which stays idle does not hold the stop.
 */
const DRAIN_MS = 3_000;

const startedAt = performance.now();
const config = configOrExit();
const log = createLogger(config.logLevel, logDestination(config.logFormat));
// The built client is dist/web: beside dist/server when compiled, two levels up from src/server under tsx.
const here = path.dirname(fileURLToPath(import.meta.url));
const webRoot = path.resolve(
  here,
  here.includes(`${path.sep}dist${path.sep}`) ? "../../web" : "../../dist/web",
);

// What has been started so far, so that a start that fails part way (the port is taken)
// still stops what it started: the embedded database's own exit hooks are removed.
const started: { embedded?: EmbeddedDatabase; deps?: { close: () => Promise<void> } } = {};

async function main() {
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres(
        config.dataDir,
        { info: (m) => log.info(m), warn: (m) => log.warn(m) },
        { chosenDataDir: config.dataDirChosen },
      );
  started.embedded = embedded;
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  // Under `npm run dev` Vite serves the client; the server then answers the API only.
  const webBuilt = existsSync(path.join(webRoot, "index.html"));
  const deps = await composeDeps(config, databaseUrl, log, { webRoot: webBuilt ? webRoot : undefined });
  started.deps = deps;
  const app = await buildApp(deps, { logger: log });
  const demo = config.seedDemo ? await seedDemo(deps) : undefined;

  // Stop accepting, let the requests in flight finish (new ones on open connections get 503
  // and every answer closes its connection; draining.ts), then close the idle connections
  // left, tell live viewers to reconnect, let running jobs finish, close the pool, stop the
  // embedded database last, and exit 0. A stop that hangs is cut off at the deadline.
  let stopping = false;
  const stop = async (reason: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    log.info(`${reason}: finishing requests in flight, then stopping`);
    // Ctrl-C at a terminal reaches the embedded PostgreSQL too (one process group), and it
    // stops at once: the connection warnings that follow say nothing new, so only errors are
    // written until the stop is done.
    const quietUntilStopped = reason === "SIGINT" && embedded !== undefined;
    const level = log.level;
    if (quietUntilStopped) log.level = "error";
    setTimeout(() => {
      log.error(`Stopping took longer than ${STOP_DEADLINE_MS / 1000} s; exiting now.`);
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    try {
      await drainConnections(app, DRAIN_MS);
      await app.close();
      await deps.close();
      await embedded?.stop();
    } catch (error) {
      log.error({ err: error }, "error while stopping");
      exitCode = 1;
    }
    log.level = level;
    log.info("stopped");
    process.exit(exitCode);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  // A promise nobody awaited is a bug to fix, not a reason to drop every request in flight.
  process.on("unhandledRejection", (reason) => log.error({ err: reason }, "unhandled promise rejection"));
  // After an exception nothing caught, the process state is unknown: stop gracefully and let
  // the supervisor start a fresh one.
  process.on("uncaughtException", (error) => {
    log.fatal({ err: error }, "uncaught exception");
    void stop("uncaught exception", 1);
  });

  await app.listen({ port: config.port, host: config.host });
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  // The address people are sent to is APP_URL, the one links and cookies are made for (the
  // listening address may be 0.0.0.0 or a loopback alias of it).
  const address = config.appUrl;
  log.info(`Courtside is running at ${address} (started in ${seconds} s)`);
  if (config.mailboxPage)
    log.info(`No SMTP_URL: mail is kept in the local mailbox at ${address}/dev/mailbox`);
  else if (!config.smtpUrl)
    log.warn("No SMTP_URL and the mailbox page is off: mail is kept but not delivered. Set SMTP_URL.");
  if (embedded) log.info(`Embedded PostgreSQL data is in ${embedded.databaseDir}`);
  const notice = standInText(config.standIns);
  if (notice) log.warn(`${notice} Every page says so.`);
  // Last, so the sign-in is what a person sees at the bottom of the terminal.
  if (demo) {
    log.info(demo.created ? "Demo club built: Riverside Pickleball Club" : "The demo club is already here");
    log.info("Mail to the demo club's players is kept in the mailbox, not listed here.");
    log.info(`Sign in at ${address} as ${DEMO_OWNER.email} with the password ${DEMO_OWNER.password}`);
  }
}

/** `npm run demo`: the demo club, built once, and how to sign in to it. */
async function seedDemo(deps: AppDeps) {
  if (!config.demo) {
    throw new Error("the demo club is not built in production. Set DEMO=1 if you really want it here.");
  }
  const owner = await demoOwner(deps);
  return seedDemoClub(deps, { id: owner, name: DEMO_OWNER.name });
}

/**
 * A configuration mistake is the operator's to fix, not a bug: it is said as the sentence
 * loadConfig wrote, without a stack trace, before the logger (which it configures) exists.
 */
function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    process.stderr.write(
      `Courtside could not start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  }
}

/** A start that failed says so in one sentence, stops what it started, and exits 1. */
async function failedStart(error: unknown) {
  log.fatal(`Courtside could not start: ${error instanceof Error ? error.message : String(error)}`);
  await started.deps?.close().catch(() => {});
  await started.embedded?.stop().catch(() => {});
  process.exit(1);
}

// Until the server listens, an error thrown where nobody can catch it (a child process that
// could not be run, say) is a failed start too, not a stack trace.
const duringStart = (error: unknown) => void failedStart(error);
process.on("uncaughtException", duringStart);
main()
  .then(() => process.off("uncaughtException", duringStart))
  .catch(failedStart);
