import { scoreOpenGames } from "./event-helpers.js";
import {
  addWalkInsThroughApi,
  createClubThroughApi,
  expect,
  keepScreenshot,
  signUpThroughApi,
  test,
  uniqueEmail,
} from "./fixtures.js";
import { expectUsableLayout } from "./layout-check.js";

const eight = [
  "Ana Alvarez",
  "Ben Brooks",
  "Cal Chen",
  "Dee Dupont",
  "Eli Evans",
  "Fay Flores",
  "Gus Grant",
  "Hal Hughes",
];

test("an organizer makes a weekly series a box-ladder league on a phone, plays its first week, and the season's standings and boxes follow", async ({
  page,
  newPerson,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpThroughApi(page, "Lou League", uniqueEmail("league-owner"));
  const club = await createClubThroughApi(page, `League Club ${Date.now()}`, 2);
  const now = Date.now();
  const created = await page.request.post(`/api/orgs/${club.id}/sessions`, {
    data: {
      name: "Tuesday Ladder",
      startsAt: new Date(now + 60_000).toISOString(),
      endsAt: new Date(now + 2 * 3_600_000).toISOString(),
      repeatWeeks: 4,
    },
  });
  expect(created.status()).toBe(201);
  const sessionId = (await created.json()).sessions[0].id as string;

  // On the first week's page: the series becomes a league.
  await page.goto(`/sessions/${sessionId}`);
  await page.getByRole("button", { name: "Run This Series as a League" }).click();
  await page.getByLabel("League name").fill("Tuesday Box League");
  await page.getByLabel("Format").selectOption("boxes");
  await page.getByLabel("Rounds").fill("3");
  await page.getByLabel("Courts").fill("2");
  await page.getByLabel("Players a box").fill("4");
  await expectUsableLayout(page);
  await keepScreenshot(page, "league-new-390", { fullPage: true });
  await page.getByRole("button", { name: "Make the League" }).click();
  await expect(page.getByText("Box ladder league · week 1 of 4")).toBeVisible();

  // The night: the session starts, eight come, and the week starts with the league's settings.
  expect((await page.request.post(`/api/orgs/${club.id}/sessions/${sessionId}/start`)).status()).toBe(204);
  await addWalkInsThroughApi(page, club.id, sessionId, eight);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Week 1 of Tuesday Box League" })).toBeVisible();
  await page.getByRole("button", { name: "Start the Event" }).click();
  await expect(page).toHaveURL(new RegExp(`/sessions/${sessionId}/event$`));
  await expect(page.getByText("Tuesday Box League · week 1 of 4 · season standings")).toBeVisible();
  await expect(page.getByTestId("event-game").filter({ hasText: "Box 1 · court 1" })).toHaveCount(1);
  await expect(page.getByTestId("box-1").locator("tbody tr")).toHaveCount(4);
  await expect(page.getByTestId("box-2").locator("tbody tr")).toHaveCount(4);
  await keepScreenshot(page, "league-week-390", { fullPage: true });

  // The club's TV: a box a court, each box's standings under its name.
  const link = await page.request.post(`/api/orgs/${club.id}/display-tokens`);
  const tv = await newPerson({ width: 1920, height: 1080 });
  await tv.goto(new URL((await link.json()).url as string).pathname);
  await expect(tv.getByTestId("tv-event-game")).toHaveCount(2);
  await expect(tv.getByTestId("tv-standings").getByText("Box 2")).toBeVisible();
  await keepScreenshot(tv, "league-tv-1920");

  for (const round of [1, 2, 3]) {
    await expect(page.getByTestId("event-stage")).toHaveText(`Round ${round} of 3`);
    await scoreOpenGames(page);
    if (round < 3) await page.getByRole("button", { name: "Next Round" }).click();
  }
  await expect(page.getByTestId("round-progress")).toHaveText("Every game of this round is scored.");

  // The season so far: everyone's games, and the boxes next week starts from.
  await page.getByRole("link", { name: /season standings/ }).click();
  await expect(page.getByRole("heading", { name: "Tuesday Box League" })).toBeVisible();
  await expect(page.getByTestId("season-standings").locator("tbody tr")).toHaveCount(8);
  await expect(page.getByTestId("league-boxes").getByRole("listitem").filter({ hasText: "Box" })).toHaveCount(
    2,
  );
  await expect(
    page.getByText("Next week the top 1 of each box move up and the bottom 1 move down."),
  ).toBeVisible();
  await expectUsableLayout(page);
  await keepScreenshot(page, "league-390", { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectUsableLayout(page);
  await keepScreenshot(page, "league-1280", { fullPage: true });
});
