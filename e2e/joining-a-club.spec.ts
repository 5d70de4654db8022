import {
  createClubThroughApi,
  expect,
  openMailedLink,
  signUpThroughApi,
  test,
  uniqueEmail,
} from "./fixtures.js";

test("a visitor asks to join, an admin approves, and the visitor is in", async ({
  page,
  newPerson,
  shoot,
}) => {
  await signUpThroughApi(page, "Olga Owner", uniqueEmail("owner"));
  const club = await createClubThroughApi(page, `Rose City Picklers ${Date.now()}`);

  const visitor = await newPerson();
  const visitorEmail = uniqueEmail("visitor");
  // A visitor's club page is the server's HTML: it loads no part of the app.
  const scripts: string[] = [];
  visitor.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await visitor.goto(`/club/${club.slug}`);
  await expect(visitor.getByRole("heading", { name: club.name })).toBeVisible();
  await expect(visitor.getByText("No upcoming sessions scheduled")).toBeVisible();
  expect(scripts).toEqual(["/menu.js"]);
  await visitor.getByRole("link", { name: "Sign In to Join" }).click();
  await visitor.getByRole("button", { name: "Create an account" }).click();
  await visitor.getByLabel("Full name").fill("Vera Visitor");
  await visitor.getByLabel("Email").fill(visitorEmail);
  await visitor.getByLabel("Password").fill("visitor-password");
  await visitor.getByRole("button", { name: "Create Account" }).click();
  await openMailedLink(visitor, visitorEmail, /Confirm/);
  await expect(visitor).toHaveURL(new RegExp(`/club/${club.slug}$`));

  await visitor
    .getByPlaceholder("Why do you want to join? (optional)")
    .fill("I play Tuesdays and Thursdays.");
  await visitor.getByRole("button", { name: "Request to Join" }).click();
  await expect(visitor.getByText("Request Sent").first()).toBeVisible();
  await expect(visitor.getByText("Request Pending")).toBeVisible();
  await expect(visitor.getByText("Your join request is being reviewed by the club admins.")).toBeVisible();
  await shoot("club-page-pending");

  await page.goto("/members");
  const request = page.getByTestId("join-request").filter({ hasText: "Vera Visitor" });
  await expect(request).toContainText("I play Tuesdays and Thursdays.");
  await request.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByTestId("member-row").filter({ hasText: "Vera Visitor" })).toBeVisible();
  await shoot("members");

  await visitor.reload();
  await expect(visitor.getByText("Already a Member")).toBeVisible();
  await visitor
    .getByRole("button", { name: "Go to Dashboard" })
    .or(visitor.getByRole("link", { name: "Go to Dashboard" }))
    .first()
    .click();
  await expect(visitor).toHaveURL(/\/dashboard$/);
  await expect(visitor.getByRole("heading", { name: club.name })).toBeVisible();
});

test("an invited address gets the mail, signs up through the pre-filled form and lands in the club", async ({
  page,
  newPerson,
}) => {
  await signUpThroughApi(page, "Ian Inviter", uniqueEmail("inviter"));
  const club = await createClubThroughApi(page, `Invite Club ${Date.now()}`);
  const inviteeEmail = uniqueEmail("invitee");

  await page.goto("/members");
  await page.getByRole("button", { name: "Invite Member" }).click();
  await page.getByLabel("Email").fill(inviteeEmail);
  await page.getByRole("button", { name: "Send Invitation" }).click();
  await expect(page.getByText("Invitation sent")).toBeVisible();
  await expect(page.getByTestId("invitation").filter({ hasText: inviteeEmail })).toBeVisible();

  const invitee = await newPerson({ width: 390, height: 844 });
  await openMailedLink(invitee, inviteeEmail, /invited to join/);
  await expect(invitee).toHaveURL(/\/invite\//);
  await expect(invitee.getByText(club.name).first()).toBeVisible();
  await invitee.getByRole("link", { name: "Create Account" }).click();
  // The form speaks to someone joining this club, with the invited address already in it.
  await expect(invitee.getByText(`Join ${club.name}`, { exact: true })).toBeVisible();
  await expect(invitee.getByText("Start your free 30-day trial")).toHaveCount(0);
  await expect(invitee.getByLabel("Email")).toHaveValue(inviteeEmail);
  await invitee.getByLabel("Full name").fill("Ivy Invitee");
  await invitee.getByLabel("Password").fill("invitee-password");
  await invitee.getByRole("button", { name: "Create Account" }).click();
  await expect(invitee.getByRole("status")).toContainText(`join ${club.name}`);
  await openMailedLink(invitee, inviteeEmail, /Confirm/);
  await expect(invitee).toHaveURL(/\/invite\//);
  await invitee.getByRole("button", { name: `Join ${club.name}` }).click();
  await expect(invitee).toHaveURL(/\/dashboard$/);
  await expect(invitee.getByRole("heading", { name: club.name })).toBeVisible();
});
