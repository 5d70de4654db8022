import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3210);
// localhost, not 127.0.0.1: browsers refuse passkeys (WebAuthn) on a bare IP address.
export const baseURL = `http://localhost:${port}`;

/** Specs that sign in to the demo club or read its board. */
const DEMO_CLUB_SPECS = [
  "court-controls.spec.ts",
  "demo.spec.ts",
  "first-hour.spec.ts",
  "pages-at-both-widths.spec.ts",
  "training.spec.ts",
  "tv-display.spec.ts",
  "tv-readability.spec.ts",
].map((file) => `**/${file}`);

// End-to-end tests drive Debian's Chromium (never a downloaded browser) against the built
// app, started fresh on its embedded PostgreSQL and local mailbox.
export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two browsers at once: a spec waiting on the server or a timer leaves the other core to the
  // other spec (the suite's time, decision 038).
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // A failing test runs once more, recording its trace (recording every run costs a fifth of the
  // suite's time). One that then passes is reported as flaky (the list's last lines say which),
  // a defect to fix; one that fails twice fails the run.
  retries: 1,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    trace: "on-first-retry",
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
        // Nothing a page asks of another host leaves the machine (e2e/fixtures.ts fails the test).
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
      ],
    },
  },
  projects: [
    // These share the demo club the server builds at start; one of them changes its courts and
    // puts them back, another walks its owner's tutorials. One at a time, beside the others.
    { name: "demo club", testMatch: DEMO_CLUB_SPECS, workers: 1 },
    { name: "own clubs", testIgnore: DEMO_CLUB_SPECS },
  ],
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
