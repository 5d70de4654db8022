import {
  createClubThroughApi,
  expect,
  joinByInvitation,
  signUpThroughApi,
  test,
  uniqueEmail,
} from "./fixtures.js";

/** A wall time in the form's format ("2026-12-07T09:00") for the club's zone (UTC here). */
const wall = (date: Date) => date.toISOString().slice(0, 16);

test("a popular session by lottery, on a phone: the organizer sets it up, members enter, the draw is published with its seed and checks out", async ({
  page,
  newPerson,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpThroughApi(page, "Lena Organizer", uniqueEmail("lottery-owner"));
  const club = await createClubThroughApi(page, `Lottery Club ${Date.now()}`, 1);

  // The organizer schedules next week's popular night: registration opens tomorrow, places
  // are drawn a day later, and three lost draws assure a place.
  const day = 86_400_000;
  const monday = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + day);
  await page.goto("/sessions");
  await page.getByRole("button", { name: "Create Session" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Session" });
  await dialog.getByLabel("Session name").fill("Popular Night");
  await dialog.getByLabel("Start", { exact: true }).fill(wall(new Date(monday.getTime() + 3 * day)));
  await dialog
    .getByLabel("End", { exact: true })
    .fill(wall(new Date(monday.getTime() + 3 * day + 7_200_000)));
  await dialog.getByLabel("Capacity").fill("1");
  await dialog.getByLabel("Registration opens").fill(wall(monday));
  await dialog.getByRole("switch", { name: "Draw places by lottery" }).click();
  await dialog.getByLabel("Draw at").fill(wall(new Date(monday.getTime() - 3_600_000)));
  await dialog.getByRole("button", { name: "Create Session" }).click();
  await expect(dialog.getByText("The draw must come after registration opens.")).toBeVisible();
  await dialog.getByLabel("Draw at").fill(wall(new Date(monday.getTime() + day)));
  await dialog.getByLabel("Assure a place after (lost draws)").fill("3");
  await page.screenshot({ path: test.info().outputPath("lottery-form-390.png"), fullPage: true });
  await dialog.getByRole("button", { name: "Create Session" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Lottery: places drawn/)).toBeVisible();
  await page.getByRole("link", { name: "View Details" }).first().click();
  await expect(page.getByTestId("my-status")).toContainText("Registration opens");
  await expect(page.getByTestId("my-status")).toContainText("Places are drawn on");

  // Two members, and tonight's lottery made to draw in a few seconds: they enter it for one place.
  const members = [];
  for (const name of ["Ada Archer", "Ben Baker"]) {
    const member = await newPerson({ width: 390, height: 844 });
    const email = uniqueEmail(name.split(" ")[0]!.toLowerCase());
    await signUpThroughApi(member, name, email);
    await joinByInvitation(page, member, club.id, email);
    members.push(member);
  }
  // Session times are kept to the minute: the next whole minute at least 25 s away.
  const drawAt = new Date(Math.ceil((Date.now() + 25_000) / 60_000) * 60_000);
  const created = await page.request.post(`/api/orgs/${club.id}/sessions`, {
    data: {
      name: "Draw Tonight",
      startsAt: new Date(Date.now() + 3_600_000).toISOString(),
      endsAt: new Date(Date.now() + 3 * 3_600_000).toISOString(),
      capacity: 1,
      lotteryDrawAt: drawAt.toISOString(),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const sessionId = (await created.json()).sessions[0].id as string;
  for (const member of members) {
    await member.goto(`/sessions/${sessionId}`);
    await expect(member.getByTestId("my-status")).toContainText("every entry before then counts the same");
    await member.getByRole("button", { name: "Enter the Draw" }).click();
    await expect(member.getByTestId("my-status")).toContainText("You're in the draw.");
  }
  const ada = members[0]!;
  await ada.screenshot({ path: test.info().outputPath("lottery-entered-390.png"), fullPage: true });
  await page.goto(`/sessions/${sessionId}`);
  await expect(page.getByTestId("entries").getByRole("listitem")).toHaveCount(2);
  await expect(page.getByText(/its fingerprint \(SHA-256\) is/)).toBeVisible();

  // The draw job runs at its time; the page, opened again, shows its result and seed.
  await expect(async () => {
    await ada.reload();
    await expect(ada.getByTestId("draw")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 110_000 });
  const draw = ada.getByTestId("draw");
  const drawnLine = (await draw.getByText(/^You were drawn number [12]/).textContent()) ?? "";
  await expect(draw.locator("code")).toHaveText(/^[0-9a-f]{32}$/);
  await expect(draw.getByRole("list", { name: "Draw order" }).getByRole("listitem")).toHaveCount(2);
  await draw.getByRole("button", { name: "Check the Draw" }).click();
  await expect(draw.getByRole("status")).toHaveText(
    "The seed matches the fingerprint shown before the draw, and recomputed from it, the order is the same.",
  );
  // One got the place and the other is first on the waitlist, as the draw says.
  // Her place on the page is what the draw says it is.
  await expect(ada.getByTestId("my-status")).toHaveText(
    drawnLine.includes("you got a place") ? "You're registered." : "You're number 1 on the waitlist.",
  );
  await ada.screenshot({ path: test.info().outputPath("lottery-drawn-390.png"), fullPage: true });
  await ada.setViewportSize({ width: 1280, height: 900 });
  await ada.screenshot({ path: test.info().outputPath("lottery-drawn-1280.png"), fullPage: true });
});
