import { messages } from "../src/shared/domain/messages.js";
import { expect, openMailedLink, test, uniqueEmail } from "./fixtures.js";

const password = "kitchen-line-2025";

test("a newcomer signs up, confirms by mail, creates a club and finds their way around", async ({
  page,
  shoot,
}) => {
  const email = uniqueEmail("newcomer");

  await page.goto("/");
  await shoot("landing");
  await page.goto("/auth");
  await page.getByRole("button", { name: "Create an account" }).click();

  // The spec's messages, on the form itself.
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText(messages.validation.nameTooShort).first()).toBeVisible();
  await page.getByLabel("Full name").fill("Riley Newcomer");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText(messages.validation.passwordTooShort).first()).toBeVisible();
  await page.getByLabel("Password").fill(password);
  await shoot("auth-sign-up");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Confirm your email")).toBeVisible();

  await openMailedLink(page, email, /Confirm your Courtside account/);
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole("heading", { name: /Create your club/ })).toBeVisible();
  await shoot("onboarding");

  await page.getByLabel("Club name").fill("Sunset Dinkers");
  await page.getByLabel("Number of courts").fill("3");
  await page.getByLabel("Location").fill("San Diego, CA");
  await page.getByRole("button", { name: "Create Organization" }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(messages.dashboard.trialActive)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Sunset Dinkers" })).toBeVisible();
  await shoot("dashboard");

  await page.getByRole("button", { name: "Clear Examples" }).click();
  await expect(page.getByRole("button", { name: "Clear Examples" })).toHaveCount(0);
  await page.getByRole("link", { name: "View Court Board" }).click();
  // Nothing runs yet: the board offers to start play.
  await expect(page.getByRole("button", { name: "Start Open Play Now" })).toBeVisible();
  await shoot("board-empty");

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/auth/);

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("not-my-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText(messages.toasts.signInFailed)).toBeVisible();
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Sunset Dinkers" })).toBeVisible();
  // The cleared examples stay cleared.
  await expect(page.getByRole("button", { name: "Clear Examples" })).toHaveCount(0);
});

test("an unknown path shows the not-found page", async ({ page, shoot }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("404")).toBeVisible();
  await expect(page.getByText(messages.notFound)).toBeVisible();
  await shoot("not-found");
  await page.getByRole("link", { name: /home/i }).first().click();
  await expect(page).toHaveURL(/\/$/);
});

test("someone who forgot their password resets it from the mailed link", async ({ page }) => {
  const email = uniqueEmail("forgetful");
  // Sign up and confirm through the UI first.
  await page.goto("/auth");
  await page.getByRole("button", { name: "Create an account" }).click();
  await page.getByLabel("Full name").fill("Frankie Forgetful");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await openMailedLink(page, email, /Confirm/);
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.context().clearCookies();

  await page.goto("/auth");
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText(messages.toasts.resetSent)).toBeVisible();

  await openMailedLink(page, email, /Reset your Courtside password/);
  await expect(page).toHaveURL(/\/auth\?token=/);
  await page.getByLabel("New password").fill("brand-new-password");
  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(page.getByText("Password updated")).toBeVisible();

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("brand-new-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
});
