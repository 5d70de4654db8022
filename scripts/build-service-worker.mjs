// After `vite build`: writes dist/web/sw.js from src/web/service-worker.js with this build's
// app shell to precache (index.html, the entry's scripts and stylesheets and what the entry
// imports statically, every page's lazily loaded chunk, the icon) and a version named by their contents, so every build that
// changes the shell is a new service worker to the browser. Reads Vite's manifest.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const web = path.join(root, "dist/web");
const manifest = JSON.parse(readFileSync(path.join(web, ".vite/manifest.json"), "utf8"));

const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
if (entries.length !== 1 || entries[0][0] !== "index.html")
  throw new Error("build-service-worker: the build's one entry is no longer index.html");

const files = new Set();
const collect = (key) => {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`build-service-worker: ${key} is not in the build's manifest`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) collect(imported);
};
collect("index.html");
// Every page's own chunk too: a page never opened on this device opens offline as well (the
// court board on a phone that had only seen the dashboard before the gym's Wi-Fi went).
for (const [key, chunk] of Object.entries(manifest)) if (chunk.isDynamicEntry) collect(key);

const precache = ["/index.html", "/favicon.svg", ...[...files].sort().map((file) => `/${file}`)];
const hash = createHash("sha256");
for (const url of precache) hash.update(url).update(readFileSync(path.join(web, url)));
const version = hash.digest("hex").slice(0, 16);

const template = readFileSync(path.join(root, "src/web/service-worker.js"), "utf8");
const placeholder = /^const BUILD = \{[^\n]*\};$/m;
if (!placeholder.test(template))
  throw new Error("build-service-worker: src/web/service-worker.js has no `const BUILD = {...};` line");
writeFileSync(
  path.join(web, "sw.js"),
  template.replace(placeholder, () => `const BUILD = ${JSON.stringify({ version, precache })};`),
);
console.log(`build-service-worker: dist/web/sw.js, version ${version}, ${precache.length} files precached`);
