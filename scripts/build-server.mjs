// Compiles the server (and the shared code it imports) to JavaScript in dist/server, file for
// file, with source maps: esbuild only strips the types, in well under a second, where tsc
// took half a minute to check them again. Types are checked once, by `npm run typecheck`.
// The layout is tsc's (dist/server/server/main.js, dist/server/shared/...), which main.ts and
// the database's migrations folder rely on. `buildServer(outdir)` is exported for the tests'
// child servers (src/server/test/compiled-server.ts).
import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      // The integration harness is test code, as the tests beside each file are.
      if (full !== path.join(root, "src/server/test")) yield* sources(full);
    } else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")) yield full;
  }
}

export async function buildServer(outdir) {
  const src = path.join(root, "src");
  await build({
    entryPoints: [...sources(path.join(src, "server")), ...sources(path.join(src, "shared"))],
    outdir,
    outbase: src,
    format: "esm",
    platform: "node",
    target: "node20",
    sourcemap: true,
    logLevel: "error",
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outdir = path.join(root, "dist/server");
  rmSync(outdir, { recursive: true, force: true });
  await buildServer(outdir);
}
