// Mid-session court changes from a phone, while players wait: a court with a game on it taken
// out of play (after the question) and brought back, one switched to singles from its next
// game, a game cancelled (after its own question) with its court kept free, one taken out from
// Settings; then the demo club's board with these controls, kept in docs/screenshots/ at 390
// and 1280 px.
import type { Locator, Page } from "@playwright/test";
import { fromCourtMore } from "./court-actions.js";
import {
  addWalkInsThroughApi,
  createClubThroughApi,
  expect,
  keepScreenshot,
  scheduleSessionThroughApi,
  signUpThroughApi,
  test,
  uniqueEmail,
} from "./fixtures.js";
import { waitForToastsToGo } from "./layout-check.js";

const phone = { width: 390, height: 844 };

/** Every control on the board's court cards is at least 44 px tall, and nothing is wider than the screen. */
async function checkControls(page: Page) {
  const buttons = page.getByTestId("court-controls").getByRole("button");
  expect(await buttons.count()).toBeGreaterThan(0);
  const boxes = await buttons.evaluateAll((all) =>
    all.map((b) => ({
      label: b.textContent,
      height: b.getBoundingClientRect().height,
      clipped: b.scrollWidth > b.clientWidth,
    })),
  );
  for (const box of boxes) {
    expect(box.height, `${box.label}`).toBeGreaterThanOrEqual(44);
    expect(box.clipped, `${box.label} fits its button`).toBe(false);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

const court = (page: Page, name: string) => page.locator(`[data-testid="court"][data-court="${name}"]`);
const namesOn = async (card: Locator) =>
  (await card.getByTestId("court-player").allTextContents()).map((n) => n.trim()).sort();

test("an organizer takes a court out while players wait, brings it back, and switches one to singles", async ({
  page,
}) => {
  await page.setViewportSize(phone);
  await signUpThroughApi(page, "Olive Organizer", uniqueEmail("controls-owner"));
  const club = await createClubThroughApi(page, `Controls Club ${Date.now()}`);
  const sessionId = await scheduleSessionThroughApi(page, club.id, "Open Play");
  expect((await page.request.post(`/api/orgs/${club.id}/sessions/${sessionId}/start`)).status()).toBe(204);
  await addWalkInsThroughApi(
    page,
    club.id,
    sessionId,
    ["Ana", "Ben", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"].map((name) => `${name} Walkin`),
  );
  await page.goto("/board");
  await page.getByRole("button", { name: "Fill Courts" }).click();
  const queue = page.getByTestId("queue-name");
  await expect(page.getByTestId("court").filter({ hasText: "Playing" })).toHaveCount(2);
  await expect(queue).toHaveCount(2);
  await checkControls(page);

  // Out of play with a game on: asked first, then its four go to the front of the line.
  const court1 = court(page, "Court 1");
  const four = await namesOn(court1);
  await fromCourtMore(court1, "Take Out of Play");
  const question = page.getByRole("dialog");
  await expect(question).toContainText(
    "Court 1 has a game running. Take it out and put its 4 players back at the front of the queue?",
  );
  await question.getByRole("button", { name: "Take Out" }).click();
  await expect(question).toHaveCount(0);
  await expect(court1).toContainText("Out of play");
  // For now, not for the night; and nobody is up next on it.
  await expect(court1).toContainText("Closed for now.");
  await expect(court1.getByText("Next Up")).toBeHidden();
  await expect(queue).toHaveCount(6);
  expect(
    (await queue.allTextContents())
      .slice(0, 4)
      .map((n) => n.trim())
      .sort(),
  ).toEqual(four);
  await checkControls(page);

  await court1.getByRole("button", { name: "Bring Back" }).click();
  await expect(court1).toContainText("Playing");
  await expect(queue).toHaveCount(2);

  // Singles while a game is on: the card says it applies from the next game, and it does.
  const court2 = court(page, "Court 2");
  await fromCourtMore(court2, "Singles Next Game");
  await expect(court2).toContainText("Singles from the next game.");
  await court2.getByRole("button", { name: "Record Score" }).click();
  await page.locator("#score-a").fill("11");
  await page.locator("#score-b").fill("5");
  await page.getByRole("button", { name: "Team A won" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(court2).toContainText("Playing");
  await expect(court2).not.toContainText("from the next game");
  expect(await namesOn(court2)).toHaveLength(2);
  await expect(queue).toHaveCount(4);
  await court2.getByRole("button", { name: "More for Court 2" }).click();
  await expect(
    court2.getByTestId("court-more").getByRole("button", { name: "Doubles Next Game" }),
  ).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(court2.getByTestId("court-more")).toHaveCount(0);

  // A cancelled game's court stays free, its players first in line, until the organizer starts it.
  const cancelled = await namesOn(court1);
  await fromCourtMore(court1, "Cancel Game");
  // It throws the game away: asked first, and "Keep Playing" leaves it running.
  const cancelQuestion = page.getByRole("dialog");
  await expect(cancelQuestion).toContainText("Cancel the game on Court 1?");
  await keepScreenshot(page, "cancel-game-question-390");
  await cancelQuestion.getByRole("button", { name: "Keep Playing" }).click();
  await expect(cancelQuestion).toHaveCount(0);
  await expect(court1).toContainText("Playing");
  await fromCourtMore(court1, "Cancel Game");
  await page.getByRole("dialog").getByRole("button", { name: "Cancel Game" }).click();
  await expect(court1).toContainText("Kept free");
  await expect(queue).toHaveCount(8);
  expect(
    (await queue.allTextContents())
      .slice(0, 4)
      .map((n) => n.trim())
      .sort(),
  ).toEqual(cancelled);
  await checkControls(page);
  await court1.getByRole("button", { name: "Start Next Game" }).click();
  await expect(court1).toContainText("Playing");
  await expect(queue).toHaveCount(4);

  // From Settings, a court with a game on it leaves the club's play only after the same question.
  const onCourt2 = await namesOn(court2);
  await page.goto("/settings");
  const row = page.getByRole("listitem").filter({ has: page.getByLabel("Name of Court 2") });
  await row.getByRole("button", { name: "Take out of play" }).click();
  const asked = page.getByRole("dialog");
  await expect(asked).toContainText(
    "Court 2 has a game running. Take it out and put its 2 players back at the front of the queue?",
  );
  await asked.getByRole("button", { name: "Take Out" }).click();
  await expect(row).toContainText("Out of play");
  await page.goto("/board");
  await expect(page.getByTestId("court")).toHaveCount(1);
  await expect(queue).toHaveCount(6);
  expect(
    (await queue.allTextContents())
      .slice(0, 2)
      .map((n) => n.trim())
      .sort(),
  ).toEqual(onCourt2);
});

test("the demo board with the court controls, at 390 and 1280 px", async ({ page }) => {
  await page.goto("/auth");
  await page.getByLabel("Email").fill("owner@demo.courtside.local");
  await page.getByLabel("Password").fill("courtside-demo");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Riverside Pickleball Club" })).toBeVisible();
  await page.goto("/board");
  await expect(page.getByTestId("court").filter({ hasText: "Playing" })).toHaveCount(4);
  // One court of each kind: kept free after a cancel, singles from its next game, out of play.
  const [court2, court3, court4] = [court(page, "Court 2"), court(page, "Court 3"), court(page, "Court 4")];
  await fromCourtMore(court2, "Cancel Game");
  await page.getByRole("dialog").getByRole("button", { name: "Cancel Game" }).click();
  await expect(court2).toContainText("Kept free");
  await fromCourtMore(court3, "Singles Next Game");
  await expect(court3).toContainText("Singles from the next game.");
  await fromCourtMore(court4, "Take Out of Play");
  await page.getByRole("dialog").getByRole("button", { name: "Take Out" }).click();
  await expect(court4).toContainText("Out of play");
  // The pictures show the board, not the toasts over it.
  await waitForToastsToGo(page);

  for (const viewport of [phone, { width: 1280, height: 800 }]) {
    await page.setViewportSize(viewport);
    await checkControls(page);
    // From the top: scrolled, the sticky header lands mid-page in a full-page picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await keepScreenshot(page, `court-controls-${viewport.width}`, { fullPage: true });
  }

  // The demo club goes back as the other specs expect it: 4 of 4 courts playing doubles.
  await fromCourtMore(court3, "Doubles Next Game");
  await expect(court3).not.toContainText("from the next game");
  await court4.getByRole("button", { name: "Bring Back" }).click();
  await court2.getByRole("button", { name: "Start Next Game" }).click();
  await expect(page.getByTestId("court").filter({ hasText: "Playing" })).toHaveCount(4);
});
