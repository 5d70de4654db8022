// A player's night on their own phone at 390x844: they step away for a break and come back
// from the board, read their place on the dashboard too, answer their call to a court ("on my
// way", seen on the organizer's board), play, and after Complete Session read what they played
// on the session's page.
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

const phone = { width: 390, height: 844 };

test("a player takes a break and comes back from their phone, plays, and reads their night", async ({
  page,
  newPerson,
}) => {
  await signUpThroughApi(page, "Olive Organizer", uniqueEmail("night-owner"));
  const club = await createClubThroughApi(page, `Player Night ${Date.now()}`, 1);
  const player = await newPerson(phone);
  const email = uniqueEmail("night-player");
  await signUpThroughApi(player, "Pat Player", email);
  await joinByInvitation(page, player, club.id, email);

  const sessionId = await scheduleSessionThroughApi(page, club.id, "Open Play");
  expect((await page.request.post(`/api/orgs/${club.id}/sessions/${sessionId}/start`)).status()).toBe(204);
  const details = await (await page.request.get(`/api/orgs/${club.id}/sessions/${sessionId}`)).json();
  const checkIn = await player.request.post(`/api/orgs/${club.id}/sessions/${sessionId}/self-check-in`, {
    data: { token: details.checkInToken },
  });
  expect(checkIn.status()).toBe(200);
  await addWalkInsThroughApi(page, club.id, sessionId, ["Ana Walkin", "Ben Walkin", "Cal Walkin"]);

  // A break from the phone: out of the line, then back in it.
  await player.goto("/board");
  const me = player.getByTestId("my-place");
  await expect(me).toContainText(/You're (up next on Court 1|number \d+ in line)/);
  await expectUsableLayout(player, { tapTargetsIn: ["[data-testid=my-place]"] });
  await me.getByRole("button", { name: "Take a Break" }).click();
  await expect(me).toContainText("You're on a break");
  await expect(player.getByTestId("queue-name").filter({ hasText: "Pat Player" })).toHaveCount(0);
  // Back, the four present fill the free court at once, as any return to a running board does.
  await me.getByRole("button", { name: "I'm Back" }).click();
  await expect(me).toContainText(
    /You're (on Court 1 now|playing on Court 1|up next on Court 1|number \d+ in line)/,
  );

  // On court. The organizer has set a time to answer; their browser clock is moved on, not waited for.
  expect((await page.request.post(`/api/orgs/${club.id}/board/fill`)).status()).toBe(200);
  // Called and not yet on their way: told where to go, not that they are playing already.
  await expect(me).toContainText("You're on Court 1 now: head over");
  // Where the app opens, the dashboard says it too, and the board is a tap away.
  await player.goto("/dashboard");
  await expect(player.getByTestId("dashboard-my-place")).toHaveText("You're on Court 1 now: head over");
  // Their club's night, not Courtside's pitch: that is for those who schedule sessions.
  await expect(player.getByRole("link", { name: "Get Started Free" })).toHaveCount(0);
  await expect(player.getByText("Smart Rotations")).toHaveCount(0);
  await expectUsableLayout(player);
  await keepScreenshot(player, "dashboard-my-place-390");
  await player.getByRole("link", { name: "Open Court Board" }).click();
  await expect(me).toContainText("You're on Court 1 now: head over");
  await page.clock.install();
  await page.goto("/board");
  await page.getByLabel("Answer within").selectOption("2");
  const notAllHere = page.getByTestId("not-all-here");
  await expect(notAllHere).toHaveCount(0);
  await page.clock.fastForward("02:30");
  // Pat, the one who can answer (the walk-ins have no phone to answer from), is named.
  await expect(notAllHere).toHaveText(/No “On My Way” after 2 min: Pat Player/);
  await expect(notAllHere.getByRole("button", { name: "Call Next Group Instead" })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await notAllHere.scrollIntoViewIfNeeded();
  await expectUsableLayout(page, { tapTargetsIn: ["[data-testid=court]"] });
  await keepScreenshot(page, "not-all-here-390");

  // Pat answers from the phone: the organizer's card shows it, and the offer goes.
  await me.getByRole("button", { name: "On My Way" }).click();
  await expect(me.getByTestId("answered")).toHaveText("On your way");
  await expect(me).toContainText("You're playing on Court 1");
  await expectUsableLayout(player, { tapTargetsIn: ["[data-testid=my-place]"] });
  await keepScreenshot(player, "my-place-called-390");
  await expect(page.getByTestId("court").getByTestId("on-the-way")).toHaveCount(1);
  await expect(notAllHere).toHaveCount(0);

  // A result, and the night ends.
  const board = await (await page.request.get(`/api/orgs/${club.id}/board`)).json();
  const scored = await page.request.post(
    `/api/orgs/${club.id}/board/games/${board.courts[0].game.id}/score`,
    {
      data: { scoreA: 11, scoreB: 6 },
    },
  );
  expect(scored.status()).toBe(200);
  expect((await page.request.post(`/api/orgs/${club.id}/sessions/${sessionId}/complete`)).status()).toBe(204);

  await player.goto(`/sessions/${sessionId}`);
  const night = player.getByTestId("my-night");
  await expect(night).toContainText("Your night");
  // One game each for the four: said in a player's words, not as a "spread".
  await expect(night).toContainText("Games1same as everyone");
  // A night that is over is nothing to put in a calendar.
  await expect(player.getByRole("link", { name: "Add to calendar" })).toHaveCount(0);
  await expect(night).toContainText(/(Won 11-6|Lost 6-11) with \w+ Walkin against \w+ Walkin & \w+ Walkin/);
  await expectUsableLayout(player);
  await keepScreenshot(player, "my-night-390", { fullPage: true });

  // Past sessions: a player has no CSV to download, so the page does not offer one.
  await player.goto("/sessions?view=past");
  await expect(player.getByText(/What Player Night \d+ has played: each session's record\.$/)).toBeVisible();
});
