// After `vite build`: renders the landing page (src/web/prerender.tsx) into dist/web/landing.html,
// which the server sends to visitors at / (web-client.ts). The page keeps index.html's head
// (title, description, stylesheet) and loads /landing.js instead of the app.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";

const root = path.resolve(import.meta.dirname, "..");
const web = path.join(root, "dist/web");
const outDir = path.join(root, "dist/prerender");

await build({
  configFile: path.join(root, "vite.config.ts"),
  logLevel: "warn",
  build: { ssr: path.join(root, "src/web/prerender.tsx"), outDir, emptyOutDir: true, manifest: false },
});
const { renderLanding } = await import(pathToFileURL(path.join(outDir, "prerender.js")).href);
const markup = renderLanding();

const index = readFileSync(path.join(web, "index.html"), "utf8");
const withoutApp = index
  .replace(/\s*<script type="module"[^>]*><\/script>/g, "")
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, "");
if (withoutApp === index || !withoutApp.includes('<div id="root"></div>'))
  throw new Error(
    "prerender-landing: index.html no longer has the app script or the root element it expects",
  );
const landing = withoutApp
  .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`)
  .replace("</body>", () => `  <script src="/landing.js" defer></script>\n  </body>`);
writeFileSync(path.join(web, "landing.html"), landing);
rmSync(outDir, { recursive: true, force: true });
console.log(`prerender-landing: dist/web/landing.html (${Math.round(landing.length / 1024)} KB)`);
