// Each SQL function has one text: the migrations and the rule files (src/server/db/schema/rules)
// together make each function once. A rule that changes is edited in its rule file, which the
// app applies again after the migrations (db/sql-rules.ts); a migration that made it a second
// time would leave two texts, and nobody could tell which one the database holds. (That the
// database holds the file's text is db/sql-rules.test.ts's to check: it needs a database.)
// Run by `npm run lint`; `functionTexts(root)` is exported for its own test.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const folders = ["src/server/db/migrations", "src/server/db/schema/rules"];
const made = /CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+"?(\w+)"?\s*\(/gi;

/** Each function made more than once, with the files that make it. */
export function functionTexts(root) {
  const where = new Map();
  for (const folder of folders) {
    const full = path.join(root, folder);
    let names = [];
    try {
      names = readdirSync(full).filter((name) => name.endsWith(".sql"));
    } catch {
      continue;
    }
    for (const name of names.sort())
      for (const [, fn] of readFileSync(path.join(full, name), "utf8").matchAll(made)) {
        const key = fn.toLowerCase();
        if (!where.has(key)) where.set(key, []);
        where.get(key).push(`${folder}/${name}`);
      }
  }
  return [...where]
    .filter(([, files]) => files.length > 1)
    .map(
      ([fn, files]) =>
        `${fn} has ${files.length} texts (${files.join(", ")}): keep its current text once, in a rule file under src/server/db/schema/rules`,
    );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const found = functionTexts(path.resolve(import.meta.dirname, ".."));
  for (const line of found) console.error(line);
  if (found.length) {
    console.error(`check-sql-rules: ${found.length} SQL function(s) written more than once.`);
    process.exit(1);
  }
  console.log("check-sql-rules: every SQL function has one text.");
}
