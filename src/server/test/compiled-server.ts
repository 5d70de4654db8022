// The tests that start the real server as a child process (a kill -9 loop, a graceful stop, a
// crash, production's refusals) start it from JavaScript compiled once per run, here: under
// tsx each start compiled the whole server again, about 4 s of CPU each, on a machine of two
// cores, some 60 times a run. It is the build's own compile (scripts/build-server.mjs), in a
// folder of its own, beside links to the checkout's src (its migrations and SQL rules) and
// node_modules, so the server finds what it reads as the built one does.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
// @ts-expect-error: a plain .mjs script without type declarations
import { buildServer } from "../../../scripts/build-server.mjs";

const root = path.resolve(import.meta.dirname, "../../..");

/** Where a test's child server starts from: set by the integration suite's global setup. */
export const COMPILED_SERVER_ENV = "COURTSIDE_TEST_SERVER_ENTRY";

/** How to start the server: its compiled entry when this run made one, else under tsx. */
export function serverCommand(): string[] {
  const entry = process.env[COMPILED_SERVER_ENV];
  return entry ? [entry] : ["--import", "tsx", "src/server/main.ts"];
}

/** Compiles the server (and the shared code it imports); returns its entry and a clean-up. */
export async function compileServer(): Promise<{ entry: string; remove: () => void }> {
  const folder = mkdtempSync(path.join(tmpdir(), "courtside-test-server-"));
  const outdir = path.join(folder, "dist/server");
  const src = path.join(root, "src");
  await buildServer(outdir);
  mkdirSync(path.join(folder, "dist"), { recursive: true });
  symlinkSync(src, path.join(folder, "src"));
  symlinkSync(path.join(root, "node_modules"), path.join(folder, "node_modules"));
  symlinkSync(path.join(root, "dist/web"), path.join(folder, "dist/web"));
  writeFileSync(path.join(folder, "package.json"), JSON.stringify({ type: "module" }));
  return {
    entry: path.join(outdir, "server/main.js"),
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}
