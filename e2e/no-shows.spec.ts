import {
  createClubThroughApi,
  expect,
  joinByInvitation,
  signUpThroughApi,
  test,
  uniqueEmail,
} from "./fixtures.js";

test("no-shows at the door, on a phone: the organizer releases the places not checked in, and the first on the waitlist and the player standing by at the door are called", async ({
  page,
  newPerson,
  problems,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpThroughApi(page, "Nora Organizer", uniqueEmail("noshow-owner"));
  const club = await createClubThroughApi(page, `No-Show Club ${Date.now()}`, 1);
  // Tonight's session started a few minutes ago, two places, its no-shows released at 30 minutes.
  const created = await page.request.post(`/api/orgs/${club.id}/sessions`, {
    data: {
      name: "Full Tonight",
      startsAt: new Date(Date.now() - 5 * 60_000).toISOString(),
      endsAt: new Date(Date.now() + 2 * 3_600_000).toISOString(),
      capacity: 2,
      noShowReleaseMinutes: 30,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const sessionId = (await created.json()).sessions[0].id as string;

  const people = [];
  for (const name of ["Sam Sleeper", "Sid Snoozer", "Wendy Waiting"]) {
    const person = await newPerson({ width: 390, height: 844 });
    const email = uniqueEmail(name.split(" ")[0]!.toLowerCase());
    await signUpThroughApi(person, name, email);
    await joinByInvitation(page, person, club.id, email);
    const placed = await person.request.post(`/api/orgs/${club.id}/sessions/${sessionId}/registrations`);
    expect(placed.status()).toBe(201);
    people.push({ page: person, email });
  }
  const wendy = people[2]!;
  await wendy.page.goto(`/sessions/${sessionId}`);
  await expect(wendy.page.getByTestId("my-status")).toHaveText("You're number 1 on the waitlist.");
  // Its time has come, not yet started: "Now", as the sessions list says it, not "Scheduled".
  await expect(wendy.page.getByText("Now", { exact: true })).toBeVisible();
  await expect(wendy.page.getByText("Scheduled", { exact: true })).toHaveCount(0);

  // The night starts. Walt, not registered, walks up and scans the door's code: the session is
  // full, so he stands by, after Wendy.
  expect((await page.request.post(`/api/orgs/${club.id}/sessions/${sessionId}/start`)).status()).toBe(204);
  const token = (await (await page.request.get(`/api/orgs/${club.id}/sessions/${sessionId}`)).json())
    .checkInToken as string;
  const walt = await newPerson({ width: 390, height: 844 });
  const waltEmail = uniqueEmail("walt");
  await signUpThroughApi(walt, "Walt Walkup", waltEmail);
  await joinByInvitation(page, walt, club.id, waltEmail);
  // A link cut short (no token, or a club id torn off a printed code) says so in words.
  for (const cut of [`org=${club.id}`, `org=${club.id.slice(0, 8)}&token=${token}`]) {
    await walt.goto(`/sessions/${sessionId}/check-in?${cut}`);
    await expect(walt.getByRole("heading", { name: "Not checked in" })).toBeVisible();
    await expect(
      walt.getByText("This check-in link is incomplete. Scan the session's QR code again."),
    ).toBeVisible();
  }
  // The browser logs the refusal of the torn club id, which it was meant to get.
  const refused = problems.findIndex((p) => /status of 400/.test(p));
  expect(refused).toBeGreaterThanOrEqual(0);
  problems.splice(refused, 1);
  await walt.goto(`/sessions/${sessionId}/check-in?org=${club.id}&token=${token}`);
  await expect(walt.getByRole("heading", { name: "Standing by" })).toBeVisible();
  await expect(walt.getByText("number 2 for the next place")).toBeVisible();
  await walt.screenshot({ path: test.info().outputPath("standing-by-390.png"), fullPage: true });

  // At the door: Sam and Sid have not come. The organizer releases their places.
  await page.goto(`/sessions/${sessionId}`);
  await expect(page.getByTestId("waitlist").getByText("At the door")).toBeVisible();
  await expect(page.getByText("2 registered players not checked in.")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("no-shows-before-390.png"), fullPage: true });
  await page.getByRole("button", { name: "Release No-Shows" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Release Places" }).click();
  await expect(page.getByText("2 places released; 2 players moved up from the waitlist")).toBeVisible();
  await expect(page.getByText(/Places not checked in were released at/)).toBeVisible();

  // Wendy is called: her page says so, and so does her mail.
  await wendy.page.reload();
  await expect(wendy.page.getByTestId("my-status")).toHaveText("You're registered.");
  // Walt was at the door: he is in, checked in, and in line on the board.
  await walt.goto(`/sessions/${sessionId}`);
  await expect(walt.getByTestId("my-status")).toHaveText(
    "You're checked in: your place in line and your court are on the court board.",
  );
  await walt.getByRole("link", { name: "Open Court Board" }).click();
  await expect(walt.getByTestId("queue").getByText("Walt Walkup")).toBeVisible();
  await expect(async () => {
    const html = await (await wendy.page.request.get("/dev/mailbox")).text();
    const mine = html.split("<article>").filter((a) => a.includes(`to ${wendy.email}`));
    expect(
      mine.some((a) => a.includes("in: Full Tonight") && a.includes("A place opened in Full Tonight")),
    ).toBe(true);
  }).toPass({ timeout: 15_000 });

  // The owner sees Sam's no-show on the members page.
  await page.goto("/members");
  await expect(page.getByTestId("attendance")).toContainText("Sam Sleeper");
  await expect(page.getByTestId("attendance")).toContainText("1 no-show");
  await page.screenshot({ path: test.info().outputPath("no-shows-members-390.png"), fullPage: true });
});
