import type { Page } from "@playwright/test";
import {
  createClubThroughApi,
  expect,
  joinByInvitation,
  scheduleSessionThroughApi,
  signUpThroughApi,
  test,
  uniqueEmail,
} from "./fixtures.js";

type Gender = "woman" | "man";

/** A player's profile as they save it in Settings: their name, and the gender they declare. */
async function declare(person: Page, fullName: string, gender: Gender) {
  const saved = await person.request.put("/api/me/profile", { data: { fullName, avatarUrl: "", gender } });
  expect(saved.status()).toBe(200);
}

test("a mixed doubles night: players declare their gender, the organizer picks the rule on a phone, and only organizers see who declared what", async ({
  page,
  newPerson,
}) => {
  // Five players sign up and join first: on a shared machine that alone takes a while.
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpThroughApi(page, "Mia Organizer", uniqueEmail("mixed-owner"));
  const club = await createClubThroughApi(page, `Mixed Club ${Date.now()}`, 1);
  const people: Array<{ page: Page; name: string; gender: Gender; userId: string }> = [];
  const roster: Array<[string, Gender]> = [
    ["Ana Alvarez", "woman"],
    ["Bea Brooks", "woman"],
    ["Cora Chen", "woman"],
    ["Gus Green", "man"],
    ["Hal Hill", "man"],
  ];
  for (const [name, gender] of roster) {
    const person = await newPerson();
    const email = uniqueEmail(name.split(" ")[0]!.toLowerCase());
    await signUpThroughApi(person, name, email);
    await joinByInvitation(page, person, club.id, email);
    await declare(person, name, gender);
    const me = await (await person.request.get("/api/me")).json();
    people.push({ page: person, name, gender, userId: me.user.id });
  }

  // A player's own Settings show what they declared, and say who sees it.
  const ana = people[0]!.page;
  await ana.setViewportSize({ width: 390, height: 844 });
  await ana.goto("/settings");
  await expect(ana.getByLabel("Gender (optional)")).toHaveValue("woman");
  await expect(ana.getByText("Only your clubs' organizers see it.")).toBeVisible();
  await ana.screenshot({ path: test.info().outputPath("settings-gender-390.png"), fullPage: true });

  const sessionId = await scheduleSessionThroughApi(page, club.id, "Mixed Night");
  const checkedIn = await page.request.post(`/api/orgs/${club.id}/sessions/${sessionId}/check-ins/bulk`, {
    data: { memberIds: people.map((p) => p.userId) },
  });
  expect(checkedIn.status()).toBe(201);
  expect((await page.request.post(`/api/orgs/${club.id}/sessions/${sessionId}/start`)).status()).toBe(204);

  await page.goto("/board");
  // On a phone the night's settings fold behind one button, so the courts come first.
  await page.getByRole("button", { name: "Board Settings" }).click();
  const teams = page.getByLabel("Teams");
  await teams.selectOption({ label: "Mixed doubles" });
  await expect(teams).toHaveValue("mixed");
  // Three women and two men: the organizer is told what the rule does with tonight's numbers.
  await expect(page.getByTestId("teams-note")).toHaveText(
    "Mixed doubles with 3 women and 2 men: teams are a woman and a man wherever they can be; the rest are two women. Games stay level.",
  );
  await page.getByRole("button", { name: "Fill Courts" }).click();
  await expect(page.getByTestId("court").filter({ hasText: "Playing" })).toHaveCount(1);

  // On court: both teams a woman and a man (two of each go on; the one left is a woman).
  const genderOf = new Map(people.map((p) => [p.name, p.gender]));
  const board = await (await page.request.get(`/api/orgs/${club.id}/board`)).json();
  for (const court of board.courts as Array<{
    game: { teamA: { name: string }[]; teamB: { name: string }[] };
  }>)
    for (const team of [court.game.teamA, court.game.teamB])
      expect(team.map((p) => genderOf.get(p.name)).sort()).toEqual(["man", "woman"]);
  await expect(page.getByTestId("queue-gender")).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("board-mixed-organizer-390.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath("board-mixed-organizer-1280.png"), fullPage: true });

  // A member's board: the same courts, no genders and no note.
  const gus = people[3]!.page;
  await gus.goto("/board");
  await expect(gus.getByTestId("court").filter({ hasText: "Playing" })).toHaveCount(1);
  await expect(gus.getByTestId("queue-gender")).toHaveCount(0);
  await expect(gus.getByTestId("teams-note")).toHaveCount(0);
  const theirs = await (await gus.request.get(`/api/orgs/${club.id}/board`)).text();
  expect(theirs).not.toMatch(/"(woman|man)"/);

  // The session says what the night is played as: the board's rule, written back to it.
  await gus.goto(`/sessions/${sessionId}`);
  await expect(gus.getByTestId("session-teams")).toHaveText("Mixed doubles");
});
