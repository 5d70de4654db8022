// Draws the installed app's icons from src/web/public/favicon.svg with Debian's Chromium, into
// src/web/public/icons/. Run it by hand when the logo changes and commit the PNGs: the build
// copies them as they are and never needs a browser.
//   node scripts/make-icons.mjs
// - icon-192.png, icon-512.png: the logo as it is (rounded square, transparent corners);
// - maskable-512.png: a full square of the logo's green (the platform cuts its own shape) with
//   the ball shrunk to 80%, well inside the safe zone (the centre circle of 40% radius);
// - apple-touch-icon.png (180): a full square too, as iOS rounds the corners itself and would
//   show transparent ones black.
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

const root = path.resolve(import.meta.dirname, "..");
const publicDir = path.join(root, "src/web/public");
const outDir = path.join(publicDir, "icons");
const favicon = readFileSync(path.join(publicDir, "favicon.svg"), "utf8");

// The logo is a rounded square of 32 units with everything else drawn on it.
const logo = favicon.match(/^<svg [^>]*viewBox="0 0 32 32"[^>]*>(<rect [^>]*\/>)(.*)<\/svg>\s*$/s);
if (!logo)
  throw new Error("make-icons: favicon.svg is no longer a 32-unit rounded square with a drawing on it");
const [, square, drawing] = logo;
const background = square.match(/fill="([^"]+)"/)?.[1];
if (!background) throw new Error("make-icons: favicon.svg's square has no fill colour");

/** The logo on a full square of its background, its drawing scaled by `scale` about the centre. */
const fullSquare = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${background}"/>` +
  `<g transform="translate(16 16) scale(${scale}) translate(-16 -16)">${drawing}</g></svg>`;

const icons = [
  { file: "icon-192.png", size: 192, svg: favicon },
  { file: "icon-512.png", size: 512, svg: favicon },
  { file: "maskable-512.png", size: 512, svg: fullSquare(0.8) },
  { file: "apple-touch-icon.png", size: 180, svg: fullSquare(1) },
];

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { file, size, svg } of icons) {
    await page.setViewportSize({ width: size, height: size });
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><img src="${src}" width="${size}" height="${size}" style="display:block"></body></html>`,
    );
    await page.locator("img").evaluate((img) => img.decode());
    await page.screenshot({
      path: path.join(outDir, file),
      omitBackground: true,
      clip: { x: 0, y: 0, width: size, height: size },
    });
    console.log(`make-icons: src/web/public/icons/${file} (${size}x${size})`);
  }
} finally {
  await browser.close();
}
