// The page every end-to-end test uses: it fails the test on a console error and on any
// request that leaves this machine, and it can save named screenshots as artifacts.
import { test as base, expect, type Page } from "@playwright/test";
import { layoutProblems } from "./layout-check.js";

type Fixtures = {
  /** Whether each page shown is checked for layout (off only for the check's own test). */
  layoutCheck: boolean;
  /** Problems seen on any page of the test; the test fails when there are any. */
  problems: string[];
  /** A second person: a page in a fresh browser context (own cookies), watched the same way. */
  newPerson: (viewport?: { width: number; height: number }) => Promise<Page>;
  shoot: (name: string) => Promise<void>;
};

const LOCAL_HOSTS = ["127.0.0.1", "localhost"];

function watch(page: Page, problems: string[]) {
  page.on("console", (message) => {
    // 401 and 404 answers are expected (signed-out checks, the not-found page); the browser logs them.
    if (message.type() === "error" && !/status of 40[14]/.test(message.text())) {
      problems.push(`console.error: ${message.text()}`);
    }
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  // Observed, not routed: routing every request would turn off the browser's cache and stop
  // each one in this process. The browser cannot reach another host anyway (its
  // --host-resolver-rules in playwright.config.ts), so an outbound request fails at once.
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!LOCAL_HOSTS.includes(url.hostname) && !["data:", "blob:"].includes(url.protocol))
      problems.push(`outbound request: ${url.href}`);
  });
}

/**
 * Where people play, on any page: the board's courts, queue and controls. (The score sheet and
 * the walk-ins dialog are held to 44 px by their own specs: other dialogs are not play areas.)
 */
const PLAY_AREAS = ["[data-testid=court]", "[data-testid=queue]", "[data-testid=organizer-bar]"];
/** Our own tools (the local mailbox) and raw API answers are not pages a person uses. */
const notAPage = (url: string) => /^https?:\/\/[^/]+\/(dev|api)\//.test(url) || url.startsWith("about:");

/**
 * The layout check (layout-check.ts) on every page a test shows: a second after each
 * navigation (the page has drawn by then), and on the page as the test leaves it. Problems
 * join the test's list, named by address and screen size, and fail the test.
 */
function checkLayoutOfEveryPage(page: Page, problems: string[]) {
  const check = async () => {
    const url = page.url();
    if (page.isClosed() || notAPage(url)) return;
    const size = page.viewportSize();
    try {
      for (const problem of await layoutProblems(page, { tapTargetsIn: PLAY_AREAS }))
        problems.push(`layout of ${new URL(url).pathname} at ${size?.width}x${size?.height}: ${problem}`);
    } catch {
      // The page moved on or closed while being measured: its next page is checked instead.
    }
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();
  page.on("framenavigated", (frame) => {
    if (frame !== page.mainFrame()) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = check();
    }, 1000);
  });
  // As the test leaves: a check under way finishes (its findings count), then the last page.
  return async () => {
    clearTimeout(timer);
    await running;
    await check();
  };
}

export const test = base.extend<Fixtures>({
  layoutCheck: [true, { option: true }],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
  problems: async ({}, use) => {
    const problems: string[] = [];
    await use(problems);
    expect(problems, problems.join("\n")).toEqual([]);
  },
  page: async ({ page, problems, layoutCheck }, use) => {
    watch(page, problems);
    const lastCheck = layoutCheck ? checkLayoutOfEveryPage(page, problems) : null;
    await use(page);
    await lastCheck?.();
  },
  newPerson: async ({ browser, problems, layoutCheck }, use, testInfo) => {
    const contexts: Awaited<ReturnType<typeof browser.newContext>>[] = [];
    const lastChecks: Array<() => Promise<void>> = [];
    await use(async (viewport) => {
      const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport });
      contexts.push(context);
      const page = await context.newPage();
      watch(page, problems);
      if (layoutCheck) lastChecks.push(checkLayoutOfEveryPage(page, problems));
      return page;
    });
    for (const lastCheck of lastChecks) await lastCheck();
    for (const context of contexts) await context.close();
  },
  shoot: async ({ page }, use, testInfo) => {
    await use(async (name) => {
      await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
    });
  },
});

export { expect };

