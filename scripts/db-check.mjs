// Fails when src/server/db/schema/ has changes that no committed migration carries: it
// generates against a copy of the migrations and looks for a new file.
import { spawnSync } from "node:child_process";
import { cpSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const committed = path.join(root, "src/server/db/migrations");
// drizzle-kit takes --out relative to the project, so the scratch copy lives inside it.
const scratchRelative = "node_modules/.cache/courtside-db-check";
const scratch = path.join(root, scratchRelative);
rmSync(scratch, { recursive: true, force: true });
cpSync(committed, scratch, { recursive: true });
const before = readdirSync(scratch).length;
const result = spawnSync(
  "npx",
  [
    "drizzle-kit",
    "generate",
    "--dialect",
    "postgresql",
    "--schema",
    "src/server/db/schema",
    "--out",
    scratchRelative,
  ],
  { cwd: root, encoding: "utf8" },
);
const after = readdirSync(scratch).length;
rmSync(scratch, { recursive: true, force: true });
if (result.status !== 0 || (!/No schema changes/.test(result.stdout) && after === before)) {
  console.error(result.stdout, result.stderr);
  process.exit(1);
}
if (after !== before) {
  console.error(
    "db:check: src/server/db/schema/ has changes with no migration. Run `npm run db:generate` and commit the result.",
  );
  process.exit(1);
}
console.log("db:check: schema and migrations agree.");
