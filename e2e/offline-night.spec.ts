// When the gym's Wi-Fi drops: the organizer's board keeps the last state it had and says how
// old it is, a reload offline opens on it, scores entered offline are kept on the phone and
// sent once the network is back (exactly once: one a game, a game scored on another phone in
// the meantime refused and said), and a page never opened before says it needs the network.
import type { Page } from "@playwright/test";
import { expect, keepScreenshot, test } from "./fixtures.js";
import { clubNightOnFiveCourts } from "./scoring-setup.js";

// The service worker is let in here (playwright.config.ts blocks it elsewhere): offline, the
// app's pages come from its cache.
test.use({ serviceWorkers: "allow" });

const controllerState = (page: Page) =>
  page.evaluate(() => navigator.serviceWorker.controller?.state ?? null);

/**
 * Until the service worker controls the page: installed (every chunk of the app fetched first,
 * which on a busy two-core run took longer than the default 10 s poll), active, and claiming.
 */
async function underServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => controllerState(page), { timeout: 30_000 }).toBe("activated");
}

/** What the browser logs while the network is away (the socket's retries, fetches refused). */
const offlineNoise = /ERR_INTERNET_DISCONNECTED|ERR_NAME_NOT_RESOLVED|WebSocket connection|Failed to fetch/;

type Court = { id: string; name: string; game: { id: string } | null };

test("offline, the board keeps its last state, keeps scores on the phone, and sends each once when back", async ({
  page,
  context,
  playwright,
  problems,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { club, sessionId } = await clubNightOnFiveCourts(page);
  await page.goto("/board");
  await expect(page.getByTestId("court").filter({ hasText: "Playing" })).toHaveCount(5);
  await underServiceWorker(page);
  await expect(page.getByTestId("board-age")).toHaveText("live");
  const courts: Court[] = (await (await page.request.get(`/api/orgs/${club.id}/board`)).json()).courts;
  const [first, second, third] = courts;

  await context.setOffline(true);
  await expect(page.getByTestId("board-age")).toContainText(/offline · as of .+, (just now|\d+ min ago)/);

  // Three courts scored on this phone with no network: each kept, and said so on its card.
  const score = async (court: Court) => {
    const card = page.locator(`[data-testid=court][data-court="${court.name}"]`);
    await card.getByRole("button", { name: "Record Score" }).click();
    await page.getByRole("button", { name: "Team A won" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(card.getByTestId("score-held")).toHaveText("Score kept on phone");
  };
  for (const court of [first!, second!, third!]) await score(court);
  await expect(page.getByTestId("held-scores")).toContainText("3 scores kept on this phone");
  await expect(page.getByTestId("held-scores")).toContainText("sent when the network is back");

  // A reload with no network opens on the board as it was, with its age: no endless spinner.
  await page.reload();
  await expect(page.getByTestId("court")).toHaveCount(5);
  await expect(page.getByTestId("board-age")).toContainText("offline · as of");
  await expect(page.getByTestId("held-scores")).toContainText("3 scores kept on this phone");
  await keepScreenshot(page, "board-offline-390");

  // Meanwhile another organizer's phone, online, scores the third court's game first.
  const otherPhone = await playwright.request.newContext({
    baseURL: new URL(page.url()).origin,
    storageState: await context.storageState(),
  });
  const taken = await otherPhone.post(`/api/orgs/${club.id}/board/games/${third!.game!.id}/score`, {
    data: { winner: "B" },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(taken.status()).toBe(200);
  await otherPhone.dispose();

  // Back online: the kept scores go by themselves; the third is refused, and said so.
  await context.setOffline(false);
  await expect(page.getByTestId("held-scores")).toHaveCount(0);
  await expect(page.getByText(`That game had already left ${third!.name}`)).toBeVisible();
  await expect(page.getByTestId("board-age")).toHaveText("live");

  // On the server: each game scored once, the first two as this phone said, the third as the other did.
  const record = await (await page.request.get(`/api/orgs/${club.id}/sessions/${sessionId}/record`)).json();
  const games = record.games as Array<{ id: string; winner: "A" | "B" | null }>;
  const winnerOf = (court: Court) => games.filter((g) => g.id === court.game!.id).map((g) => g.winner);
  expect(winnerOf(first!)).toEqual(["A"]);
  expect(winnerOf(second!)).toEqual(["A"]);
  expect(winnerOf(third!)).toEqual(["B"]);

  // What the network's absence logged is the test's doing, not the app's.
  problems.splice(0, problems.length, ...problems.filter((p) => !offlineNoise.test(p)));
});

test("a page opened once opens offline on what it showed; one never opened says it needs the network", async ({
  page,
  context,
  problems,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { club } = await clubNightOnFiveCourts(page);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: club.name })).toBeVisible();
  await underServiceWorker(page);
  // What the app keeps on the device (kept-queries.ts) is written a second after it is read.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("courtside.keptQueries.v1") !== null))
    .toBe(true);

  // The sessions page, opened once online, opens offline on what it showed.
  await page.goto("/sessions");
  await expect(page.getByText("Thursday Open Play").first()).toBeVisible();
  // Kept a second after it is read (kept-queries.ts): wait for the sessions list itself, not
  // for any read that happens to name the session (the dashboard's did, and the list was not in).
  const sessionsKept = () =>
    page.evaluate(() => {
      const kept = JSON.parse(localStorage.getItem("courtside.keptQueries.v1") ?? "null") as {
        state: { queries: Array<{ queryKey: unknown[]; state: { data: unknown } }> };
      } | null;
      return (kept?.state.queries ?? []).some(
        (q) => q.queryKey[0] === "sessions" && JSON.stringify(q.state.data).includes("Thursday Open Play"),
      );
    });
  await expect.poll(sessionsKept).toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText("Thursday Open Play").first()).toBeVisible();

  // Offline, the court board (never opened here) opens from the service worker's copy of the app.
  await page.goto("/board").catch(() => undefined);
  await expect(page.getByText("Unexpected Application Error")).toHaveCount(0);
  await expect(
    page
      .getByRole("heading", { name: "Court Board" })
      .or(page.getByText("the court board has not been opened on this device yet")),
  ).toBeVisible();
  await keepScreenshot(page, "board-never-opened-offline-390");

  await context.setOffline(false);
  await page.reload();
  await expect(page.getByTestId("court").filter({ hasText: "Playing" })).toHaveCount(5);
  problems.splice(0, problems.length, ...problems.filter((p) => !offlineNoise.test(p)));
});
