import { messages } from "../src/shared/domain/messages.js";
import {
  connectPayoutsInSettings,
  createClubThroughApi,
  expect,
  joinByInvitation,
  signUpThroughApi,
  test,
  uniqueEmail,
} from "./fixtures.js";

const v = messages.validation;

test("an organizer schedules a paid session; members pay, wait and get promoted", async ({
  page,
  newPerson,
  shoot,
}) => {
  await signUpThroughApi(page, "Oscar Organizer", uniqueEmail("organizer"));
  const club = await createClubThroughApi(page, `Session Club ${Date.now()}`);

  await page.goto("/sessions");
  await expect(page.getByText(messages.sessions.emptyTitle)).toBeVisible();
  // Before the club's payout account takes charges, a session cannot be paid: the dialog says
  // why and where that changes; the owner connects it in Settings (one click in the sandbox).
  await page.getByRole("button", { name: "Create Session" }).click();
  await expect(page.getByTestId("paid-needs-payouts")).toHaveText(
    "Paid sessions need a payout account that can take charges. Connect one in Settings > Payment settings.",
  );
  await expect(page.getByRole("switch", { name: "Requires payment" })).toBeDisabled();
  await shoot("create-session-dialog-no-payouts");
  await page
    .getByTestId("paid-needs-payouts")
    .getByRole("link", { name: "Settings > Payment settings" })
    .click();
  await expect(page).toHaveURL(/\/settings$/);
  await connectPayoutsInSettings(page);

  await page.goto("/sessions");
  await page.getByRole("button", { name: "Create Session" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("switch", { name: "Requires payment" })).toBeEnabled();
  await expect(page.getByTestId("paid-needs-payouts")).toHaveCount(0);
  const submit = dialog.getByRole("button", { name: "Create Session" });
  const expectError = async (message: string) => {
    await submit.click();
    await expect(page.getByText(message).first()).toBeVisible();
  };

  await expectError(v.sessionNameRequired);
  await dialog.getByLabel("Session name").fill("Open <Play>");
  await expectError(v.sessionNameCharacters);
  await dialog.getByLabel("Session name").fill("x".repeat(101));
  await expectError(v.sessionNameTooLong);
  await dialog.getByLabel("Session name").fill("Saturday Clinic");
  await dialog.getByLabel("Start").fill("2030-06-01T09:00");
  await dialog.getByLabel("End").fill("2030-06-01T11:00");
  await dialog.getByText("Requires payment").click();
  await expect(dialog.getByLabel("Price per player (USD)")).toHaveValue("10.00");
  await dialog.getByLabel("Price per player (USD)").fill("-5");
  await expectError(v.amountPositive);
  await dialog.getByLabel("Price per player (USD)").fill("12.345");
  await expectError(v.amountFormat);
  await dialog.getByLabel("Price per player (USD)").fill("15.50");
  await dialog.getByLabel("Capacity").fill("1");
  await shoot("create-session-dialog");
  await submit.click();
  await expect(page.getByText(messages.sessions.created)).toBeVisible();

  const card = page.getByTestId("session-card").filter({ hasText: "Saturday Clinic" });
  await expect(card).toContainText("$15.50 per player");
  await expect(card).toContainText("Saturday, June 1, 2030");
  await expect(card).toContainText("9:00 AM - 11:00 AM");
  await shoot("sessions");

  // Two members, each in their own browser; the second on a phone.
  const first = await newPerson();
  const firstEmail = uniqueEmail("first");
  await signUpThroughApi(first, "Fiona First", firstEmail);
  await joinByInvitation(page, first, club.id, firstEmail);
  const second = await newPerson({ width: 390, height: 844 });
  const secondEmail = uniqueEmail("second");
  await signUpThroughApi(second, "Sid Second", secondEmail);
  await joinByInvitation(page, second, club.id, secondEmail);

  await first.goto("/sessions");
  await first
    .getByTestId("session-card")
    .filter({ hasText: "Saturday Clinic" })
    .getByRole("link", { name: "View Details" })
    .click();
  await first.getByRole("button", { name: "Register and Pay $15.50" }).click();
  await expect(first.getByText("Sandbox payment")).toBeVisible();
  await expect(first.getByText("Saturday Clinic")).toBeVisible();
  await first.getByRole("button", { name: "Pay $15.50" }).click();
  await expect(first.getByText("Payment confirmed")).toBeVisible();
  await expect(first.getByTestId("my-status")).toHaveText("You're registered.");

  await second.goto(first.url().replace(/\?.*$/, ""));
  await second.getByRole("button", { name: "Join Waitlist" }).click();
  await expect(second.getByTestId("my-status")).toHaveText("You're number 1 on the waitlist.");
  await shoot("session-details");

  await first.getByRole("button", { name: "Cancel Registration" }).click();
  await first.getByRole("dialog").getByRole("button", { name: "Cancel Registration" }).click();
  await expect(first.getByText("Registration cancelled")).toBeVisible();

  await second.reload();
  await expect(second.getByTestId("my-status")).toHaveText("Your place is held until you pay.");
  await second.getByRole("button", { name: "Complete Payment" }).click();
  await second.getByRole("button", { name: "Pay $15.50" }).click();
  await expect(second.getByTestId("my-status")).toHaveText("You're registered.");

  // The organizer edits the session; the price and places stay as they were.
  await page.goto(
    second
      .url()
      .replace(/\?.*$/, "")
      .replace(/^https?:\/\/[^/]+/, ""),
  );
  await page.getByRole("button", { name: "Edit Session" }).click();
  await page.getByRole("dialog").getByLabel("Session name").fill("Saturday Clinic Advanced");
  await page.getByRole("dialog").getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("heading", { name: "Saturday Clinic Advanced" })).toBeVisible();
  await expect(page.getByText("$15.50 per player")).toBeVisible();
});
