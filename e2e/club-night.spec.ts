// A whole club night as the organizer lives it, on a phone at 390x844 with the club's TV at
// 1920x1080 beside it: open play started in one tap, 30 walk-ins pasted at the door, five
// courts filled, twenty results recorded by a tap on the winner, a court taken out of play and
// brought back, one switched to singles, the session completed, and the night's record opened
// (and its month listed under Past). The interactions people repeat are timed; every page
// visited is checked for layout at the phone's width, and the record at a laptop's too.
import type { Page } from "@playwright/test";
import { fromCourtMore } from "./court-actions.js";
import {
  createClubThroughApi,
  expect,
  keepScreenshot,
  signUpThroughApi,
  test,
  uniqueEmail,
} from "./fixtures.js";
import { expectUsableLayout, waitForToastsToGo } from "./layout-check.js";

const phone = { width: 390, height: 844 };
const laptop = { width: 1280, height: 800 };
const tvScreen = { width: 1920, height: 1080 };
/** Where people play: every button there is thumb-sized. */
const boardTargets = ["[data-testid=court]", "[data-testid=queue]", "[data-testid=organizer-bar]"];
const names = Array.from({ length: 30 }, (_, i) => `Player ${String(i + 1).padStart(2, "0")} Nightingale`);

const screenshot = (page: Page, name: string) =>
  keepScreenshot(page, name, { fullPage: name.startsWith("record") || name.startsWith("past") });

const court = (page: Page, name: string) => page.locator(`[data-testid=court][data-court="${name}"]`);
const COURTS = ["Court 1", "Court 2", "Court 3", "Court 4", "Court 5"];

