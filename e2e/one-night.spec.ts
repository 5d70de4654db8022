// One night where open play and a round robin meet, on the organizer's phone (390x844) and the
// players' own: the organizer, who plays too, starts the event over open play's games (asked
// first), its courts leave open play until it finishes, and their own score counts at once; a
// player up next lets the next group go ahead from their phone; a player called straight onto a
// free court is told to head over.
import { copyFileSync, mkdirSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { scoreOpenGames } from "./event-helpers.js";
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
import { expectUsableLayout, waitForToastsToGo } from "./layout-check.js";

const phone = { width: 390, height: 844 };
const laptop = { width: 1280, height: 800 };
/** Where people play: every button there is thumb-sized. */
const boardTargets = ["[data-testid=court]", "[data-testid=queue]", "[data-testid=organizer-bar]"];
/** Copies of this spec's pictures, to look at together after a run. */
const SHOTS = "/tmp/one-night-shots";

/**
 * The project's kept screenshot, and a copy beside this spec's others. A page is taken whole; an
 * open dialog as the screen shows it (taken whole, its backdrop covered one screen's height).
 */
async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  await keepScreenshot(page, name, { fullPage });
  mkdirSync(SHOTS, { recursive: true });
  const kept = process.env.UPDATE_SCREENSHOTS
    ? `docs/screenshots/${name}.png`
    : test.info().outputPath(`${name}.png`);
  copyFileSync(kept, `${SHOTS}/${name}.png`);
}

const court = (page: Page, name: string) => page.locator(`[data-testid=court][data-court="${name}"]`);
/** The names in a court card's Next Up line. */
const nextUpOf = (card: Locator) => card.getByText("Next Up").locator("xpath=following-sibling::p[1]");

/** Tonight's session on `courts` courts, started, with the organizer signed in on `page`. */
async function startedNight(page: Page, organizer: string, courts: number) {
  await signUpThroughApi(page, organizer, uniqueEmail("one-night-owner"));
  const club = await createClubThroughApi(page, `One Night ${Date.now()}`, courts);
  const sessionId = await scheduleSessionThroughApi(page, club.id, "Friday Night");
  expect((await page.request.post(`/api/orgs/${club.id}/sessions/${sessionId}/start`)).status()).toBe(204);
  const details = await (await page.request.get(`/api/orgs/${club.id}/sessions/${sessionId}`)).json();
  return { club, sessionId, token: details.checkInToken as string };
}

/** Whoever is signed in on `person`'s context checks themself in, as the door's QR code does. */
async function checkInSelf(person: Page, orgId: string, sessionId: string, token: string) {
  const checkIn = await person.request.post(`/api/orgs/${orgId}/sessions/${sessionId}/self-check-in`, {
    data: { token },
  });
  expect(checkIn.status()).toBe(200);
}

/** A member of the club with an account, checked in: signed in on `person` when this returns. */
async function memberCheckedIn(
  owner: Page,
  person: Page,
  name: string,
  night: { club: { id: string }; sessionId: string; token: string },
) {
  const email = uniqueEmail("one-night-member");
  await signUpThroughApi(person, name, email);
  await joinByInvitation(owner, person, night.club.id, email);
  await checkInSelf(person, night.club.id, night.sessionId, night.token);
}

