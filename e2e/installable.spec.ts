// The app as something to install: Chromium finds nothing missing for installing it, its
// service worker takes over the page, and with the network gone a reload still opens the app
// (its shell from the service worker's cache) and says it is offline.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { CDPSession, Page } from "@playwright/test";
import { createClubThroughApi, expect, signUpThroughApi, test, uniqueEmail } from "./fixtures.js";

// The one spec with the service worker let in (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: "allow" });

/** What Chromium says stands in the way of installing the page's app (empty: nothing). */
async function installabilityErrors(cdp: CDPSession) {
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  return installabilityErrors.map((error) => error.errorId);
}

/** The state of the service worker controlling `page`, or null while none does. */
const controllerState = (page: Page) =>
  page.evaluate(() => navigator.serviceWorker.controller?.state ?? null);

test("Chromium finds nothing in the way of installing the app", async ({
  playwright,
  launchOptions,
  problems,
}, testInfo) => {
  // Playwright's own browser contexts are off the record, where Chromium installs nothing
  // ("in-incognito"): this check runs in a real profile of its own.
  const profile = mkdtempSync(path.join(tmpdir(), "courtside-install-"));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...launchOptions,
    baseURL: testInfo.project.use.baseURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console.error: ${message.text()}`);
    });
    const cdp = await context.newCDPSession(page);
    // A visitor's landing page: the manifest, its icons and its start page are all in order.
    await page.goto("/");
    await expect.poll(() => installabilityErrors(cdp), { timeout: 15_000 }).toEqual([]);
    // And the app's own pages, with the service worker running.
    await page.goto("/auth");
    await expect.poll(() => controllerState(page)).toBe("activated");
    expect(await installabilityErrors(cdp)).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test("the service worker takes over, and offline the app opens from its cache with a banner", async ({
  page,
  context,
}) => {
  await signUpThroughApi(page, "Ivy Installer", uniqueEmail("installer"));
  await createClubThroughApi(page, "Offline Picklers");
  await page.goto("/dashboard");
  const clubName = page.getByRole("heading", { name: "Offline Picklers" });
  await expect(clubName).toBeVisible();
  // Registered after the page loads; it installs the shell and takes over the open page.
  const active = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
  expect(["activating", "activated"]).toContain(active);
  await expect.poll(() => controllerState(page)).toBe("activated");
  // Once under the service worker, the page's own chunks are kept for offline use.
  await page.reload();
  await expect(clubName).toBeVisible();
  await expect(page.getByTestId("offline-banner")).toHaveCount(0);

  // On a phone, where a club night is run.
  await page.setViewportSize({ width: 390, height: 844 });
  await context.setOffline(true);
  await expect(page.getByTestId("offline-banner")).toHaveText(
    "You're offline. The board will update when you're back.",
  );
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  // Still the page it was: the app waits for the network rather than taking the person for signed out.
  await expect(page).toHaveURL(/\/dashboard$/);
  // The app's shell, from the cache: its page is up and says why nothing new arrives.
  await expect(page.getByTestId("offline-banner")).toBeVisible();
  await expect(page.locator("#root")).not.toBeEmpty();
  await page.screenshot({ path: test.info().outputPath("offline-dashboard.png") });

  await context.setOffline(false);
  await expect(page.getByTestId("offline-banner")).toHaveCount(0);
  await expect(clubName).toBeVisible();
});

test("a call pushed to the service worker shows as a notice with its answers", async ({ page, context }) => {
  await context.grantPermissions(["notifications"]);
  await signUpThroughApi(page, "Pia Pushed", uniqueEmail("pushed"));
  const club = await createClubThroughApi(page, "Push Picklers");
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Called to your court" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Notify Me on This Device" })).toBeVisible();
  await expect.poll(() => controllerState(page)).toBe("activated");

  // What the push service would hand the browser: the call, as the server sends it.
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find(
        (r) => r.scopeURL.startsWith(new URL(page.url()).origin) && !r.isDeleted,
      );
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  const call = {
    title: "Court 3 now",
    body: "You're with Sam, against Lee & Kim.",
    url: "/board",
    tag: "call-test",
    organizationId: club.id,
    actions: ["on-my-way"],
  };
  const deliver = async () =>
    cdp.send("ServiceWorker.deliverPushMessage", {
      origin: new URL(page.url()).origin,
      registrationId: await registration,
      data: JSON.stringify(call),
    });
  await deliver();
  const notices = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        actions: ((n as Notification & { actions?: { action: string; title: string }[] }).actions ?? []).map(
          ({ action, title }) => ({ action, title }),
        ),
      })),
    );
  // A push handed over while the worker is still starting can be dropped (CI, once): hand it
  // over again until a notice shows. Its tag makes a second delivery replace, not add, one.
  for (let tries = 0; tries < 3 && (await notices()).length === 0; tries++) {
    await page.waitForTimeout(2000);
    if ((await notices()).length === 0) await deliver();
  }
  await expect.poll(notices).toEqual([
    {
      title: "Court 3 now",
      body: "You're with Sam, against Lee & Kim.",
      actions: [{ action: "on-my-way", title: "On my way" }],
    },
  ]);
});
