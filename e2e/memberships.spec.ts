// Membership plans and dues on a phone (issue 61, decision 039): the owner makes a plan, a
// member joins it in the sandbox and pays the member price for a session, the owner sees them
// on the roster as active, and a failed renewal shows "Past due" to both.
import type { Page } from "@playwright/test";
import {
  connectPayoutsInSettings,
  createClubThroughApi,
  expect,
  joinByInvitation,
  keepScreenshot,
  signUpThroughApi,
  test,
  uniqueEmail,
} from "./fixtures.js";

const phone = { width: 390, height: 844 };

/** A new owner's club whose sandbox payout account takes charges, as dues need. */
async function clubTakingPayments(page: Page, name: string) {
  await signUpThroughApi(page, "Owen Owner", uniqueEmail("plans-owner"));
  const club = await createClubThroughApi(page, `${name} ${Date.now()}`, 2);
  await connectPayoutsInSettings(page);
  return club;
}

test("a plan made, joined, paid at the member price, and past due after a failed renewal, seen by both", async ({
  page,
  newPerson,
  problems,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(phone);
  const club = await clubTakingPayments(page, "Plan Club");

  // The owner makes a plan: a mistake first, said on its field, then the plan.
  await page.goto("/membership");
  await page.getByRole("button", { name: "New Plan" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("Adult");
  await dialog.getByLabel("Code").fill("ADULT");
  await dialog.getByLabel("Price ($)").fill("0.25");
  await dialog.getByLabel("Percent off").fill("50");
  await dialog.getByLabel("Registration opens early (days)").fill("2");
  await dialog.getByRole("button", { name: "Create Plan" }).click();
  await expect(
    dialog.getByText(
      "A plan costs at least $0.50 (the least a card processor charges), in dollars and cents",
    ),
  ).toBeVisible();
  await dialog.getByLabel("Price ($)").fill("30.00");
  await keepScreenshot(page, "plan-form-390");
  await dialog.getByRole("button", { name: "Create Plan" }).click();
  await expect(page.getByText("Plan created")).toBeVisible();
  const managed = page.getByTestId("managed-plan").filter({ hasText: "Adult" });
  await expect(managed).toContainText("$30.00 a month · 0 members");
  await expect(managed).toContainText(
    "50% off paid sessions · Members-only sessions · Registration 2 days early",
  );

  // The club's public page offers it, in words, to anyone who looks.
  await page.goto(`/club/${club.slug}`);
  const offered = page.getByTestId("club-plans");
  await expect(offered).toContainText("Adult");
  await expect(offered).toContainText("$30.00 a month");
  await expect(offered).toContainText(
    "50% off paid sessions · Members-only sessions · Registration 2 days early",
  );
  await keepScreenshot(page, "club-page-plans-390", { fullPage: true });

  // A paid session for Thursday night.
  const startsAt = new Date(Date.now() + 3 * 86_400_000);
  const created = await page.request.post(`/api/orgs/${club.id}/sessions`, {
    data: {
      name: "Thursday Paid Play",
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 2 * 3_600_000).toISOString(),
      paymentRequired: true,
      paymentAmount: "10.00",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const sessionId = (await created.json()).sessions[0].id as string;

  // A member of the club joins the plan from the Membership page.
  const member = await newPerson(phone);
  const memberEmail = uniqueEmail("plans-member");
  await signUpThroughApi(member, "Mia Member", memberEmail);
  await joinByInvitation(page, member, club.id, memberEmail);
  await member.goto(`/sessions/${sessionId}`);
  await expect(member.getByTestId("session-price")).toHaveText("$10.00 per player");
  await member.goto("/membership");
  await expect(member.getByRole("heading", { name: "Become a member" })).toBeVisible();
  await keepScreenshot(member, "membership-join-390");
  await member.getByRole("button", { name: "Join: Adult" }).click();
  await expect(member.getByText("You're a member. Welcome!")).toBeVisible();
  await expect(member.getByTestId("membership-status")).toHaveText("Active");
  await expect(member.getByTestId("your-membership")).toContainText("Renews on");

  // The session now says her price, and charges it.
  await member.goto(`/sessions/${sessionId}`);
  await expect(member.getByTestId("session-price")).toHaveText("Member price $5.00, non-members $10.00");
  await member.getByRole("button", { name: "Register and Pay $5.00" }).click();
  await expect(member.getByText("Sandbox payment")).toBeVisible();
  await member.getByRole("button", { name: "Pay $5.00" }).click();
  await expect(member.getByTestId("my-status")).toHaveText("You're registered.");

  // The owner sees her on the roster, active.
  await page.goto("/membership");
  const row = page.getByTestId("roster-row").filter({ hasText: "Mia Member" });
  await expect(row).toContainText("ADULT");
  await expect(row).toContainText("Active");
  await expect(managed).toContainText("1 member");

  // The sandbox plays a failed renewal: past due for her, and on the owner's roster.
  await member.goto("/membership");
  await member.getByRole("button", { name: "Renewal Fails" }).click();
  await expect(member.getByTestId("membership-status")).toHaveText("Past due");
  await expect(member.getByTestId("your-membership")).toContainText("Your last payment failed.");
  await keepScreenshot(member, "membership-past-due-390", { fullPage: true });
  await page.getByLabel("Status").selectOption("past_due");
  await expect(page.getByTestId("roster-row")).toHaveCount(1);
  await expect(row).toContainText("Past due");
  // Her history, for the treasurer, beside her name.
  await row.getByRole("button", { name: "History" }).click();
  await expect(row.getByTestId("member-history")).toContainText("A payment failed");
  await keepScreenshot(page, "membership-roster-390", { fullPage: true });

  // A rained-out night: the owner gives her credit from the roster, saying why; she reads it.
  await row.getByRole("button", { name: "Credit" }).click();
  const credit = row.getByTestId("member-credit");
  await credit.getByLabel("Amount ($)").fill("-1.00");
  await credit.getByLabel("Note").fill("Too much");
  await credit.getByRole("button", { name: "Adjust" }).click();
  await expect(
    page.getByText("That would take the credit below zero: it is $0.00. A correction can take at most that."),
  ).toBeVisible();
  // The browser logs the refusal it was meant to get.
  const refused = problems.findIndex((p) => /status of 409/.test(p));
  expect(refused).toBeGreaterThanOrEqual(0);
  problems.splice(refused, 1);
  await credit.getByLabel("Amount ($)").fill("10.00");
  await credit.getByLabel("Note").fill("Rained out on Thursday");
  await credit.getByRole("button", { name: "Adjust" }).click();
  await expect(credit).toContainText("Credit: $10.00");
  await expect(credit.getByLabel("Amount ($)")).toHaveValue("");
  await keepScreenshot(page, "member-credit-390");
  await member.goto("/membership");
  const yours = member.getByTestId("your-credit");
  await expect(yours.getByTestId("credit-balance")).toHaveText("$10.00");
  await expect(yours).toContainText("Rained out on Thursday");
  await keepScreenshot(member, "your-credit-390", { fullPage: true });

  // Renewal time for a season: the owner emails every member its link, from the plan's row.
  const season = await page.request.post(`/api/orgs/${club.id}/membership-plans`, {
    data: {
      name: "Summer",
      code: "SUM",
      kind: "individual",
      price: "45.00",
      interval: "season",
      seasonStartsOn: "2099-04-01",
      seasonEndsOn: "2099-09-30",
      graceDays: 0,
      visible: true,
      discount: "none",
      membersOnlyAccess: false,
      earlyDays: 0,
    },
  });
  expect(season.status(), await season.text()).toBe(201);
  await page.reload();
  const summer = page.getByTestId("managed-plan").filter({ hasText: "Summer" });
  await keepScreenshot(page, "plans-season-390", { fullPage: true });
  await summer.getByRole("button", { name: "Email Link" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Email Everyone" }).click();
  await expect(page.getByText("Link emailed to 2 members")).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await keepScreenshot(page, "membership-admin-1280", { fullPage: true });
});

test("a family: a parent joins a household plan, adds a child and registers them at the member price", async ({
  page,
  newPerson,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(phone);
  const club = await clubTakingPayments(page, "Family Club");
  const plan = await page.request.post(`/api/orgs/${club.id}/membership-plans`, {
    data: {
      name: "Family",
      code: "FAM",
      kind: "household",
      householdSize: "4",
      price: "60.00",
      interval: "year",
      graceDays: 7,
      visible: true,
      discount: "percent",
      discountValue: "25",
      membersOnlyAccess: true,
      earlyDays: 0,
    },
  });
  expect(plan.status(), await plan.text()).toBe(201);
  // Within the hour: check-in at the door is open.
  const startsAt = new Date(Date.now() + 3_600_000);
  const created = await page.request.post(`/api/orgs/${club.id}/sessions`, {
    data: {
      name: "Junior Clinic",
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
      paymentRequired: true,
      paymentAmount: "12.00",
    },
  });
  const sessionId = (await created.json()).sessions[0].id as string;

  // A visitor finds the club's page, chooses the family plan, signs up, and joins in one flow.
  const parent = await newPerson(phone);
  await parent.goto(`/club/${club.slug}`);
  await parent.getByRole("link", { name: "Join: Family" }).click();
  await expect(parent).toHaveURL(/\/auth\?next=/);
  const back = new URL(parent.url()).searchParams.get("next")!;
  expect(back).toBe(`/club/${club.slug}?plan=${(await plan.json()).id}`);
  await signUpThroughApi(parent, "Pat Parent", uniqueEmail("parent"));
  await parent.goto(back);
  const joinFamily = parent.getByRole("button", { name: "Join: Family" });
  await expect(joinFamily).toBeInViewport();
  await keepScreenshot(parent, "club-page-join-390");
  await joinFamily.click();
  await expect(parent.getByText("You're a member. Welcome!")).toBeVisible();
  await expect(parent).toHaveURL(/\/membership$/);
  await expect(parent.getByTestId("membership-status")).toHaveText("Active");

  // The child: a name and a birth year, no address.
  const household = parent.getByTestId("household");
  await household.getByRole("button", { name: "Add a Child" }).click();
  await household.getByLabel("Child's name").fill("Tommy Parent");
  await household.getByLabel("Birth year").fill("2016");
  await household.getByRole("button", { name: "Add Child" }).click();
  await expect(parent.getByText("Added to your household")).toBeVisible();
  await expect(household.getByTestId("household-person").filter({ hasText: "Tommy Parent" })).toContainText(
    "born 2016",
  );
  await keepScreenshot(parent, "household-390", { fullPage: true });

  // On the session's page the parent registers herself and Tommy together and pays once, the
  // member price for each.
  await parent.goto(`/sessions/${sessionId}`);
  const places = parent.getByTestId("household-places");
  await expect(places.getByRole("checkbox")).toHaveCount(2);
  await keepScreenshot(parent, "household-places-choose-390", { fullPage: true });
  await places.getByRole("button", { name: "Register 2 and Pay $18.00" }).click();
  await expect(parent.getByText("Sandbox payment")).toBeVisible();
  await expect(parent.getByText("Tommy Parent: $9.00")).toBeVisible();
  await parent.getByRole("button", { name: "Pay $18.00" }).click();
  await expect(places.getByText("Registered")).toHaveCount(2);
  await expect(parent.getByText("Payment confirmed")).toBeHidden();
  await keepScreenshot(parent, "household-places-390", { fullPage: true });

  // The organizer sees Tommy on the list with the family's code, to check him in.
  await page.goto(`/sessions/${sessionId}`);
  const tommy = page.getByTestId("players").getByRole("listitem").filter({ hasText: "Tommy Parent" });
  await expect(tommy).toContainText("FAM");
  await tommy.getByRole("button", { name: "Check In" }).click();
  await expect(tommy.getByRole("button", { name: "Undo check-in" })).toBeVisible();

  // The owner sees the family on the roster, active; a failed renewal is past due to both.
  await page.goto("/membership");
  const row = page.getByTestId("roster-row").filter({ hasText: "Pat Parent" });
  await expect(row).toContainText("FAM");
  await expect(row).toContainText("Active");
  await parent.goto("/membership");
  await parent.getByRole("button", { name: "Renewal Fails" }).click();
  await expect(parent.getByTestId("membership-status")).toHaveText("Past due");
  await page.reload();
  await expect(row).toContainText("Past due");

  // At a desk: the session's household card and the club page's plans, as the parent sees them.
  await parent.setViewportSize({ width: 1280, height: 900 });
  await parent.goto(`/sessions/${sessionId}`);
  await expect(parent.getByTestId("household-places")).toContainText("Registered");
  await keepScreenshot(parent, "household-places-1280", { fullPage: true });
  await parent.goto(`/club/${club.slug}?plan=${(await plan.json()).id}`);
  await expect(parent.getByRole("button", { name: "Join: Family" })).toBeVisible();
  await keepScreenshot(parent, "club-page-plans-1280", { fullPage: true });
});