/** One result: Record Score on the court's card, then a tap on the winning side. */
async function tapResult(page: Page, courtName: string, side: "A" | "B") {
  await court(page, courtName).getByRole("button", { name: "Record Score" }).click();
  const sheet = page.getByRole("dialog");
  const winners = await sheet
    .getByRole("region", { name: `Team ${side}` })
    .getByRole("listitem")
    .allTextContents();
  await sheet.getByRole("button", { name: `Team ${side} won` }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // The undo bar names who won: by then the next group may be on the court.
  await expect(page.getByTestId("undo-score")).toContainText(`${courtName}: ${winners.join(" & ")} won`);
}

test("a club night on a phone, with the TV beside it, ends in a record", async ({ page, newPerson }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(phone);
  await signUpThroughApi(page, "Nora Nightowl", uniqueEmail("night-owner"));
  const club = await createClubThroughApi(page, `Night Club ${Date.now()}`, 5);

  // The TV, opened by its display link, waits for play to start.
  const link = await page.request.post(`/api/orgs/${club.id}/display-tokens`);
  expect(link.status()).toBe(201);
  const tv = await newPerson(tvScreen);
  await tv.goto(new URL((await link.json()).url).pathname);
  // Said to the players in the gym, not the organizer's "Create a session to get started".
  await expect(tv.getByText("No session on court right now")).toBeVisible();

  // Open play in one tap, from the board.
  await page.goto("/board");
  await expectUsableLayout(page);
  await page.getByRole("button", { name: "Start Open Play Now" }).click();
  await expect(page.getByTestId("organizer-bar")).toBeVisible();
  await expectUsableLayout(page, { tapTargetsIn: boardTargets });

  // Thirty walk-ins at the door, pasted in one go.
  await page.getByRole("link", { name: "Check In Players" }).click();
  const walkInsStarted = performance.now();
  await page.getByRole("button", { name: "Add walk-ins" }).click();
  const dialog = page.getByRole("dialog", { name: "Add walk-ins" });
  await dialog.getByLabel("Guests, one name per line").fill(names.join("\n"));
  await dialog.getByRole("button", { name: "Check in 30" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Players (30) · 30 checked in")).toBeVisible();
  const walkIns = performance.now() - walkInsStarted;
  await expectUsableLayout(page);

  // Five courts filled; the TV calls all twenty players to their courts, screen-wide.
  await page.getByRole("link", { name: "Back to Court Board" }).click();
  await page.getByRole("button", { name: "Fill Courts" }).click();
  await expect(page.getByTestId("court").filter({ hasText: "Playing" })).toHaveCount(5);
  await expect(tv.getByTestId("tv-call")).toHaveCount(5);
  // Ten wait a game: the organizer's banner gives the TV's wait for joining now, and no
  // average before anyone has waited ("0 minutes" beside it read as a broken promise).
  await expect(page.getByText(/10 waiting · join now, play in about \d+(-\d+)? min/)).toBeVisible();
  await expect(tv.getByText(/10 waiting · join now, play in about \d+(-\d+)? min/)).toBeVisible();
  await expect(page.getByTestId("waiting-banner")).not.toContainText("Average wait");
  // Each figure whole, on one line, on the phone: squeezed, the banner once broke "14" and "min".
  const lines = await page
    .getByTestId("waiting-banner")
    .locator("strong")
    .evaluateAll((figures) =>
      figures.map((figure) => {
        const lineHeight = Number.parseFloat(getComputedStyle(figure).lineHeight);
        return `${figure.textContent}: ${Math.round(figure.getBoundingClientRect().height / lineHeight)}`;
      }),
    );
  expect(lines.length).toBe(3);
  for (const figure of lines) expect(figure).toMatch(/: 1$/);
  await expectUsableLayout(page, { tapTargetsIn: boardTargets });
  await expectUsableLayout(tv);
  await screenshot(tv, "club-night-tv-1920");

  // Twenty results by tapping: four rounds of five courts. The first round is timed.
  const firstRound = performance.now();
  let fiveResults = 0;
  for (let round = 0; round < 4; round++) {
    for (const [i, name] of COURTS.entries()) await tapResult(page, name, (round + i) % 2 ? "B" : "A");
    if (round === 0) fiveResults = performance.now() - firstRound;
  }
  await expectUsableLayout(page, { tapTargetsIn: boardTargets });
  await screenshot(page, "club-night-board-390");

  // Scrolled to the line, Court 1's card far above: the strip under the header scores it.
  await page.getByTestId("queue").scrollIntoViewIfNeeded();
  const strip = page.getByTestId("score-strip");
  await expect(strip).toBeInViewport();
  await expectUsableLayout(page, { tapTargetsIn: ["[data-testid=score-strip]"] });
  await strip.getByRole("button", { name: "Score Court 1" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Team A won" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByTestId("undo-score")).toContainText(/Court 1: .+ & .+ won/);

  // Court 3 out of play with a game on (asked first), then back.
  await fromCourtMore(court(page, "Court 3"), "Take Out of Play");
  await page.getByRole("dialog").getByRole("button", { name: "Take Out" }).click();
  await expect(court(page, "Court 3")).toContainText("Out of play");
  const calledToCourt3 = tv.locator('[data-testid=tv-call][data-court="Court 3"]');
  await expect(calledToCourt3).toHaveCount(0);
  await court(page, "Court 3").getByRole("button", { name: "Bring Back" }).click();
  await expect(court(page, "Court 3")).toContainText("Playing");
  // Back in play, it takes the next four, and the TV calls them.
  await expect(calledToCourt3).toHaveCount(1);

  // Court 5 to singles: from its next game, two players on it.
  await fromCourtMore(court(page, "Court 5"), "Singles Next Game");
  await tapResult(page, "Court 5", "A");
  await expect(court(page, "Court 5").getByTestId("court-player")).toHaveCount(2);
  await expectUsableLayout(page, { tapTargetsIn: boardTargets });

  // The night ends: Complete Session, asked and answered, lands on its record.
  await page.getByRole("link", { name: "Check In Players" }).click();
  // A round robin started by mistake, mid-night, would stop open play: it asks, and Keep Open
  // Play keeps it.
  await page.getByRole("button", { name: "Start the Event" }).click();
  const startAsk = page.getByRole("dialog");
  await expect(startAsk).toContainText(/Open play has \d+ games? on court/);
  await startAsk.getByRole("button", { name: "Keep Open Play" }).click();
  await expect(startAsk).toHaveCount(0);
  await expect(page).not.toHaveURL(/\/event$/);
  await page.getByRole("button", { name: "Complete Session" }).click();
  // Games are still on court: it asks first, since they end unrecorded.
  const ask = page.getByRole("dialog");
  await expect(ask).toContainText(/\d+ games? still on court will not be recorded/);
  await expectUsableLayout(page);
  await ask.getByRole("button", { name: "Complete Session" }).click();
  await expect(page).toHaveURL(/\/record$/);
  const totals = page.getByTestId("record-totals");
  await expect(totals).toContainText("Checked in30");
  await expect(totals).toContainText("Games22");
  await expect(page.getByTestId("record-attendance").getByRole("listitem")).toHaveCount(30);
  await expect(page.getByTestId("record-games").getByRole("listitem")).toHaveCount(22);
  await expect(page.getByRole("heading", { name: "Fairness report" })).toBeVisible();
  // "Session completed" says it; the pictures are taken once it has gone.
  await waitForToastsToGo(page);
  await expectUsableLayout(page);
  await screenshot(page, "record-390");
  await page.setViewportSize(laptop);
  await expectUsableLayout(page);
  await screenshot(page, "record-1280");

  // Under Past, with the month's CSV beside it; the session's own CSV downloads from the record.
  await page.getByRole("link", { name: "Past sessions" }).click();
  const card = page.getByTestId("past-session-card").filter({ hasText: "Open Play" });
  await expect(card).toContainText("Completed");
  await expect(page.getByRole("link", { name: /CSV$/ })).toHaveCount(1);
  await expectUsableLayout(page);
  await screenshot(page, "past-sessions-1280");
  await page.setViewportSize(phone);
  await expectUsableLayout(page);
  await screenshot(page, "past-sessions-390");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: /CSV$/ }).click();
  const csv = await download;
  expect(csv.suggestedFilename()).toMatch(/^sessions-\d{4}-\d{2}\.csv$/);

  console.log(
    `club night: 30 walk-ins in ${(walkIns / 1000).toFixed(1)} s, five results in ${(fiveResults / 1000).toFixed(1)} s`,
  );
  test
    .info()
    .annotations.push(
      { type: "walk-ins-ms", description: String(Math.round(walkIns)) },
      { type: "five-results-ms", description: String(Math.round(fiveResults)) },
    );
});
