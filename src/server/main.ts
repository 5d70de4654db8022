// Process entry: read configuration, start the database (embedded unless DATABASE_URL is
// set), apply migrations, serve the API and the web client, and shut down cleanly.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pino from "pino";
import { buildApp } from "./app.js";
import { composeDeps } from "./compose.js";
import { loadConfig } from "./config.js";
import { startEmbeddedPostgres } from "./db/embedded-postgres.js";

const startedAt = performance.now();
const config = loadConfig();
const log = pino({ level: config.logLevel });
// The built client is dist/web: beside dist/server when compiled, two levels up from src/server under tsx.
const here = path.dirname(fileURLToPath(import.meta.url));
const webRoot = path.resolve(
  here,
  here.includes(`${path.sep}dist${path.sep}`) ? "../../web" : "../../dist/web",
);

async function main() {
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres(config.dataDir, { info: (m) => log.info(m), warn: (m) => log.warn(m) });
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  // Under `npm run dev` Vite serves the client; the server then answers the API only.
  const webBuilt = existsSync(path.join(webRoot, "index.html"));
  const deps = await composeDeps(config, databaseUrl, log, { webRoot: webBuilt ? webRoot : undefined });
  const app = await buildApp(deps, { logger: log });
  await app.listen({ port: config.port, host: config.host });

  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  const address = `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${config.port}`;
  log.info(`Courtside is running at ${address} (started in ${seconds} s)`);
  if (deps.mailer.kind === "mailbox")
    log.info(`No SMTP_URL: mail is kept in the local mailbox at ${address}/dev/mailbox`);
  if (embedded) log.info(`Embedded PostgreSQL data is in ${config.dataDir}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: shutting down`);
    await app.close();
    await deps.close();
    await embedded?.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((error: unknown) => {
  log.fatal(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