/**
 * A picture of the page as it is now, kept with the test's output; with UPDATE_SCREENSHOTS=1 it
 * is written to docs/screenshots/ instead, to be looked at and committed (a test run alone
 * never changes tracked files).
 */
export function keepScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  return page.screenshot({
    path: process.env.UPDATE_SCREENSHOTS
      ? `docs/screenshots/${name}.png`
      : base.info().outputPath(`${name}.png`),
    fullPage: options.fullPage,
  });
}

let counter = 0;
/** A fresh address per call, so tests never collide with earlier runs' accounts. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** Opens the local mailbox and follows the newest link sent to `email`. */
export async function openMailedLink(page: Page, email: string, subject: RegExp): Promise<void> {
  await expect(async () => {
    await page.goto("/dev/mailbox");
    await expect(
      page.locator("article", { hasText: email }).filter({ hasText: subject }).first(),
    ).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 15_000 });
  const message = page.locator("article", { hasText: email }).filter({ hasText: subject }).first();
  await message.getByRole("link").first().click();
}

/**
 * Signs someone up through the API and confirms by the mailed link, in `page`'s browser
 * context: the quick way to set up a second person whose sign-up is not what a test is about.
 */
export async function signUpThroughApi(
  page: Page,
  name: string,
  email: string,
  password = "setup-password-1",
) {
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: { name, email, password, callbackURL: "/onboarding" },
  });
  expect(response.ok()).toBe(true);
  await openMailedLink(page, email, /Confirm your Courtside account/);
}

export async function createClubThroughApi(page: Page, name: string, courtsCount = 2) {
  const response = await page.request.post("/api/orgs", {
    data: { name, courtsCount, location: "Portland, OR", timeZone: "America/Los_Angeles" },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).organization as { id: string; slug: string; name: string };
}

/**
 * Connects the club's sandbox payout account as its owner does: Settings > Payment settings,
 * "Connect Stripe account", and "Submit details" on the sandbox's page in the new tab. Paid
 * sessions need it, in the sandbox as with Stripe.
 */
export async function connectPayoutsInSettings(page: Page) {
  await page.goto("/settings");
  const card = page.getByTestId("payout-account");
  const [onboarding] = await Promise.all([
    page.waitForEvent("popup"),
    card.getByRole("button", { name: "Connect Stripe account" }).click(),
  ]);
  await onboarding.waitForURL(/\/sandbox\/connect\//);
  await onboarding.getByRole("button", { name: "Submit details" }).click();
  await onboarding.waitForURL(/\/settings/);
  await onboarding.close();
  await page.bringToFront();
  await page.reload();
  await expect(card).toContainText("Ready to take payments");
}

/** Brings `member` (signed in on their own page) into the club by an invitation from `owner`. */
export async function joinByInvitation(owner: Page, member: Page, orgId: string, email: string) {
  const invited = await owner.request.post(`/api/orgs/${orgId}/invitations`, { data: { email } });
  expect(invited.status()).toBe(201);
  let token: string | undefined;
  await expect(async () => {
    const html = await (await member.request.get("/dev/mailbox")).text();
    const article = html
      .split("<article>")
      .find((a) => a.includes(`to ${email}`) && a.includes("invited to join"));
    token = article?.match(/\/invite\/([A-Za-z0-9_-]+)/)?.[1];
    expect(token).toBeTruthy();
  }).toPass({ timeout: 15_000 });
  const accepted = await member.request.post(`/api/invitations/${token}/accept`);
  expect(accepted.status()).toBe(200);
}

/** Schedules tonight's session through the API, starting in a minute; returns its id. */
export async function scheduleSessionThroughApi(page: Page, orgId: string, name: string) {
  const now = Date.now();
  const created = await page.request.post(`/api/orgs/${orgId}/sessions`, {
    data: {
      name,
      startsAt: new Date(now + 60_000).toISOString(),
      endsAt: new Date(now + 3 * 3_600_000).toISOString(),
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).sessions[0].id as string;
}

/** Checks these guests in by name, as walk-ins. */
export async function addWalkInsThroughApi(page: Page, orgId: string, sessionId: string, names: string[]) {
  for (const guestName of names) {
    const walkIn = await page.request.post(`/api/orgs/${orgId}/sessions/${sessionId}/walk-ins`, {
      data: { guestName },
    });
    expect(walkIn.status()).toBe(201);
  }
}
