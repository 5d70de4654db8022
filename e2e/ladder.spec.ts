import type { Page } from "@playwright/test";
import { type MatchInput, replay } from "../src/shared/rating/index.js";
import {
  createClubThroughApi,
  expect,
  joinByInvitation,
  signUpThroughApi,
  test,
  uniqueEmail,
} from "./fixtures.js";
import { expectUsableLayout } from "./layout-check.js";

/** Fills the Log a Match dialog as a person would: four players, the score, Log Match. */
async function logDoubles(page: Page, sides: [string, string, string, string], score: string) {
  await page.getByRole("button", { name: "Log a Match" }).click();
  const dialog = page.getByRole("dialog", { name: "Log a Match" });
  const pickers = ["Side A, player 1", "Side A, player 2", "Side B, player 1", "Side B, player 2"];
  // Each place is found by typing a first name, as on a phone, and tapping the member.
  for (const [i, name] of sides.entries()) {
    await dialog.getByRole("textbox", { name: pickers[i] }).fill(name.split(" ")[0]!);
    await dialog.getByRole("list", { name: "Matching members" }).getByRole("button", { name }).click();
    await expect(dialog.getByTestId(`team${i < 2 ? "A" : "B"}${i % 2}-chosen`)).toHaveText(name);
  }
  await dialog.getByLabel("Game scores").fill(score);
  await dialog.getByRole("button", { name: "Log Match" }).click();
  await expect(page.getByText("Match logged")).toBeVisible();
  await expect(dialog).toBeHidden();
}

test("two doubles matches logged in the browser move the ladder, and a player's chart shows it", async ({
  page,
  newPerson,
  shoot,
}) => {
  await signUpThroughApi(page, "Olive Owner", uniqueEmail("ladder-owner"));
  const club = await createClubThroughApi(page, `Ladder Club ${Date.now()}`);
  const names = ["Ben Baker", "Cara Cole", "Dev Dunn", "Eve Early"];
  for (const name of names) {
    const person = await newPerson();
    const email = uniqueEmail(name.split(" ")[0]!.toLowerCase());
    await signUpThroughApi(person, name, email);
    await joinByInvitation(page, person, club.id, email);
  }

  await page.goto("/ladder");
  await expect(page.getByText("Sample rankings")).toBeVisible();
  // The owner logs four members' matches: they count at once (one she played in herself would
  // wait for the other side to confirm it).
  await logDoubles(page, ["Eve Early", "Ben Baker", "Cara Cole", "Dev Dunn"], "11-4");
  await logDoubles(page, ["Cara Cole", "Ben Baker", "Eve Early", "Dev Dunn"], "11-9");

  // What the engine says these two matches do, by the same rule the server uses.
  const matches: MatchInput[] = [
    {
      id: "1",
      teamA: ["Eve Early", "Ben Baker"],
      teamB: ["Cara Cole", "Dev Dunn"],
      winner: "A",
      scoreA: 11,
      scoreB: 4,
    },
    {
      id: "2",
      teamA: ["Cara Cole", "Ben Baker"],
      teamB: ["Eve Early", "Dev Dunn"],
      winner: "A",
      scoreA: 11,
      scoreB: 9,
    },
  ];
  const expected = [...replay(matches).ratings.entries()]
    .map(([name, rating]) => ({ name, rating: Math.round(rating) }))
    .sort((a, b) => b.rating - a.rating);
  const table = page.getByTestId("ladder-table");
  await expect(page.getByText("Sample rankings")).toBeHidden();
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(4);
  await expect(rows.first()).toContainText("Ben Baker");
  for (const [i, line] of expected.entries()) {
    await expect(rows.nth(i)).toContainText(line.name);
    await expect(rows.nth(i)).toContainText(String(line.rating));
  }
  // Ben won both: a streak of +2 and 2 games; Dev lost both: -2, styled negative.
  await expect(rows.first().locator("td").nth(4)).toHaveText("+2");
  const dev = rows.filter({ hasText: "Dev Dunn" });
  await expect(dev.locator("td").nth(4)).toHaveText("-2");
  await expect(dev.locator("td").nth(4)).toHaveAttribute("data-tone", "negative");
  await shoot("ladder");

  // An organizer corrects the second match: Ben's side lost it 9-11 after all.
  const second = page.getByTestId("match").filter({ hasText: "11-9" });
  await second.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Match" });
  await edit.getByLabel("Game scores").fill("9-11");
  await edit.getByRole("button", { name: "Save Match" }).click();
  await expect(page.getByText("Match updated")).toBeVisible();
  const corrected = replay([matches[0]!, { ...matches[1]!, winner: "B", scoreA: 9, scoreB: 11 }]).ratings;
  await expect(rows.filter({ hasText: "Ben Baker" })).toContainText(
    String(Math.round(corrected.get("Ben Baker")!)),
  );
  await expect(rows.filter({ hasText: "Dev Dunn" })).toContainText(
    String(Math.round(corrected.get("Dev Dunn")!)),
  );

  await page.getByRole("link", { name: "Ben Baker" }).first().click();
  await expect(page.getByRole("heading", { name: "Ben Baker" })).toBeVisible();
  await expect(page.getByTestId("rating-chart").locator("svg.recharts-surface")).toBeVisible();
  await expect(page.getByTestId("match")).toHaveCount(2);
  await expect(page.getByText(/^100% won · 1 match$/)).toBeVisible();
  await expect(page.getByText(/^0% won · 1 match$/)).toBeVisible();
  // Each match says why Ben's rating moved; two matches are too few to be sure of it.
  await expect(page.getByTestId("why-it-moved")).toHaveCount(2);
  await expect(page.getByTestId("why-it-moved").first()).toContainText(/Expected \d+% to win · (Won|Lost)/);
  await expect(page.getByText("provisional", { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId("rating-range").first()).toHaveText(/^Give or take \d+ points$/);
  await shoot("player");
  // On a phone the explanation wraps under each match, nothing runs off the side.
  // The chart follows its box on the next resize observation, not in the same frame: poll.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shoot("player-390");
  await page.goBack();
  await expect(page.getByTestId("provisional").first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shoot("ladder-provisional-390");
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByTestId("provisional").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Download confirmed doubles matches (CSV)" })).toBeVisible();
});

test("the ladder reads on a phone: every column on screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpThroughApi(page, "Phil Phone", uniqueEmail("ladder-phone"));
  await createClubThroughApi(page, `Phone Ladder ${Date.now()}`);
  await page.goto("/ladder");
  await expect(page.getByText("Sample rankings")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  for (const column of ["Rank", "Player", "Rating", "Change", "Streak", "Games"]) {
    const box = await page.getByRole("columnheader", { name: column }).boundingBox();
    expect(box, column).not.toBeNull();
    expect(box!.x + box!.width, column).toBeLessThanOrEqual(390);
  }
  // The Doubles and Singles tabs are a thumb's height, as every tab a player taps.
  await expectUsableLayout(page, { tapTargetsIn: ["[role=tablist]"] });
  await page.screenshot({ path: test.info().outputPath("ladder-390.png"), fullPage: true });
});
