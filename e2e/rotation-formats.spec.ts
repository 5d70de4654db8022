import {
  addWalkInsThroughApi,
  createClubThroughApi,
  expect,
  scheduleSessionThroughApi,
  signUpThroughApi,
  test,
  uniqueEmail,
} from "./fixtures.js";

test("an organizer switches a session to skill-balanced and to king of the court; the TV reads from across the gym", async ({
  page,
  newPerson,
}) => {
  await signUpThroughApi(page, "Kim Organizer", uniqueEmail("formats-owner"));
  const club = await createClubThroughApi(page, `Formats Club ${Date.now()}`, 8);
  const sessionId = await scheduleSessionThroughApi(page, club.id, "Ladder Night");
  // Walk-ins checked in before the start are in the queue the moment it starts.
  await addWalkInsThroughApi(
    page,
    club.id,
    sessionId,
    Array.from({ length: 34 }, (_, n) => n + 1).map((i) => `Player ${String(i).padStart(2, "0")} Longname`),
  );
  expect((await page.request.post(`/api/orgs/${club.id}/sessions/${sessionId}/start`)).status()).toBe(204);

  await page.goto("/board");
  await expect(page.getByTestId("queue").getByRole("listitem")).toHaveCount(34);
  const rotation = page.getByLabel("Rotation");
  await rotation.selectOption({ label: "Skill-balanced" });
  await expect(rotation).toHaveValue("skill-balanced");
  await page.getByRole("button", { name: "Fill Courts" }).click();
  await expect(page.getByTestId("court").filter({ hasText: "Playing" })).toHaveCount(8);

  // King of the court plays in rounds: the courts fill again once every score is in.
  await rotation.selectOption({ label: "King of the court" });
  await expect(rotation).toHaveValue("king-of-the-court");
  type Game = { teamA: { name: string }[]; teamB: { name: string }[] };
  const games = async () =>
    ((await (await page.request.get(`/api/orgs/${club.id}/board`)).json()).courts as { game: Game }[]).map(
      (c) => c.game,
    );
  const before = await games();
  const recordButtons = page.getByRole("button", { name: "Record Score" });
  for (let court = 0; court < 8; court++) {
    // Wait for the last save to show (a scored court stays free until the round ends), so
    // the next click lands on a court still in play.
    await expect(recordButtons).toHaveCount(8 - court);
    await recordButtons.first().click();
    await page.locator("#score-a").fill("11");
    await page.locator("#score-b").fill(String(court));
    await page.getByRole("button", { name: "Team A won" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  }
  await expect(page.getByTestId("court").filter({ hasText: "Playing" })).toHaveCount(8);
  // Team A won everywhere: court 1 now holds the winners of courts 1 and 2.
  const names = (game: Game) => [...game.teamA, ...game.teamB].map((p) => p.name).sort();
  expect(names((await games())[0]!)).toEqual(
    [...before[0]!.teamA, ...before[1]!.teamA].map((p) => p.name).sort(),
  );
  await page.reload();
  await expect(rotation).toHaveValue("king-of-the-court");

  // On an organizer's phone the controls wrap and nothing runs off the side.
  await page.setViewportSize({ width: 390, height: 844 });
  // There the night's settings fold behind one button, so the courts come first.
  const settings = page.getByRole("button", { name: "Board Settings" });
  await expect(page.getByLabel("Rotation")).toBeHidden();
  await expect(settings).toHaveAttribute("aria-expanded", "false");
  await settings.click();
  await expect(page.getByLabel("Rotation")).toBeVisible();
  await page.getByRole("button", { name: /Pairings/ }).click();
  await expect(page.getByRole("dialog", { name: "Pairings" })).toBeVisible();
  await page.getByLabel("First player").selectOption({ index: 0 });
  await page.getByLabel("Second player").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Add Pairing" }).click();
  await expect(page.getByTestId("pairings").getByRole("listitem")).toHaveCount(1);
  await page.keyboard.press("Escape");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("board-organizer-phone.png"), fullPage: true });

  // The TV at 1920x1080: eight courts in full rows (3 + 3 + 2) across the screen, names large.
  const tokenResponse = await page.request.post(`/api/orgs/${club.id}/display-tokens`);
  const display = await newPerson({ width: 1920, height: 1080 });
  await display.clock.install();
  await display.goto(new URL((await tokenResponse.json()).url).pathname);
  // The round just began: its calls fill the TV for 15 seconds, then the courts return.
  await expect(display.getByTestId("tv-call").first()).toBeVisible();
  await display.clock.fastForward(31_000);
  await expect(display.getByTestId("court")).toHaveCount(8);
  await expect(display.getByTestId("next-groups")).toBeVisible();
  const layout = await display.evaluate(() => {
    const courts = [...document.querySelectorAll('[data-testid="court"]')].map((c) =>
      c.getBoundingClientRect(),
    );
    const name = document.querySelector('[data-testid="tv-player"]');
    return {
      scrollWidth: document.documentElement.scrollWidth,
      rightmost: Math.max(...courts.map((c) => c.right)),
      rows: [...document.querySelectorAll('[data-testid="tv-row"]')].map(
        (row) => row.querySelectorAll('[data-testid="court"]').length,
      ),
      nameSize: name ? Number.parseFloat(getComputedStyle(name).fontSize) : 0,
      // No name spills out of its court's card.
      namesInside: [...document.querySelectorAll('[data-testid="court"]')].every((card) => {
        const box = card.getBoundingClientRect();
        return [...card.querySelectorAll('[data-testid="tv-player"]')].every(
          (n) => n.getBoundingClientRect().right <= box.right,
        );
      }),
    };
  });
  expect(layout.scrollWidth).toBeLessThanOrEqual(1920);
  expect(layout.rightmost).toBeLessThanOrEqual(1920);
  expect(layout.rows).toEqual([3, 3, 2]);
  expect(layout.nameSize).toBeGreaterThanOrEqual(28);
  expect(layout.namesInside).toBe(true);
  await display.screenshot({ path: test.info().outputPath("tv-8-courts.png") });
});
