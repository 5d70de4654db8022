// The TV read from across a gym (issue 59, item 8) on boards of 8 and 12 courts, every court
// playing, at 1920x1080: names on court at least 48 px up to 8 courts and 40 px at 12, no
// court's name cut, the names in line never larger than those on court, no name cut with an
// ellipsis, and a long name shortened the same way wherever it is shown ("Christopher
// Montgomery III" reads "Christopher M.": "III" is no initial). The boards are the demo
// club's (scripts/e2e-server.mjs seeds it) with their courts and line replaced. Screenshots
// go to the test's output and to /tmp/tv-shots/.
import { copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import type { BoardCourt, BoardView } from "../src/shared/contracts/board.js";
import { expect, test } from "./fixtures.js";

const DEMO = { email: "owner@demo.courtside.local", password: "courtside-demo" };
const SHOTS = "/tmp/tv-shots";

async function displayPath(page: Page): Promise<string> {
  const signIn = await page.request.post("/api/auth/sign-in/email", { data: DEMO });
  expect(signIn.ok()).toBe(true);
  const me = await (await page.request.get("/api/me")).json();
  const orgId = (me.organizations as { id: string }[])[0]!.id;
  const token = await page.request.post(`/api/orgs/${orgId}/display-tokens`);
  expect(token.status()).toBe(201);
  return new URL((await token.json()).url).pathname;
}

/** Names as clubs have them: short, long, a suffix, a guest, two Marias. */
const PEOPLE = [
  "Christopher Montgomery III",
  "Ann Lee",
  "Maximiliana Featherstonehaugh-Oyelaran",
  "Jo Chen",
  "Elizabeth Rodriguez",
  "Priya Raghunathan",
  "Tom Ng",
  "Bartholomew Okonkwo-Smith",
  "Maria Gutierrez",
  "Maria Gomez",
  "Sam Wu",
  "Robert Downey Jr.",
  "Kim Park",
  "Alexandra Konstantinopoulos",
  "Li Na",
  "Dmitri Volkov",
  "Fatima Al-Hassan",
  "Ben Ode",
  "Guadalupe Hernandez",
  "Eve Fox",
  "Oluwaseun Adeyemi",
  "Cy Baker",
  "Siobhan O'Sullivan",
  "Raj Patel",
  "Isabella Fitzgerald",
  "Zoe Hart",
  "Nikolaos Papadopoulos",
  "Mei Lin",
  "Jean-Baptiste Lefebvre",
  "Uma Rao",
  "Wilhelmina Vanderbilt",
  "Leo King",
  "Gwendolyn Abernathy",
  "Hugo Silva",
  "Margaret Thornbury",
  "Yusuf Demir",
  "Catherine Zeta",
  "Ali Khan",
  "Sebastian Castellanos",
  "Nora Berg",
  "Valentina Moretti",
  "Ed Hill",
  "Rosalind Featherstone",
  "Omar Haddad",
  "Josephine Baker",
  "Ray Cho",
  "Esmeralda Villanueva",
  "Finn Walsh",
];
const LINE = [
  "Guest Cy Bartholomew",
  "Guest Dana Whitfield",
  "Anastasia Romanova",
  "Kai Lee",
  "Henrietta Blackwood",
  "Max Roy",
  "Guest Bo Li",
  "Francesca Bianchi",
  "Ola Nordmann",
  "Theodore Winterbottom",
  "Ivy Chu",
  "Penelope Ashworth",
];

/**
 * The demo's board with `count` courts, all playing (court 3 a singles game, as in the issue),
 * 9 minutes in, and 12 people in line, the first court's next group among them. With 12
 * courts "Christopher Montgomery III" waits in line instead of playing on court 1.
 */
function boardWith(real: BoardView, count: number): BoardView {
  const startedAt = new Date(Date.now() - 9 * 60_000).toISOString();
  const onCourt = count === 12 ? PEOPLE.slice(1) : PEOPLE.slice(0, 32);
  const line = (count === 12 ? [PEOPLE[0]!, ...LINE] : LINE).map((name, i) => ({
    registrationId: `line-${i}`,
    name,
  }));
  const everyone = Array.from({ length: count * 4 }, (_, i) => ({
    registrationId: `court-${i}`,
    name: onCourt[i % onCourt.length]!,
  }));
  const courts: BoardCourt[] = Array.from({ length: count }, (_, i) => {
    const players = everyone.slice(i * 4, i * 4 + 4);
    const singles = i === 2;
    return {
      id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      name: `Court ${i + 1}`,
      status: "playing",
      singles,
      held: false,
      keptForTheEnd: false,
      waitingToMix: false,
      game: {
        id: `10000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
        startedAt,
        teamA: singles ? players.slice(0, 1) : players.slice(0, 2),
        teamB: singles ? players.slice(2, 3) : players.slice(2),
        chanceA: null,
      },
      nextUp: i === 0 ? line.slice(0, 4) : [],
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

type Measured = {
  onCourt: number[];
  inLine: number[];
  /** Court names wider than their box (cut, as with an ellipsis). */
  cutTitles: string[];
  /** Names wider than their line. */
  cutNames: string[];
  /** Each name's whole form (its title) and the text shown for it. */
  shown: [string, string][];
  /** Names drawn smaller than the rest because even their shortest form is too long. */
  smaller: string[];
};

function measure(page: Page): Promise<Measured> {
  return page.evaluate(() => {
    const all = (testId: string) => [...document.querySelectorAll<HTMLElement>(`[data-testid=${testId}]`)];
    const size = (e: HTMLElement) => Number.parseFloat(getComputedStyle(e).fontSize);
    // Wider than its box: hidden past the edge, or cut to an ellipsis.
    const cut = (e: HTMLElement) => e.scrollWidth > e.clientWidth + 1;
    const names = [...all("tv-player"), ...all("tv-queue-name")];
    return {
      onCourt: all("tv-player").map(size),
      inLine: all("tv-queue-name").map(size),
      cutTitles: all("tv-court-name")
        .filter(cut)
        .map((e) => e.textContent ?? ""),
      cutNames: names.filter(cut).map((e) => e.textContent ?? ""),
      shown: names.map((e) => [e.title, e.textContent ?? ""] as [string, string]),
      smaller: names.filter((e) => e.dataset.scale).map((e) => `${e.textContent} (${e.dataset.scale})`),
    };
  });
}

async function keep(page: Page, name: string) {
  const file = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path: file });
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(file, path.join(SHOTS, `${name}.png`));
}

for (const [count, minName] of [
  [8, 48],
  [12, 40],
] as const) {
  test(`${count} courts at 1920x1080: names on court at least ${minName} px, nothing cut`, async ({
    page,
    newPerson,
  }) => {
    const link = await displayPath(page);
    const tv = await newPerson({ width: 1920, height: 1080 });
    await tv.route("**/api/display/*/board", async (route) => {
      const real = (await (await route.fetch()).json()) as BoardView;
      await route.fulfill({ json: boardWith(real, count) });
    });
    await tv.goto(link);
    await expect(tv.getByTestId("court")).toHaveCount(count);
    await expect(tv.getByTestId("tv-player")).toHaveCount(count * 4 - 2);
    // The names settle into the forms that fit (each measured after it is drawn).
    await expect(async () => {
      const { cutNames } = await measure(tv);
      expect(cutNames).toEqual([]);
    }).toPass({ timeout: 5_000 });
    const measured = await measure(tv);
    await keep(tv, `tv-readability-${count}-courts`);
    const range = (values: number[]) => `${Math.min(...values)}-${Math.max(...values)} px`;
    test.info().annotations.push({
      type: `font sizes with ${count} courts`,
      description: `names on court ${range(measured.onCourt)}, up next ${range(measured.inLine)}`,
    });
    expect(measured.smaller, "names drawn smaller than the rest").toEqual([]);

    expect(Math.min(...measured.onCourt), "names on court").toBeGreaterThanOrEqual(minName);
    expect(measured.inLine.length).toBeGreaterThan(0);
    expect(Math.max(...measured.inLine), "up next, never larger than on court").toBeLessThanOrEqual(
      Math.min(...measured.onCourt),
    );
    expect(measured.cutTitles, "court names cut").toEqual([]);
    await expect(tv.getByTestId("tv-court-name")).toHaveText(
      Array.from({ length: count }, (_, i) => `Court ${i + 1}`),
    );
    expect(measured.cutNames, "names cut").toEqual([]);

    // A long name reads whole where it fits and otherwise in its short form (the given name
    // alone where even that is too long), on court and in line alike: "III" and "Jr." are not
    // initials, and a guest's "Guest" is not their name.
    const forms: Record<string, RegExp> = {
      "Christopher Montgomery III": /^Christopher (Montgomery III|M\.)$/,
      "Robert Downey Jr.": /^Robert (Downey Jr\.|D\.)$/,
      "Maximiliana Featherstonehaugh-Oyelaran": /^Maximiliana F\.$/,
      "Guest Cy Bartholomew": /^Guest Cy (Bartholomew|B\.)$/,
      "Maria Gutierrez": /^Maria (Gutierrez|Gu\.)$/,
      "Maria Gomez": /^Maria (Gomez|Go\.)$/,
    };
    for (const [whole, text] of measured.shown) {
      if (forms[whole]) expect(text, whole).toMatch(forms[whole]);
      else if (text !== whole && !/^.+ \S+\.$/.test(text))
        expect(whole.startsWith(`${text} `), `${whole} shown as ${text}`).toBe(true);
    }
    const christopher = measured.shown.find(([whole]) => whole === "Christopher Montgomery III");
    expect(christopher, "Christopher is on the screen").toBeTruthy();
  });
}
