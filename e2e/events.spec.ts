import { pagesOf, scoreOpenGames } from "./event-helpers.js";
import {
  addWalkInsThroughApi,
  createClubThroughApi,
  expect,
  joinByInvitation,
  keepScreenshot,
  scheduleSessionThroughApi,
  signUpThroughApi,
  test,
  uniqueEmail,
} from "./fixtures.js";
import { expectUsableLayout } from "./layout-check.js";

const walkIns = [
  "Ana Alvarez",
  "Ben Brooks",
  "Cal Chen",
  "Dee Dupont",
  "Eli Evans",
  "Fay Flores",
  "Gus Grant",
  "Hal Hughes",
  "Ivy Ito",
  "Jon James",
  "Kim Kaur",
];

test("an organizer runs a 12-player Americano on 3 courts to the end and a 4-team playoff, on a phone and on the TV", async ({
  page,
  newPerson,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpThroughApi(page, "Olga Organizer", uniqueEmail("event-owner"));
  const club = await createClubThroughApi(page, `Event Club ${Date.now()}`, 3);
  const sessionId = await scheduleSessionThroughApi(page, club.id, "Saturday Americano");
  expect((await page.request.post(`/api/orgs/${club.id}/sessions/${sessionId}/start`)).status()).toBe(204);

  // Pia is a member with her phone; eleven more walk up.
  const pia = await newPerson({ width: 390, height: 844 });
  const piaEmail = uniqueEmail("pia");
  await signUpThroughApi(pia, "Pia Player", piaEmail);
  await joinByInvitation(page, pia, club.id, piaEmail);
  const token = (await (await page.request.get(`/api/orgs/${club.id}/sessions/${sessionId}`)).json())
    .checkInToken as string;
  const checkIn = await pia.request.post(`/api/orgs/${club.id}/sessions/${sessionId}/registrations`);
  expect(checkIn.status()).toBe(201);
  await pia.goto(`/sessions/${sessionId}/check-in?org=${club.id}&token=${token}`);
  await expect(pia.getByText(/checked in/i).first()).toBeVisible();
  await addWalkInsThroughApi(page, club.id, sessionId, walkIns);

  // The TV at the club.
  const link = await page.request.post(`/api/orgs/${club.id}/display-tokens`);
  const tvUrl = new URL((await link.json()).url as string).pathname;
  const tv = await newPerson({ width: 1920, height: 1080 });

  // The organizer starts the event from the session's page.
  await page.goto(`/sessions/${sessionId}`);
  const form = page.getByRole("heading", { name: "Run as a Round Robin" });
  await expect(form).toBeVisible();
  await page.getByLabel("Rounds").fill("3");
  await page.getByLabel("Courts").fill("3");
  await keepScreenshot(page, "event-start-390", { fullPage: true });
  await page.getByRole("button", { name: "Start the Event" }).click();
  await expect(page).toHaveURL(new RegExp(`/sessions/${sessionId}/event$`));
  await expect(page.getByTestId("event-stage")).toHaveText("Round 1 of 3");
  await expect(page.getByTestId("event-game")).toHaveCount(3);
  await expectUsableLayout(page, { tapTargetsIn: ["[data-testid=event-game]"] });
  await keepScreenshot(page, "event-round-390", { fullPage: true });

  // Pia sees her court, her partner and her opponents first, and enters the score.
  await pia.goto(`/sessions/${sessionId}/event`);
  const mine = pia.getByRole("region", { name: "Your game" }).getByTestId("event-game");
  await expect(mine).toContainText("Pia Player");
  await mine.getByRole("button", { name: "Enter Score" }).click();
  const sheet = pia.getByRole("dialog");
  await sheet.getByRole("textbox").nth(0).fill("11");
  await sheet.getByRole("textbox").nth(1).fill("9");
  await expectUsableLayout(pia);
  await keepScreenshot(pia, "event-score-sheet-390");
  await sheet.getByRole("button", { name: "Save Score" }).click();
  // Her opponents are guests without a phone: nobody could confirm it, so it counts at once,
  // and her own card moves on to her next game.
  const counted = pia
    .getByTestId("event-game")
    .filter({ hasText: "Pia Player" })
    .filter({ hasText: "Final" });
  await expect(counted).toHaveCount(1);
  await expect(counted.getByRole("button", { name: /Confirm/ })).toHaveCount(0);
  await page.reload();
  const reported = page.getByTestId("event-game").filter({ hasText: "Pia Player" });
  await expect(reported.getByText("Final")).toBeVisible();

  // The TV shows the round: three courts, the standings beside them.
  await tv.goto(tvUrl);
  await expect(tv.getByTestId("tv-event-stage")).toHaveText("Round 1 of 3");
  await expect(tv.getByTestId("tv-event-game")).toHaveCount(3);
  await expect(tv.getByTestId("tv-standings")).toContainText("Pia Player");
  await keepScreenshot(tv, "event-tv-1920");

  // Three rounds, every game scored; the round moves on only then.
  for (const round of [1, 2, 3]) {
    await expect(page.getByTestId("event-stage")).toHaveText(`Round ${round} of 3`);
    await scoreOpenGames(page);
    await expect(page.getByTestId("round-progress")).toHaveText("Every game of this round is scored.");
    if (round < 3) await page.getByRole("button", { name: "Next Round" }).click();
  }
  await expect(page.getByTestId("standings").locator("tbody tr")).toHaveCount(12);
  await expect(
    page.getByText(
      "Ties are broken by games won, then point difference, then head to head, then points scored.",
    ),
  ).toBeVisible();

  // The playoff: the top eight as four teams, semi-finals, then the final and the bronze match.
  await page.getByLabel("Teams in the playoff").selectOption("4");
  await page.getByRole("button", { name: "Start Playoff" }).click();
  await expect(page.getByTestId("event-stage")).toHaveText("Semi-finals");
  await expect(page.getByTestId("event-game")).toHaveCount(2);
  await scoreOpenGames(page);
  await page.getByRole("button", { name: "Next Playoff Round" }).click();
  await expect(page.getByTestId("event-stage")).toHaveText("Final and bronze match");
  await expect(page.getByTestId("event-game").filter({ hasText: "Bronze match" })).toHaveCount(1);
  await tv.reload();
  await expect(tv.getByTestId("tv-event-stage")).toHaveText("Final and bronze match");
  await expect(tv.getByTestId("tv-event-game")).toHaveCount(2);
  await expect(tv.getByTestId("tv-bracket")).toContainText("Bronze match");
  await expect(tv.getByTestId("tv-bracket")).toContainText("Final · Court 1");
  await keepScreenshot(tv, "event-tv-final-1920");
  await scoreOpenGames(page);
  await expect(page.getByTestId("bracket")).toBeVisible();
  await keepScreenshot(page, "event-bracket-390", { fullPage: true });
  await page.getByRole("button", { name: "Finish the Event" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Finish the Event" }).click();
  await expect(page.getByTestId("event-stage")).toHaveText("Finished");
  await expect(page.getByTestId("champions")).toBeVisible();
  await tv.reload();
  await expect(tv.getByTestId("tv-event-stage")).toContainText("Champions:");
  await keepScreenshot(tv, "event-tv-finished-1920");
  await expect(page.getByRole("button", { name: "Enter Score" })).toHaveCount(0);

  // The event's record stands on every phone.
  await pia.reload();
  await expect(pia.getByTestId("event-stage")).toHaveText("Finished");
  await expect(pia.getByTestId("standings")).toContainText("Pia Player");

  // On a laptop, and on paper: the plan on one page of A4 and of Letter.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectUsableLayout(page);
  await keepScreenshot(page, "event-1280", { fullPage: true });
  await page.emulateMedia({ media: "print" });
  await expect(page.getByTestId("printed-plan")).toBeVisible();
  await expect(page.getByTestId("standings")).toBeHidden();
  await page.setViewportSize({ width: 794, height: 1123 });
  await keepScreenshot(page, "event-plan-print", { fullPage: true });
  for (const format of ["A4", "Letter"] as const) {
    const pdf = await page.pdf({ format, printBackground: true });
    expect(pagesOf(pdf), format).toBe(1);
  }
});