test("an organizer who plays starts a round robin over open play, its courts leave open play, and their own score counts at once", async ({
  page,
  newPerson,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(phone);
  const night = await startedNight(page, "Orla Organizer", 3);
  const { club, sessionId } = night;
  // The organizer plays tonight too.
  await checkInSelf(page, club.id, sessionId, night.token);
  // Seven members with accounts, Mia with her phone in hand: whoever the organizer plays against
  // could confirm a score, so a score that counts at once is the organizer's doing.
  const names = [
    "Mia Member",
    "Ned Net",
    "Pam Paddle",
    "Rex Rally",
    "Sol Serve",
    "Tia Topspin",
    "Uma Underspin",
  ];
  const phones = await Promise.all(names.map(() => newPerson(phone)));
  await Promise.all(names.map((name, i) => memberCheckedIn(page, phones[i]!, name, night)));
  const mia = phones[0]!;

  // Open play first: eight players, two games on court.
  await page.goto("/board");
  await page.getByRole("button", { name: "Fill Courts" }).click();
  await expect(page.getByTestId("court").filter({ hasText: "Playing" })).toHaveCount(2);
  await expectUsableLayout(page, { tapTargetsIn: boardTargets });

  // A round robin from the session's page, over those games: asked first, then confirmed.
  await page.getByRole("link", { name: "Check In Players" }).click();
  await expect(page.getByRole("heading", { name: "Run as a Round Robin" })).toBeVisible();
  await page.getByLabel("Rounds").fill("3");
  await page.getByLabel("Courts").fill("2");
  await page.getByRole("button", { name: "Start the Event" }).click();
  const ask = page.getByRole("dialog");
  await expect(ask.getByRole("heading", { name: "Start the event now?" })).toBeVisible();
  await expect(ask).toContainText("Open play has 2 games on court");
  await expectUsableLayout(page);
  await screenshot(page, "one-night-start-ask-390", { fullPage: false });
  await ask.getByRole("button", { name: "End Games and Start" }).click();
  await expect(page).toHaveURL(new RegExp(`/sessions/${sessionId}/event$`));
  await expect(page.getByTestId("event-stage")).toHaveText("Round 1 of 3");
  await expect(page.getByTestId("event-game")).toHaveCount(2);

  // On the board, Courts 1 and 2 are the event's; eight arrive later and Fill Courts keeps them
  // off those two: four play on Court 3, four wait.
  await addWalkInsThroughApi(
    page,
    club.id,
    sessionId,
    ["Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gil", "Hu"].map((name) => `${name} Latecomer`),
  );
  await page.goto("/board");
  await page.getByRole("button", { name: "Fill Courts" }).click();
  await expect(court(page, "Court 3")).toContainText("Playing");
  await expect(court(page, "Court 3").getByTestId("court-player")).toHaveCount(4);
  for (const name of ["Court 1", "Court 2"]) {
    await expect(court(page, name).getByText("Event", { exact: true })).toBeVisible();
    await expect(court(page, name)).toContainText("Tonight's event plays here until it finishes.");
    await expect(court(page, name).getByRole("link", { name: "See its games" })).toHaveAttribute(
      "href",
      /\/sessions\/.+\/event$/,
    );
    await expect(court(page, name).getByTestId("court-player")).toHaveCount(0);
  }
  await expect(page.getByTestId("queue-name")).toHaveCount(4);
  // The eight in the event are counted apart from open play's eight, not lost.
  await expect(page.getByTestId("in-event-count")).toHaveText("8 in the event");
  // The organizer is in the event too: their own banner says so.
  await expect(page.getByTestId("my-place")).toContainText(
    "You're in tonight's event: your games are on its page",
  );
  await expectUsableLayout(page, { tapTargetsIn: boardTargets });
  await waitForToastsToGo(page);
  await screenshot(page, "one-night-board-event-390");
  await page.setViewportSize(laptop);
  await expectUsableLayout(page, { tapTargetsIn: boardTargets });
  await screenshot(page, "one-night-board-event-1280");
  await page.setViewportSize(phone);

  // Mia's phone points her to the event's page.
  await mia.goto("/board");
  const miaPlace = mia.getByTestId("my-place");
  await expect(miaPlace).toContainText("You're in tonight's event: your games are on its page");
  await expect(miaPlace.getByRole("button", { name: "Skip Me This Time" })).toHaveCount(0);
  await expectUsableLayout(mia, { tapTargetsIn: ["[data-testid=my-place]"] });
  await miaPlace.getByRole("link", { name: "Open the Event" }).click();
  await expect(mia).toHaveURL(new RegExp(`/sessions/${sessionId}/event$`));
  await expect(mia.getByTestId("event-stage")).toHaveText("Round 1 of 3");

  // The organizer scores their own game: it is final at once, nobody asked to confirm.
  await page.goto(`/sessions/${sessionId}/event`);
  const mine = page.getByRole("region", { name: "Your game" }).getByTestId("event-game");
  await expect(mine).toContainText("Orla Organizer");
  await mine.getByRole("button", { name: "Enter Score" }).click();
  const sheet = page.getByRole("dialog");
  await sheet.getByRole("textbox").nth(0).fill("11");
  await sheet.getByRole("textbox").nth(1).fill("7");
  await sheet.getByRole("button", { name: "Save Score" }).click();
  await expect(sheet).toBeHidden();
  const counted = page
    .getByTestId("event-game")
    .filter({ hasText: "Orla Organizer" })
    .filter({ hasText: "Final" });
  await expect(counted).toHaveCount(1);
  await expect(page.getByText("Waiting for confirmation")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Confirm/ })).toHaveCount(0);
  // Mia's page agrees, without a Confirm for her either.
  await mia.reload();
  await expect(
    mia.getByTestId("event-game").filter({ hasText: "Orla Organizer" }).getByText("Final"),
  ).toBeVisible();
  await expect(mia.getByRole("button", { name: /^Confirm/ })).toHaveCount(0);

  // The other court's game, and the round moves on.
  await scoreOpenGames(page);
  await expect(page.getByTestId("round-progress")).toHaveText("Every game of this round is scored.");
  await page.getByRole("button", { name: "Next Round" }).click();
  await expect(page.getByTestId("event-stage")).toHaveText("Round 2 of 3");
  await expect(
    page.getByTestId("event-game").filter({ has: page.getByRole("button", { name: "Enter Score" }) }),
  ).toHaveCount(2);
  await expectUsableLayout(page, { tapTargetsIn: ["[data-testid=event-game]"] });
  await waitForToastsToGo(page);
  await screenshot(page, "one-night-event-390");
  await page.setViewportSize(laptop);
  await expectUsableLayout(page, { tapTargetsIn: ["[data-testid=event-game]"] });
  await screenshot(page, "one-night-event-1280");

  // Finished, the event gives its courts back: Fill Courts puts open play on them again.
  await page.setViewportSize(phone);
  await page.getByRole("button", { name: "Finish the Event" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Finish the Event" }).click();
  await expect(page.getByTestId("event-stage")).toHaveText("Finished");
  await page.goto("/board");
  await expect(page.getByText("Event", { exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: "Fill Courts" }).click();
  await expect(page.getByTestId("court").filter({ hasText: "Playing" })).toHaveCount(3);
  await expect(page.getByTestId("my-place")).not.toContainText("tonight's event");
});

test("a player up next lets the next group go ahead from their phone, and the organizer's board agrees", async ({
  page,
  newPerson,
}) => {
  await page.setViewportSize(phone);
  const night = await startedNight(page, "Oscar Organizer", 1);
  const { club, sessionId } = night;
  // A game each for four early ones; four more are on court when Sky arrives. With no game yet,
  // she is in the next group whoever the rotation picks to join her.
  await addWalkInsThroughApi(
    page,
    club.id,
    sessionId,
    ["Al", "Bea", "Cam", "Dot"].map((n) => `${n} Early`),
  );
  await page.goto("/board");
  await page.getByRole("button", { name: "Fill Courts" }).click();
  await expect(court(page, "Court 1").getByTestId("court-player")).toHaveCount(4);
  await addWalkInsThroughApi(
    page,
    club.id,
    sessionId,
    ["Eve", "Fin", "Gia", "Hob"].map((n) => `${n} Later`),
  );
  await court(page, "Court 1").getByRole("button", { name: "Record Score" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Team A won" }).click();
  await expect(court(page, "Court 1").getByTestId("court-player").filter({ hasText: "Later" })).toHaveCount(
    4,
  );
  const sky = await newPerson(phone);
  await memberCheckedIn(page, sky, "Sky Skipper", night);

  await sky.goto("/board");
  const me = sky.getByTestId("my-place");
  await expect(me).toContainText("You're up next on Court 1");
  const nextUp = nextUpOf(court(page, "Court 1"));
  await expect(nextUp).toContainText("Sky Skipper");
  await expectUsableLayout(sky, { tapTargetsIn: ["[data-testid=my-place]"] });

  await me.getByRole("button", { name: "Skip Me This Time" }).click();
  // Four others were ready: the next group goes without her, and she waits at the back.
  await expect(me).not.toContainText("You're up next on Court 1");
  await expect(sky.getByText("The next group goes ahead: you're at the back of the line")).toBeVisible();
  await expect(me).toContainText("You're number 5 in line");
  await expect(nextUp).not.toContainText("Sky Skipper");
  // Those who played first go again, with some coming off court if the rotation mixes partners.
  await expect(nextUp).toContainText("Early");
  await expectUsableLayout(sky, { tapTargetsIn: ["[data-testid=my-place]"] });
  await expectUsableLayout(page, { tapTargetsIn: boardTargets });
  await waitForToastsToGo(sky);
  await screenshot(sky, "one-night-skipped-390");
});

test("a player checked in before the first fill is told to head over to their court", async ({
  page,
  newPerson,
}) => {
  await page.setViewportSize(phone);
  const night = await startedNight(page, "Opal Organizer", 2);
  const { club, sessionId } = night;
  const kai = await newPerson(phone);
  await memberCheckedIn(page, kai, "Kai Newcomer", night);
  await addWalkInsThroughApi(
    page,
    club.id,
    sessionId,
    ["Lu", "Mo", "Nia", "Oz", "Pip", "Quin", "Ray"].map((n) => `${n} Walkin`),
  );
  await kai.goto("/board");
  const me = kai.getByTestId("my-place");
  // Before the first fill she is in line (up next, the board says, with courts free).
  await expect(me).toContainText(/You're (up next on Court [12]|number \d+ in line)/);

  await page.goto("/board");
  await page.getByRole("button", { name: "Fill Courts" }).click();
  await expect(page.getByTestId("court").filter({ hasText: "Playing" })).toHaveCount(2);
  // Her phone updates by itself: called, and not yet on her way, she is told where to go.
  await expect(me.getByRole("status")).toHaveText(/^You're on Court [12] now: head over$/);
  const courtName = ((await me.getByRole("status").textContent()) ?? "").match(/Court [12]/)![0];
  await expect(
    court(page, courtName).getByTestId("court-player").filter({ hasText: "Kai Newcomer" }),
  ).toHaveCount(1);
  await expectUsableLayout(kai, { tapTargetsIn: ["[data-testid=my-place]"] });
  await screenshot(kai, "one-night-head-over-390");
});
