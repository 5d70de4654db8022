// After `vite build`: compiles the pages visitors are sent without the app
// (src/web/visitor-pages.tsx) for the server, into dist/ssr, beside the page they go into:
// dist/ssr/shell.html, which is index.html (title, description, stylesheet) with /menu.js in
// place of the app's scripts. Not under dist/web: nothing here is served as a file.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "vite";

const root = path.resolve(import.meta.dirname, "..");
const outDir = path.join(root, "dist/ssr");

await build({
  configFile: path.join(root, "vite.config.ts"),
  logLevel: "warn",
  publicDir: false,
  // Bundled whole, React included: built for production, whatever NODE_ENV the server runs with
  // (React's own entry would otherwise pick its development build at run time).
  ssr: { noExternal: true },
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: { ssr: path.join(root, "src/web/visitor-pages.tsx"), outDir, emptyOutDir: true, manifest: false },
});

const index = readFileSync(path.join(root, "dist/web/index.html"), "utf8");
const shell = index
  .replace(/\s*<script type="module"[^>]*><\/script>/g, "")
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, "")
  .replace("</body>", () => `  <script src="/menu.js" defer></script>\n  </body>`);
if (shell.includes('type="module"') || !shell.includes('<div id="root"></div>'))
  throw new Error(
    "build-visitor-pages: index.html no longer has the app script or the root element it expects",
  );
writeFileSync(path.join(outDir, "shell.html"), shell);
console.log("build-visitor-pages: dist/ssr/visitor-pages.js and dist/ssr/shell.html");
