// What a newcomer hits in the first hour: a 100-character word (allowed in a session
// name) keeps every page that shows it within a phone's screen, and a visitor's console stays
// clean on every public page.
import { type ConsoleMessage, expect, type Page } from "@playwright/test";
import { createClubThroughApi, signUpThroughApi, test, uniqueEmail } from "./fixtures.js";

const fitsTheScreen = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test("a session named with a 100-character word stays within 390 px on every page that shows it", async ({
  page,
  newPerson,
}) => {
  await signUpThroughApi(page, "Wes Wordy", uniqueEmail("wordy"));
  const club = await createClubThroughApi(page, `Wordy Club ${Date.now()}`);
  const word = "Supercalifragilisticexpialidocious".repeat(3).slice(0, 100);
  const startsAt = new Date(Date.now() + 2 * 86_400_000);
  const created = await page.request.post(`/api/orgs/${club.id}/sessions`, {
    data: {
      name: word,
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 7_200_000).toISOString(),
    },
  });
  expect(created.status()).toBe(201);
  const sessionId = (await created.json()).sessions[0].id as string;

  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/sessions", `/sessions/${sessionId}`, "/dashboard"]) {
    await page.goto(path);
    await expect(page.getByText(word).first()).toBeVisible();
    expect(await fitsTheScreen(page), path).toBe(true);
  }
  // The organizer's edit dialog opens on screen too.
  await page.goto(`/sessions/${sessionId}`);
  await page.getByRole("button", { name: "Cancel Session" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeInViewport({ ratio: 1 });
  await expect(dialog.getByRole("button", { name: "Keep Session" })).toBeVisible();
  await dialog.getByRole("button", { name: "Keep Session" }).click();

  // A visitor on the public club page, on a phone.
  const visitor = await newPerson({ width: 390, height: 844 });
  await visitor.goto(`/club/${club.slug}`);
  await expect(visitor.getByText(word)).toBeVisible();
  expect(await fitsTheScreen(visitor)).toBe(true);
  await visitor.screenshot({ path: test.info().outputPath("club-page-long-word-390.png"), fullPage: true });
});

test("a visitor's console stays clean on every public page", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() === "error") errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  for (const path of [
    "/",
    "/pricing",
    "/about",
    "/features",
    "/privacy",
    "/terms",
    "/auth",
    "/club/riverside-demo",
  ]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  // A page the server renders itself names its icon, and /favicon.ico answers anyway.
  expect((await page.request.get("/favicon.ico")).status()).toBe(200);
  expect(errors).toEqual([]);
  await context.close();
});
