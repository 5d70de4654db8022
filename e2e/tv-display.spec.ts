// The TV display read from across a gym: the demo club's open play (scripts/e2e-server.mjs
// seeds it on 4 courts) opened by a display link on a 1920x1080 and a 3840x2160 screen, and
// boards of 1 to 12 courts (the demo's board with its courts multiplied) laid out in full rows.
// UPDATE_SCREENSHOTS=1 writes the pictures to docs/screenshots/ as well as the test's output.
import { copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import type { BoardCourt, BoardView } from "../src/shared/contracts/board.js";
import { expect, test } from "./fixtures.js";

const DEMO = { email: "owner@demo.courtside.local", password: "courtside-demo" };

async function displayLink(page: Page): Promise<{ path: string; orgId: string }> {
  const signIn = await page.request.post("/api/auth/sign-in/email", { data: DEMO });
  expect(signIn.ok()).toBe(true);
  const me = await (await page.request.get("/api/me")).json();
  const orgId = (me.organizations as { id: string; name: string }[])[0]!.id;
  const token = await page.request.post(`/api/orgs/${orgId}/display-tokens`);
  expect(token.status()).toBe(201);
  return { path: new URL((await token.json()).url).pathname, orgId };
}

async function keep(page: Page, name: string) {
  const file = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path: file });
  if (process.env.UPDATE_SCREENSHOTS) {
    const dir = path.resolve("docs/screenshots");
    mkdirSync(dir, { recursive: true });
    copyFileSync(file, path.join(dir, `${name}.png`));
  }
}

const fontSizes = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .evaluateAll((elements) => elements.map((e) => Number.parseFloat(getComputedStyle(e).fontSize)));

/** What a person across the gym needs: big text, nothing off screen or cut, every row of courts full. */
async function checkLayout(page: Page, minName: number, minLabel: number) {
  const names = [...(await fontSizes(page, "tv-player")), ...(await fontSizes(page, "tv-queue-name"))];
  expect(names.length).toBeGreaterThan(0);
  expect(Math.min(...names), "player names").toBeGreaterThanOrEqual(minName);
  const labels = await fontSizes(page, "tv-label");
  expect(Math.min(...labels), "labels and times").toBeGreaterThanOrEqual(minLabel);

  const fits = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth <= window.innerWidth,
    height: document.documentElement.scrollHeight <= window.innerHeight,
    // A card whose text runs past its bottom edge, or a name wrapped onto a second line.
    cutCards: [...document.querySelectorAll<HTMLElement>("[data-testid=court]")]
      .filter((card) => card.scrollHeight > card.clientHeight + 1)
      .map((card) => card.dataset.court),
    wrapped: [
      ...document.querySelectorAll<HTMLElement>("[data-testid=tv-player],[data-testid=tv-queue-name]"),
    ]
      .filter(
        (name) =>
          name.getBoundingClientRect().height > Number.parseFloat(getComputedStyle(name).fontSize) * 1.5,
      )
      .map((name) => name.textContent),
  }));
  expect(fits).toEqual({ width: true, height: true, cutCards: [], wrapped: [] });

  // The rows of courts fill their area: no empty row, no hole at the end of one.
  const area = (await page.getByTestId("tv-courts").boundingBox())!;
  const rows = page.getByTestId("tv-row");
  const rowCount = await rows.count();
  let covered = 0;
  for (let r = 0; r < rowCount; r++) {
    const cards = rows.nth(r).getByTestId("court");
    expect(await cards.count(), `row ${r + 1} has courts`).toBeGreaterThan(0);
    const last = (await cards.last().boundingBox())!;
    expect(last.x + last.width, `row ${r + 1} reaches the right edge`).toBeCloseTo(area.x + area.width, 0);
    covered += (await rows.nth(r).boundingBox())!.height;
  }
  expect(covered / area.height, "rows cover the court area").toBeGreaterThan(0.9);
  const onCourt = await fontSizes(page, "tv-player");
  const size = (values: number[]) => `${Math.min(...values)}-${Math.max(...values)} px`;
  test.info().annotations.push({
    type: `font sizes at ${page.viewportSize()!.width}`,
    description: `names on court ${size(onCourt)}, in line ${size(await fontSizes(page, "tv-queue-name"))}, labels ${size(labels)}`,
  });
  return Math.min(...onCourt);
}

