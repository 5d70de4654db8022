// "I'm leaving at 8:30" from a player's phone at 390x844: they say when they leave from the
// board, their banner says so, and the organizer's board shows it beside them in the line.
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
const clubZone = "America/Los_Angeles";

test("a player says when they leave tonight, and the organizer sees it in the line", async ({
  page,
  newPerson,
}) => {
  await signUpThroughApi(page, "Olive Organizer", uniqueEmail("leaving-owner"));
  const club = await createClubThroughApi(page, `Leaving ${Date.now()}`, 1);
  const player = await newPerson(phone);
  const email = uniqueEmail("leaving-player");
  await signUpThroughApi(player, "Pat Player", email);
  await joinByInvitation(page, player, club.id, email);

  const sessionId = await scheduleSessionThroughApi(page, club.id, "Open Play");
  expect((await page.request.post(`/api/orgs/${club.id}/sessions/${sessionId}/start`)).status()).toBe(204);
  const details = await (await page.request.get(`/api/orgs/${club.id}/sessions/${sessionId}`)).json();
  const checkIn = await player.request.post(`/api/orgs/${club.id}/sessions/${sessionId}/self-check-in`, {
    data: { token: details.checkInToken },
  });
  expect(checkIn.status()).toBe(200);
  await addWalkInsThroughApi(page, club.id, sessionId, [
    "Ana Walkin",
    "Ben Walkin",
    "Cal Walkin",
    "Dee Walkin",
  ]);
  // The one court is out of play for now, so everyone stays in the line where the organizer
  // reads the leaving time.
  const board = await (await page.request.get(`/api/orgs/${club.id}/board`)).json();
  const court = await page.request.put(`/api/orgs/${club.id}/board/courts/${board.courts[0].id}`, {
    data: { available: false },
  });
  expect(court.status()).toBe(200);

  // Two hours from now on the club's clock.
  const leaving = new Date(Date.now() + 2 * 3_600_000);
  const inputTime = new Intl.DateTimeFormat("en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: clubZone,
  }).format(leaving);
  const shown = new Intl.DateTimeFormat("en-US", {
    hour: "numeric",
    minute: "2-digit",
    timeZone: clubZone,
  }).format(leaving);

  await player.goto("/board");
  const me = player.getByTestId("my-place");
  await expect(me).toContainText(/You're number \d+ in line/);
  // Behind a question: most players stay to the end.
  await expect(me.getByLabel("Leaving at")).toHaveCount(0);
  await me.getByRole("button", { name: "Leaving Early?" }).click();
  await me.getByLabel("Leaving at").fill(inputTime);
  await me.getByRole("button", { name: "Save" }).click();
  await expect(player.getByTestId("my-leaving")).toHaveText(`Leaving at ${shown}`);
  await expect(me.getByRole("button", { name: "Clear" })).toBeVisible();
  await expectUsableLayout(player, { tapTargetsIn: ["[data-testid=my-place]"] });
  await keepScreenshot(player, "leaving-at-390");

  // The organizer's board: the time beside the player in the line.
  await page.goto("/board");
  const line = page.getByTestId("queue").getByRole("listitem").filter({ hasText: "Pat Player" });
  await expect(line.getByTestId("queue-leaves")).toHaveText(`leaves ${shown}`);
  await expect(page.getByTestId("queue-leaves")).toHaveCount(1);
  await expectUsableLayout(page);

  // Cleared from the phone: gone from both.
  await me.getByRole("button", { name: "Clear" }).click();
  await expect(player.getByTestId("my-leaving")).toHaveCount(0);
  await expect(page.getByTestId("queue-leaves")).toHaveCount(0);
});
