import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The web client lives in src/web and builds to dist/web, which the API server serves.
export default defineConfig({
  root: "src/web",
  publicDir: "public",
  plugins: [react(), tailwindcss()],
  // No source maps in the served build: they would publish the whole client source (3+ MB).
  // The manifest tells scripts/check-bundle-size.mjs what each page downloads.
  build: { outDir: "../../dist/web", emptyOutDir: true, sourcemap: false, manifest: true },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: "http://127.0.0.1:3000", ws: true },
      "/dev": "http://127.0.0.1:3000",
    },
  },
});
