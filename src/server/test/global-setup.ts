// Makes one migrated template database; each test file clones it (CREATE DATABASE ... TEMPLATE),
// so files run in parallel on their own data. TEST_DATABASE_URL points at a server; without
// it an embedded PostgreSQL is started in a temporary folder.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrateDatabase } from "../db/database.js";
import { startEmbeddedPostgres } from "../db/embedded-postgres.js";
import { COMPILED_SERVER_ENV, compileServer } from "./compiled-server.js";

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: { serverUrl: string; template: string };
  }
}

export default async function setup(project: TestProject) {
  let serverUrl = process.env.TEST_DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let dataDir: string | undefined;
  if (!serverUrl) {
    dataDir = mkdtempSync(path.join(tmpdir(), "courtside-test-"));
    const embedded = await startEmbeddedPostgres(dataDir, { info: () => {}, warn: () => {} });
    serverUrl = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const template = `courtside_template_${process.pid}`;
  await admin(serverUrl, async (client) => {
    await client.query(`drop database if exists ${template}`);
    await client.query(`create database ${template}`);
  });
  await migrateDatabase(withDatabase(serverUrl, template));
  project.provide("testDatabase", { serverUrl, template });
  // The workers start after this and inherit the variable: their child servers start compiled.
  const compiled = await compileServer();
  process.env[COMPILED_SERVER_ENV] = compiled.entry;

  return async () => {
    await admin(serverUrl, async (client) => {
      const { rows } = await client.query<{ datname: string }>(
        "select datname from pg_database where datname like $1",
        [`t_${process.pid}_%`],
      );
      for (const row of rows) await client.query(`drop database if exists ${row.datname} with (force)`);
      await client.query(`drop database if exists ${template} with (force)`);
    });
    compiled.remove();
    await stopEmbedded?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}

export async function admin(serverUrl: string, work: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
