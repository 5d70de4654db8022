// The pages an organizer uses most, in the demo club (scripts/e2e-server.mjs seeds it), each laid
// out at a phone's width and a laptop's: the layout check (nothing wider than the screen, no
// text a letter per line) and, on a phone, 44 px tap targets in the header and its menu. With
// UPDATE_SCREENSHOTS=1 the pictures are written to docs/screenshots/ to be looked at.
import type { Page } from "@playwright/test";
import { expect, keepScreenshot, test } from "./fixtures.js";
import { expectUsableLayout } from "./layout-check.js";

const widths = [
  { name: "390", size: { width: 390, height: 844 } },
  { name: "1280", size: { width: 1280, height: 800 } },
];

async function signInToDemo(page: Page) {
  const signIn = await page.request.post("/api/auth/sign-in/email", {
    data: { email: "owner@demo.courtside.local", password: "courtside-demo" },
  });
  expect(signIn.ok()).toBe(true);
}

const keep = (page: Page, name: string) => keepScreenshot(page, name, { fullPage: true });

const pages = [
  { path: "/sessions", ready: "Sessions", name: "sessions" },
  { path: "/sessions?view=past", ready: "Sessions", name: "sessions-past" },
  { path: "/ladder", ready: "Ladder", name: "ladder" },
  { path: "/dashboard", ready: "Riverside Pickleball Club", name: "dashboard-owner" },
  { path: "/settings", ready: "Called to your court", name: "settings" },
];

for (const { name: width, size } of widths) {
  test(`the organizer's pages lay out at ${width} px`, async ({ page }) => {
    await page.setViewportSize(size);
    await signInToDemo(page);
    for (const { path, ready, name } of pages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: ready, exact: true }).first()).toBeVisible();
      await expect(page.getByText(/^Loading/)).toHaveCount(0);
      await expectUsableLayout(page, { tapTargetsIn: size.width < 640 ? ["header"] : [] });
      await keep(page, `${name}-${width}`);
    }
  });
}

test("on a phone, the header's menu rows are a thumb's height", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInToDemo(page);
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("link", { name: "Settings" })).toBeVisible();
  await expectUsableLayout(page, { tapTargetsIn: ["header"] });
  const rows = await page.locator("header nav a, header nav button").evaluateAll((all) =>
    // The laptop's nav is in the header too, hidden at this width.
    all.map((el) => Math.round(el.getBoundingClientRect().height)).filter((height) => height > 0),
  );
  expect(rows.length).toBeGreaterThan(4);
  expect(Math.min(...rows)).toBeGreaterThanOrEqual(44);
  await keep(page, "header-menu-390");
});

test("the sign-in page's links are thumb-sized on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/auth");
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  await expectUsableLayout(page, { tapTargetsIn: ["main"] });
  await keep(page, "sign-in-390");
});
