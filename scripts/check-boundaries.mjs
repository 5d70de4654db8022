// Holds the code to the boundaries DESIGN.md draws, which convention alone did not keep:
// - shared imports nothing from server or web; web never imports server;
// - a feature reaches another feature only through that feature's service.ts;
// - only a table's owner imports its schema file (src/server/db/schema/<owner>.ts), so a
//   feature reads or writes another's rows only by asking its service;
// - platform code never imports a feature;
// - features do not import each other in a circle: the features form layers, and a reaction
//   that would point upwards (a check-in refreshing the queue) belongs to the use case above
//   that owns both steps, or travels through the outbox.
// - web features do not import each other in a circle either (type-only imports count: they
//   bind two features as tightly); what several share lives below them, in web/lib or
//   web/components, which never import a feature.
// - a route is served from its shared definition (shared/contracts/endpoint.ts, served by
//   platform/web/serve-endpoint.ts); the files that still register routes directly are listed
//   with how many in scripts/routes-to-define.json, and the list may only shrink.
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
  events: "features/events",
  ladder: "features/ladder",
  ledger: "features/ledger",
  members: "features/members",
  memberships: "features/memberships",
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
  if (/^src\/web\/(lib|components)\//.test(from) && to.startsWith("src/web/features/"))
    return "web/lib and web/components sit below the features: move what a feature shares down";
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

/**
 * Every feature-to-feature import of `root`'s src under `side` ("server" or "web"): "from -> to"
 * -> the files that make it.
 */
function featureEdges(imports, side) {
  const feature = new RegExp(`^src/${side}/features/([^/]+)/`);
  const edges = new Map();
  for (const { from, to } of imports) {
    const a = feature.exec(from)?.[1];
    const b = feature.exec(to)?.[1];
    if (!a || !b || a === b) continue;
    const key = `${a} -> ${b}`;
    if (!edges.has(key)) edges.set(key, new Set());
    edges.get(key).add(from);
  }
  return edges;
}

/**
 * The groups of features that reach each other through imports (strongly connected
 * components of the feature graph, by Tarjan's algorithm), each with more than one feature.
 */
function featureCycles(edges) {
  const next = new Map();
  for (const key of edges.keys()) {
    const [a, b] = key.split(" -> ");
    if (!next.has(a)) next.set(a, []);
    if (!next.has(b)) next.set(b, []);
    next.get(a).push(b);
  }
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (v) => {
    index.set(v, index.size);
    low.set(v, index.get(v));
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const group = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v);
  return groups;
}

/** Every import in `root`'s src that crosses a boundary, and every circle of features. */
export function checkBoundaries(root) {
  const found = [];
  const imports = [];
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
      imports.push({ from, to });
      const why = problem(from, to);
      if (why) found.push(`${from}: ${spec} -> ${why}`);
    }
  }
  for (const side of ["server", "web"]) {
    const edges = featureEdges(imports, side);
    for (const group of featureCycles(edges)) {
      const inside = [...edges].filter(([key]) => key.split(" -> ").every((f) => group.includes(f)));
      const how = inside.map(([key, from]) => `${key} (${[...from].sort().join(", ")})`).join("; ");
      const which = side === "web" ? "web features" : "features";
      found.push(`${which} ${group.join(", ")} import each other in a circle: ${how}`);
    }
  }
  return found.sort();
}

const directRoute = /\b(?:app|scope|live|instance)\.(?:get|post|put|patch|delete|route)\(/g;

/**
 * The server files that register routes directly rather than from a shared definition, against
 * `allowed` (file -> how many it may still register so): more is refused, fewer asks for the
 * allowance to come down, so the list only shrinks.
 */
export function routesWithoutDefinition(root, allowed) {
  const found = [];
  const seen = new Set();
  for (const file of files(path.join(root, "src/server"))) {
    const rel = path.relative(root, file).split(path.sep).join("/");
    if (exempt(rel) || rel.endsWith("/serve-endpoint.ts")) continue;
    const count = (readFileSync(file, "utf8").match(directRoute) ?? []).length;
    if (count === 0) continue;
    seen.add(rel);
    const allowance = allowed[rel] ?? 0;
    if (count > allowance)
      found.push(
        `${rel}: registers ${count} route(s) directly, ${allowance} allowed: serve each from its shared definition (shared/contracts/endpoint.ts)`,
      );
    else if (count < allowance)
      found.push(
        `${rel}: registers ${count} route(s) directly: lower its allowance in scripts/routes-to-define.json to ${count}`,
      );
  }
  for (const rel of Object.keys(allowed))
    if (!seen.has(rel))
      found.push(
        `${rel}: registers no route directly any more: remove it from scripts/routes-to-define.json`,
      );
  return found.sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(import.meta.dirname, "..");
  const allowed = JSON.parse(readFileSync(path.join(root, "scripts/routes-to-define.json"), "utf8"));
  const found = [...checkBoundaries(root), ...routesWithoutDefinition(root, allowed)];
  for (const line of found) console.error(line);
  if (found.length) {
    console.error(
      `check-boundaries: ${found.length} problem(s): imports that cross a boundary or features in a circle (see DESIGN.md, decision 010).`,
    );
    process.exit(1);
  }
  const left = Object.values(allowed).reduce((sum, n) => sum + n, 0);
  console.log(
    `check-boundaries: every import stays inside its boundaries; ${left} route(s) still to serve from a shared definition.`,
  );
}