test("the demo club's TV is readable across a gym at 1920x1080 and doubles at 3840x2160", async ({
  page,
  newPerson,
}) => {
  const link = await displayLink(page);
  const tv = await newPerson({ width: 1920, height: 1080 });
  await tv.clock.install();
  await tv.goto(link.path);
  await expect(tv.getByRole("heading", { name: "Riverside Pickleball Club" })).toBeVisible();
  // The demo filled its courts when the server started: any call from then is over after 15 s,
  // and its court no longer marked after a minute.
  await tv.clock.fastForward(61_000);
  await expect(tv.getByTestId("court")).toHaveCount(4);
  await expect(tv.getByTestId("tv-call")).toHaveCount(0);
  await expect(tv.getByAltText("Scan to check in")).toBeVisible();
  const at1080 = await checkLayout(tv, 48, 28);
  await keep(tv, "tv-1920");

  await tv.setViewportSize({ width: 3840, height: 2160 });
  await expect(async () => {
    const at2160 = Math.min(...(await fontSizes(tv, "tv-player")));
    expect(at2160 / at1080).toBeCloseTo(2, 1);
  }).toPass({ timeout: 5_000 });
  await checkLayout(tv, 96, 56);
  await keep(tv, "tv-3840");
  await tv.setViewportSize({ width: 1920, height: 1080 });

  // A game ends: the next group is called to that court, the largest thing on screen for 15 s,
  // then the court is marked on the board until a minute has passed.
  const board = (await (await page.request.get(`/api/orgs/${link.orgId}/board`)).json()) as BoardView;
  const court = board.courts.find((c) => c.game)!;
  const scored = await page.request.post(`/api/orgs/${link.orgId}/board/games/${court.game!.id}/score`, {
    data: { scoreA: 11, scoreB: 7 },
  });
  expect(scored.ok()).toBe(true);
  const call = tv.getByTestId("tv-call");
  await expect(call).toHaveCount(1);
  await expect(call).toHaveAttribute("data-court", court.name);
  const called = await fontSizes(tv, "tv-call-player");
  expect(Math.min(...called)).toBeGreaterThan(at1080);
  test.info().annotations.push({ type: "font sizes of a call", description: `${called.join(", ")} px` });
  await keep(tv, "tv-call-1920");
  await tv.clock.fastForward(10_000);
  await expect(call).toHaveCount(1);
  await tv.clock.fastForward(6_000);
  await expect(call).toHaveCount(0);
  await expect(tv.getByTestId("court")).toHaveCount(4);
  const marked = tv.locator(`[data-testid="court"][data-court="${court.name}"]`);
  await expect(marked).toHaveAttribute("data-just-called", "true");
  await expect(marked.getByText("Just called")).toBeVisible();
  await expect(tv.locator('[data-testid="court"][data-just-called]')).toHaveCount(1);
  await checkLayout(tv, 48, 28);
  await keep(tv, "tv-just-called-1920");
  await tv.clock.fastForward(45_000);
  await expect(tv.locator('[data-testid="court"][data-just-called]')).toHaveCount(0);
});

/**
 * The demo's board with `count` courts, all playing but for the 8-court club's last two (one
 * free, one out of play), the 5-court club's last court singles, a long name on court 2, and
 * 14 people in line, two courts' next groups among them.
 */
function boardWith(real: BoardView, count: number): BoardView {
  const people = [...real.courts.flatMap((c) => [...(c.game?.teamA ?? []), ...(c.game?.teamB ?? [])])];
  const startedAt = new Date(Date.now() - 9 * 60_000).toISOString();
  const line = Array.from({ length: 14 }, (_, i) => {
    const person = people[(i * 3) % people.length]!;
    return { registrationId: `${person.registrationId}-line-${i}`, name: person.name };
  });
  const courts: BoardCourt[] = Array.from({ length: count }, (_, i) => {
    const players = [0, 1, 2, 3].map((k) => {
      const person = people[(i * 4 + k) % people.length]!;
      const name = i === 1 && k === 0 ? "Maximiliana Featherstonehaugh-Oyelaran" : person.name;
      return { registrationId: `${person.registrationId}-${i}-${k}`, name };
    });
    const singles = count === 5 && i === 4;
    const status = count === 8 && i === 6 ? "idle" : count === 8 && i === 7 ? "unavailable" : "playing";
    return {
      id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      name: `Court ${i + 1}`,
      status,
      singles,
      held: false,
      keptForTheEnd: false,
      waitingToMix: false,
      game:
        status === "playing"
          ? {
              id: `10000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
              startedAt,
              teamA: singles ? players.slice(0, 1) : players.slice(0, 2),
              teamB: singles ? players.slice(2, 3) : players.slice(2),
              chanceA: null,
            }
          : null,
      nextUp: i === 0 ? line.slice(0, 4) : i === count - 1 && count > 1 ? line.slice(4, 8) : [],
      comingOff: 0,
      answered: [],
      awaiting: [],
    };
  });
  const queue = line.map((p, i) => ({
    ...p,
    position: i + 1,
    estimatedWaitMinutes: i,
    waitRange: { low: i, high: i + 3 },
    gamesPlayed: 2,
    wantsBye: false,
    leavesAt: null,
  }));
  return { ...real, courts, queue, stats: { ...real.stats, waiting: queue.length } };
}

for (const count of [1, 5, 8, 12]) {
  test(`a club with ${count} court${count === 1 ? "" : "s"} fills the TV in full rows`, async ({
    page,
    newPerson,
  }) => {
    const link = await displayLink(page);
    const tv = await newPerson({ width: 1920, height: 1080 });
    await tv.route("**/api/display/*/board", async (route) => {
      const real = (await (await route.fetch()).json()) as BoardView;
      await route.fulfill({ json: boardWith(real, count) });
    });
    await tv.goto(link.path);
    await expect(tv.getByTestId("court")).toHaveCount(count);
    const expectedRows = { 1: 1, 5: 2, 8: 3, 12: 3 }[count];
    await expect(tv.getByTestId("tv-row")).toHaveCount(expectedRows!);
    await checkLayout(tv, count <= 6 ? 48 : 28, 28);
    if (count > 1) {
      // A name too long for its card takes a shorter form that fits whole, not "Maximiliana …".
      const long = tv.locator('[data-testid=tv-player][title="Maximiliana Featherstonehaugh-Oyelaran"]');
      await expect(long).toHaveText(/^Maximiliana( F\.)?$/);
      expect(await long.evaluate((name) => name.scrollWidth <= name.clientWidth)).toBe(true);
    }
    await keep(tv, `tv-${count}-courts-1920`);
  });
}
