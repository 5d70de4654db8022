// The page every end-to-end test uses: it fails the test on a console error and on any
// request that leaves this machine, and it can save named screenshots as artifacts.
import { test as base, expect, type Page } from "@playwright/test";

type Fixtures = { page: Page; shoot: (name: string) => Promise<void> };

export const test = base.extend<Fixtures>({
  page: async ({ page }, use) => {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && !/status of 40[14]/.test(message.text())) {
        problems.push(`console.error: ${message.text()}`);
      }
    });
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    await page.route("**/*", (route) => {
      const url = new URL(route.request().url());
      if (["127.0.0.1", "localhost"].includes(url.hostname) || url.protocol === "data:")
        return route.continue();
      problems.push(`outbound request: ${url.href}`);
      return route.abort();
    });
    await use(page);
    expect(problems, problems.join("\n")).toEqual([]);
  },
  shoot: async ({ page }, use, testInfo) => {
    await use(async (name) => {
      await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
    });
  },
});

export { expect };

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
