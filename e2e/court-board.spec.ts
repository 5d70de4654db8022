import {
  addWalkInsThroughApi,
  createClubThroughApi,
  expect,
  joinByInvitation,
  scheduleSessionThroughApi,
  signUpThroughApi,
  test,
  uniqueEmail,
} from "./fixtures.js";

test("an organizer runs open play on 2 courts while a player's phone follows along live", async ({
  page,
  newPerson,
  shoot,
}) => {
  await signUpThroughApi(page, "Olive Organizer", uniqueEmail("board-owner"));
  const club = await createClubThroughApi(page, `Board Club ${Date.now()}`);

  const player = await newPerson({ width: 390, height: 844 });
  const playerEmail = uniqueEmail("player");
  await signUpThroughApi(player, "Pat Player", playerEmail);
  await joinByInvitation(page, player, club.id, playerEmail);

  // Tonight's session, started, with the player and eight walk-ins checked in.
  const sessionId = await scheduleSessionThroughApi(page, club.id, "Open Play");
  expect((await page.request.post(`/api/orgs/${club.id}/sessions/${sessionId}/start`)).status()).toBe(204);
  const details = await (await page.request.get(`/api/orgs/${club.id}/sessions/${sessionId}`)).json();
  expect(
    (
      await player.request.post(`/api/orgs/${club.id}/sessions/${sessionId}/self-check-in`, {
        data: { token: details.checkInToken },
      })
    ).status(),
  ).toBe(200);
  await addWalkInsThroughApi(
    page,
    club.id,
    sessionId,
    ["Ana", "Ben", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal"].map((name) => `${name} Walkin`),
  );

  await player.goto("/board");
  await expect(player.getByTestId("my-place")).toHaveText(/You're (up next on Court \d|number \d+ in line)/);
  await page.goto("/board");
  await expect(page.getByTestId("queue").getByRole("listitem")).toHaveCount(9);
  await page.getByRole("button", { name: "Fill Courts" }).click();
  await expect(page.getByTestId("court").filter({ hasText: "Playing" })).toHaveCount(2);
  await expect(page.getByTestId("queue").getByRole("listitem")).toHaveCount(1);
  await shoot("board-live");

  // The player's page is never reloaded: the marker survives only if updates arrive live.
  await player.evaluate(() => {
    (window as unknown as { liveMarker: number }).liveMarker = 42;
  });
  const waitingOnPhone = new Set<string>();
  for (let game = 0; game < 6; game++) {
    const court = page
      .getByTestId("court")
      .filter({ hasText: "Playing" })
      .nth(game % 2);
    await court.getByRole("button", { name: "Record Score" }).click();
    await page.locator("#score-a").fill("11");
    await page.locator("#score-b").fill(String(game % 9));
    await page.getByRole("button", { name: "Team A won" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByTestId("court").filter({ hasText: "Playing" })).toHaveCount(2);
    // The phone follows: the one player waiting is the same on both screens.
    const waiting = page.getByTestId("queue-name");
    await expect(waiting).toHaveCount(1);
    // Both screens refetch on the same notice; whichever is a moment behind catches up.
    let name = "";
    await expect(async () => {
      name = ((await waiting.textContent()) ?? "").trim();
      expect(((await player.getByTestId("queue-name").textContent()) ?? "").trim()).toBe(name);
    }).toPass({ timeout: 10_000 });
    waitingOnPhone.add(name);
    await expect(player.getByTestId("my-place")).toHaveText(
      /You're (on Court \d now|playing on Court \d|number 1 in line|up next on Court \d)/,
    );
  }
  // Fair rotation: the sitting-out player changes from game to game.
  expect(waitingOnPhone.size).toBeGreaterThan(1);
  expect(await player.evaluate(() => (window as unknown as { liveMarker?: number }).liveMarker)).toBe(42);
  await player.screenshot({ path: test.info().outputPath("board-phone.png"), fullPage: true });

  // The TV display shows the same board without signing in.
  const tokenResponse = await page.request.post(`/api/orgs/${club.id}/display-tokens`);
  const display = await newPerson({ width: 1920, height: 1080 });
  await display.clock.install();
  await display.goto(new URL((await tokenResponse.json()).url).pathname);
  await expect(display.getByRole("heading", { name: club.name })).toBeVisible();
  // The last games just began: their calls fill the TV for 15 seconds, then the courts return.
  await expect(display.getByTestId("tv-call").first()).toBeVisible();
  await display.clock.fastForward(31_000);
  await expect(display.getByTestId("court")).toHaveCount(2);
  await expect(display.getByAltText("Scan to check in")).toBeVisible();
  await display.screenshot({ path: test.info().outputPath("tv-display.png") });
});
