import {
  createClubThroughApi,
  expect,
  joinByInvitation,
  keepScreenshot,
  signUpThroughApi,
  test,
  uniqueEmail,
} from "./fixtures.js";

test("a guest, on a phone: the owner allows guests, a member brings one, the door checks them in, and when the guest joins the night is theirs", async ({
  page,
  newPerson,
}) => {
  test.setTimeout(120_000);
  const phone = { width: 390, height: 844 };
  await page.setViewportSize(phone);
  await signUpThroughApi(page, "Owen Owner", uniqueEmail("guests-owner"));
  const club = await createClubThroughApi(page, `Guest Club ${Date.now()}`, 1);

  // Settings: guests are off until the club turns them on.
  await page.goto("/settings");
  await page.getByRole("switch", { name: "Members may bring guests" }).click();
  await page.getByLabel("Guests per member per month").fill("3");
  await page.getByRole("button", { name: "Save Rules" }).click();
  await expect(page.getByText("Rules saved")).toBeVisible();
  await page.getByRole("heading", { name: "Guests and fair access" }).scrollIntoViewIfNeeded();
  await keepScreenshot(page, "guest-rules-390");

  // Tonight's session, started a few minutes ago.
  const created = await page.request.post(`/api/orgs/${club.id}/sessions`, {
    data: {
      name: "Friends Night",
      startsAt: new Date(Date.now() - 5 * 60_000).toISOString(),
      endsAt: new Date(Date.now() + 2 * 3_600_000).toISOString(),
      capacity: 8,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const sessionId = (await created.json()).sessions[0].id as string;

  // A member brings a friend, with the address the friend would join with.
  const member = await newPerson(phone);
  const memberEmail = uniqueEmail("host");
  await signUpThroughApi(member, "Mia Member", memberEmail);
  await joinByInvitation(page, member, club.id, memberEmail);
  await member.goto(`/sessions/${sessionId}`);
  await expect(member.getByText("Bring a friend: up to 3 guests a month.")).toBeVisible();
  await member.getByRole("button", { name: "Bring a Guest" }).click();
  const dialog = member.getByRole("dialog");
  await dialog.getByRole("button", { name: "Add Guest" }).click();
  await expect(dialog.getByText("Name must be at least 2 characters")).toBeVisible();
  const guestEmail = uniqueEmail("gus");
  await dialog.getByLabel("Guest's name").fill("Gus Guest");
  await dialog.getByLabel("Their email (optional)").fill(guestEmail);
  await keepScreenshot(member, "bring-guest-dialog-390");
  await dialog.getByRole("button", { name: "Add Guest" }).click();
  await expect(member.getByText("Gus Guest is registered")).toBeVisible();
  const mine = member.getByTestId("my-guests");
  await expect(mine.getByText("Gus Guest")).toBeVisible();
  await expect(mine.getByText("Registered")).toBeVisible();
  await expect(member.getByTestId("players").getByText("guest of Mia Member")).toBeVisible();
  await keepScreenshot(member, "guests-card-390", { fullPage: true });

  // At the door the organizer checks the guest in like anyone.
  await page.goto(`/sessions/${sessionId}`);
  const line = page.getByTestId("players").getByRole("listitem").filter({ hasText: "Gus Guest" });
  await expect(line.getByText("guest of Mia Member")).toBeVisible();
  await line.getByRole("button", { name: "Check In" }).click();
  await expect(line.getByRole("button", { name: "Undo" })).toBeVisible();
  await member.reload();
  await expect(member.getByTestId("my-guests").getByText("Checked in")).toBeVisible();

  // The night starts; Gus likes it and joins under the address Mia gave: the night is his now.
  expect((await page.request.post(`/api/orgs/${club.id}/sessions/${sessionId}/start`)).status()).toBe(204);
  const gus = await newPerson(phone);
  await signUpThroughApi(gus, "Gus Gallagher", guestEmail);
  await joinByInvitation(page, gus, club.id, guestEmail);
  await gus.goto(`/sessions/${sessionId}`);
  await expect(gus.getByTestId("my-status")).toHaveText(
    "You're checked in: your place in line and your court are on the court board.",
  );
  await member.reload();
  await expect(member.getByTestId("my-guests")).toHaveCount(0);
  await expect(member.getByTestId("players").getByText("Gus Gallagher")).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 900 });
  await member.setViewportSize({ width: 1280, height: 900 });
  await member.reload();
  await keepScreenshot(member, "guests-card-1280", { fullPage: true });
});
