// Holds the code to the boundaries DESIGN.md draws, which convention alone did not keep:
// - shared imports nothing from server or web; web never imports server;
// - a feature reaches another feature only through that feature's service.ts;
// - only a table's owner imports its schema file (src/server/db/schema/<owner>.ts), so a
//   feature reads or writes another's rows only by asking its service;
// - platform code never imports a feature.
// Tests and the test harness may reach anything (they build the world they test).
// Run by `npm run lint`; `checkBoundaries(root)` is exported for its own test.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Schema file -> the folder under src/server that owns its tables. The account tables belong to
 * better-auth's plumbing (platform/auth) and to the person's account as the app sees it
 * (features/account, the one place names and addresses are read for everyone else).
 */
export const schemaOwners = {
  auth: ["platform/auth", "features/account"],
  mail: "platform/mail",
  "sandbox-payments": "platform/payments",
  account: "features/account",
  "club-reads": "platform/club-reads",
  clubs: "features/clubs",
  courts: "features/courts",
  ladder: "features/ladder",
  members: "features/members",
  notifications: "features/notifications",
  payments: "features/payments",
  sessions: "features/sessions",
};

const sourceFile = /\.(ts|tsx|mjs)$/;
const exempt = (rel) => /\.test\.tsx?$/.test(rel) || rel.startsWith("src/server/test/");
const specifiers = /(?:import|export)\s[^"'`;]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (sourceFile.test(entry.name)) yield full;
  }
}

/** "src/server/features/sessions" for a file of that feature, or the platform module. */
function unitOf(rel) {
  const m = /^src\/server\/(features|platform)\/([^/]+)\//.exec(rel);
  return m ? `${m[1]}/${m[2]}` : null;
}

function problem(from, to) {
  const inShared = from.startsWith("src/shared/");
  if (inShared && !to.startsWith("src/shared/")) return "shared code imports nothing from server or web";
  if (from.startsWith("src/web/") && to.startsWith("src/server/"))
    return "web code never imports server code";
  const unit = unitOf(from);
  if (!unit) return null;
  const schema = /^src\/server\/db\/schema\/([^/]+)\.ts$/.exec(to);
  if (schema) {
    const owners = [schemaOwners[schema[1]] ?? []].flat();
    if (owners.includes(unit)) return null;
    if (owners.length === 0) return "import the owner's schema file, not the whole schema";
    return `${schema[1]} tables belong to ${owners.join(" and ")}: ask its service`;
  }
  const target = unitOf(to);
  if (!target || target === unit) return null;
  if (unit.startsWith("platform/") && target.startsWith("features/"))
    return "platform code never imports a feature";
  if (target.startsWith("features/") && !to.endsWith("/service.ts"))
    return `reach ${target} only through ${target}/service.ts`;
  return null;
}

/** Every import in `root`'s src that crosses a boundary, as "file: import -> why". */
export function checkBoundaries(root) {
  const found = [];
  for (const file of files(path.join(root, "src"))) {
    const from = path.relative(root, file).split(path.sep).join("/");
    if (exempt(from)) continue;
    for (const m of readFileSync(file, "utf8").matchAll(specifiers)) {
      const spec = m[1] ?? m[2];
      if (!spec.startsWith(".")) continue;
      const resolved = path
        .relative(root, path.resolve(path.dirname(file), spec))
        .split(path.sep)
        .join("/");
      const to = resolved.replace(/\.js$/, ".ts");
      const why = problem(from, to);
      if (why) found.push(`${from}: ${spec} -> ${why}`);
    }
  }
  return found.sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const found = checkBoundaries(path.resolve(import.meta.dirname, ".."));
  for (const line of found) console.error(line);
  if (found.length) {
    console.error(
      `check-boundaries: ${found.length} import(s) cross a boundary (see DESIGN.md, decision 010).`,
    );
    process.exit(1);
  }
  console.log("check-boundaries: every import stays inside its boundaries.");
}
