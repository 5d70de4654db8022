import type { Page } from "@playwright/test";
import {
  addWalkInsThroughApi,
  createClubThroughApi,
  expect,
  joinByInvitation,
  keepScreenshot,
  signUpThroughApi,
  test,
  uniqueEmail,
} from "./fixtures.js";
import { expectUsableLayout } from "./layout-check.js";

/** Signs a new member up on their own phone and brings them into the club. */
async function member(
  owner: Page,
  newPerson: (v: { width: number; height: number }) => Promise<Page>,
  orgId: string,
  name: string,
) {
  const phone = await newPerson({ width: 390, height: 844 });
  const email = uniqueEmail(name.split(" ")[0]!.toLowerCase());
  await signUpThroughApi(phone, name, email);
  await joinByInvitation(owner, phone, orgId, email);
  return { phone, email };
}

test("a player signs a team up with her partner on her phone, a substitute is asked for the week her partner misses, and stands in beside her", async ({
  page,
  newPerson,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpThroughApi(page, "Tess Teams", uniqueEmail("teams-owner"));
  const club = await createClubThroughApi(page, `Teams Club ${Date.now()}`, 2);
  const now = Date.now();
  const created = await page.request.post(`/api/orgs/${club.id}/sessions`, {
    data: {
      name: "Thursday Doubles",
      startsAt: new Date(now + 60_000).toISOString(),
      endsAt: new Date(now + 2 * 3_600_000).toISOString(),
      repeatWeeks: 3,
    },
  });
  expect(created.status()).toBe(201);
  const week = (await created.json()).sessions[0].id as string;
  const league = await page.request.post(`/api/orgs/${club.id}/sessions/${week}/league`, {
    data: {
      name: "Thursday Doubles League",
      format: "teams",
      rounds: 2,
      courts: 2,
      ending: "points",
      playTo: 11,
    },
  });
  expect(league.status()).toBe(201);

  const mia = await member(page, newPerson, club.id, "Mia Member");
  const nat = await member(page, newPerson, club.id, "Nat Partner");
  const sam = await member(page, newPerson, club.id, "Sam Standby");

  // Mia signs the team up from her phone, finding Nat by typing.
  await mia.phone.goto(`/sessions/${week}/league`);
  const place = mia.phone.getByTestId("your-place");
  await place.getByRole("button", { name: "Sign Up a Team" }).click();
  await mia.phone.getByLabel("Your partner").fill("Nat");
  await mia.phone.getByRole("button", { name: "Nat Partner" }).click();
  await mia.phone.getByLabel("Team name").fill("Net Ninjas");
  await expectUsableLayout(mia.phone);
  await keepScreenshot(mia.phone, "league-team-form-390", { fullPage: true });
  await mia.phone.getByRole("button", { name: "Sign Up Our Team" }).click();
  // Nat is asked, not enrolled: the team waits for his yes.
  await expect(place).toContainText("Waiting for Nat Partner to accept Net Ninjas");
  await nat.phone.goto(`/sessions/${week}/league`);
  const request = nat.phone.getByTestId("partner-request");
  await expect(request).toContainText("Mia Member asks you to play the season together as Net Ninjas.");
  await expectUsableLayout(nat.phone);
  await keepScreenshot(nat.phone, "league-partner-request-390", { fullPage: true });
  await request.getByRole("button", { name: "Accept" }).click();
  await expect(nat.phone.getByTestId("your-place")).toContainText(
    "You play the season with Mia Member as Net Ninjas.",
  );
  await mia.phone.reload();
  await expect(place).toContainText("You play the season with Nat Partner as Net Ninjas.");
  await expect(mia.phone.getByTestId("roster-teams")).toContainText("Net Ninjas");
  await expect(mia.phone.getByTestId("roster-teams")).toContainText("Mia Member & Nat Partner");

  // Sam offers to stand in; Mia registers for the week, Nat cannot come.
  await sam.phone.goto(`/sessions/${week}/league`);
  await sam.phone.getByRole("button", { name: "Be a Substitute" }).click();
  await expect(sam.phone.getByTestId("your-place")).toContainText("You're a substitute");
  expect((await mia.phone.request.post(`/api/orgs/${club.id}/sessions/${week}/registrations`)).status()).toBe(
    201,
  );

  // The organizer sees the week short and asks the substitutes; Sam hears by email.
  await page.goto(`/sessions/${week}/league`);
  const coming = page.getByTestId("coming-week");
  await expect(coming).toContainText("1 of 2 players registered. Not in yet: Nat Partner.");
  await expect(coming).toContainText("1 substitute needed");
  await coming.getByRole("button", { name: "Ask the Substitutes" }).click();
  await expect(page.getByText("Asked 1 substitute")).toBeVisible();
  await expect(async () => {
    const mailbox = await (await page.request.get("/dev/mailbox")).text();
    const mail = mailbox
      .split("<article>")
      .find((a) => a.includes(`to ${sam.email}`) && a.includes("Can you play?"));
    expect(mail).toContain("Thursday Doubles League is short a player");
  }).toPass({ timeout: 15_000 });
  await expectUsableLayout(page);
  await keepScreenshot(page, "league-roster-390", { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectUsableLayout(page);
  await keepScreenshot(page, "league-roster-1280", { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });

  // The night: Sam registers; Mia and Sam are checked in with six walk-ins.
  expect((await sam.phone.request.post(`/api/orgs/${club.id}/sessions/${week}/registrations`)).status()).toBe(
    201,
  );
  expect((await page.request.post(`/api/orgs/${club.id}/sessions/${week}/start`)).status()).toBe(204);
  const details = await (await page.request.get(`/api/orgs/${club.id}/sessions/${week}`)).json();
  for (const registration of details.registrations as Array<{ id: string; userId: string | null }>)
    if (registration.userId)
      expect(
        (
          await page.request.post(
            `/api/orgs/${club.id}/sessions/${week}/registrations/${registration.id}/check-in`,
          )
        ).status(),
      ).toBeLessThan(300);
  await addWalkInsThroughApi(page, club.id, week, [
    "Ola One",
    "Pat Two",
    "Quin Three",
    "Rae Four",
    "Sid Five",
    "Tay Six",
  ]);
  await page.goto(`/sessions/${week}`);
  await page.getByRole("button", { name: "Start the Event" }).click();
  await expect(page).toHaveURL(new RegExp(`/sessions/${week}/event$`));
  // Sam plays for Net Ninjas; the walk-ins make teams for the night.
  await expect(page.getByTestId("standings")).toContainText("Net Ninjas (Mia Member & Sam Standby)");
  await expect(page.getByTestId("standings").locator("tbody tr")).toHaveCount(4);
  await mia.phone.goto(`/sessions/${week}/event`);
  await expect(mia.phone.getByText("Sam Standby").first()).toBeVisible();
  await expectUsableLayout(mia.phone);
  await keepScreenshot(mia.phone, "league-team-night-390", { fullPage: true });
  // The club's TV names the league's team beside the night's own.
  const link = await page.request.post(`/api/orgs/${club.id}/display-tokens`);
  const tv = await newPerson({ width: 1920, height: 1080 });
  await tv.goto(new URL((await link.json()).url as string).pathname);
  await expect(tv.getByTestId("tv-standings")).toContainText("Net Ninjas");
  await expectUsableLayout(tv);
  await keepScreenshot(tv, "league-team-tv-1920");
  await nat.phone.close();
});
