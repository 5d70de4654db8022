import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3210);
// localhost, not 127.0.0.1: browsers refuse passkeys (WebAuthn) on a bare IP address.
export const baseURL = `http://localhost:${port}`;

// End-to-end tests drive Debian's Chromium (never a downloaded browser) against the built
// app, started fresh on its embedded PostgreSQL and local mailbox.
export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    // The app's service worker stays out of the tests that do not test it: requests it made
    // would pass the fixtures' outbound-request guard and the specs' routes unseen, and a
    // cached shell could outlive a build. e2e/installable.spec.ts lets it in.
    serviceWorkers: "block",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  webServer: {
    command: "node scripts/e2e-server.mjs",
    env: { PORT: String(port) },
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});
