import { nextTotpCode, secretOf, totpCode } from "../src/server/test/totp.js";
import { createClubThroughApi, expect, signUpThroughApi, test, uniqueEmail } from "./fixtures.js";

test("a member turns an email off in settings, and it stays off", async ({ page }) => {
  await signUpThroughApi(page, "Nora Notify", uniqueEmail("notify"));
  await createClubThroughApi(page, `Settings Club ${Date.now()}`);
  await page.goto("/settings");
  const weekly = page.getByRole("switch", { name: /Weekly summary/ });
  await expect(weekly).toHaveAttribute("aria-checked", "true");
  await weekly.click();
  await expect(page.getByText("Preferences updated")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("switch", { name: /Weekly summary/ })).toHaveAttribute("aria-checked", "false");
  await expect(page.getByRole("switch", { name: /Waitlist/ })).toHaveAttribute("aria-checked", "true");
});

test("a member renames themself, changes their password and signs out everywhere", async ({
  page,
  shoot,
}) => {
  const email = uniqueEmail("account");
  await signUpThroughApi(page, "Abe Account", email);
  await createClubThroughApi(page, `Account Club ${Date.now()}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/settings");
  await page.getByLabel("Full name").fill("Abraham Account");
  await page.getByRole("button", { name: "Save My Profile" }).click();
  await expect(page.getByText("Profile saved")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Full name")).toHaveValue("Abraham Account");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await shoot("settings-account-390");

  await page.getByLabel("Current password").fill("setup-password-1");
  await page.getByLabel("New password").fill("a brand new password");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("Password changed")).toBeVisible();

  await page.getByRole("button", { name: "Sign Out Everywhere" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Sign Out Everywhere" }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test("a member turns on two-step verification, then signs in with the app's code", async ({
  page,
  shoot,
}) => {
  const email = uniqueEmail("totp");
  await signUpThroughApi(page, "Tia Twostep", email);
  await createClubThroughApi(page, `Two Step Club ${Date.now()}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/settings");
  await page.getByRole("button", { name: "Add Authenticator App" }).click();
  await page.getByLabel("Name it").fill("Tia's phone");
  await page.getByLabel("Your password").fill("setup-password-1");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByAltText(/QR code/)).toBeVisible();
  const key = (await page.getByTestId("totp-secret").textContent()) ?? "";
  const secret = secretOf(`otpauth://totp/x?secret=${key}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await shoot("settings-totp-scan-390");
  await page.getByLabel("The 6-digit code it shows").fill(totpCode(secret));
  await page.getByRole("button", { name: "Turn On" }).click();
  await expect(page.getByText("Two-step verification is on")).toBeVisible();
  const codes = await page
    .getByRole("list", { name: "Backup codes" })
    .getByRole("listitem")
    .allTextContents();
  expect(codes).toHaveLength(10);
  await page.getByRole("button", { name: "I Saved Them" }).click();
  const factor = page.getByTestId("factor");
  await expect(factor).toContainText("Tia's phone");
  await expect(factor).toContainText("Verified");
  await expect(factor).toContainText("10 of 10 backup codes left");

  await page.context().clearCookies();
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("setup-password-1");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Two-step verification")).toBeVisible();
  await shoot("sign-in-second-factor-390");
  // Turning it on spent this step's code: each code opens once.
  await page.getByLabel("Authentication code").fill(nextTotpCode(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto("/settings");
  await expect(page.getByTestId("factor")).toContainText("Tia's phone");
});

test("a member adds a passkey, then signs in with it and no password", async ({ page, shoot }) => {
  // Chromium's virtual authenticator plays the phone's lock (it answers as if touched).
  const devtools = await page.context().newCDPSession(page);
  await devtools.send("WebAuthn.enable");
  await devtools.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  await signUpThroughApi(page, "Pat Passkey", uniqueEmail("passkey"));
  await createClubThroughApi(page, `Passkey Club ${Date.now()}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/settings");
  // A 50-character name with no spaces still fits a phone's screen.
  await page.getByLabel("Passkey name").fill("Pat's-phone-with-a-very-long-name-that-has-no-gaps");
  await page.getByRole("button", { name: "Add Passkey" }).click();
  await expect(page.getByText("Passkey added")).toBeVisible();
  await expect(page.getByTestId("passkey")).toContainText(
    "Pat's-phone-with-a-very-long-name-that-has-no-gaps",
  );
  await page.getByTestId("passkey").scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await shoot("settings-passkeys-390");

  await page.context().clearCookies();
  await page.goto("/auth");
  await page.getByRole("button", { name: "Use a Passkey" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
});

test("a member adds a phone, then signs in with a texted code", async ({ page, shoot }) => {
  const email = uniqueEmail("phone");
  await signUpThroughApi(page, "Tess Texter", email);
  await createClubThroughApi(page, `Phone Club ${Date.now()}`);
  // The local mailbox keeps the texts: read the newest one to the number, as the phone would.
  const phone = `+1555${String(Date.now()).slice(-7)}`;
  const texted = async () => {
    const box = await page.context().newPage();
    let code = "";
    await expect(async () => {
      await box.goto("/dev/mailbox");
      const text =
        (await box
          .locator("article", { hasText: `sms:${phone}` })
          .first()
          .textContent()) ?? "";
      code = text.match(/\b(\d{6})\b/)?.[1] ?? "";
      expect(code).not.toBe("");
    }).toPass({ timeout: 15_000 });
    await box.close();
    return code;
  };
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/settings");
  await page.getByRole("button", { name: "Add Phone" }).click();
  await page.getByLabel("Phone number").fill(phone);
  await page.getByLabel("Phone name").fill("Tess's phone");
  await page.getByRole("button", { name: "Send Code" }).click();
  await expect(page.getByLabel("Texted code")).toBeVisible();
  await page.getByLabel("Texted code").fill(await texted());
  await page.getByLabel("Your password").fill("setup-password-1");
  await page.getByRole("button", { name: "Add This Phone" }).click();
  await expect(page.getByText("Your phone is added")).toBeVisible();
  await expect(page.getByTestId("phone-factor")).toContainText(`••• ••• ${phone.slice(-4)}`);
  await page.getByTestId("phone-factor").scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await shoot("settings-phone-390");

  const firstCode = await texted();
  await page.context().clearCookies();
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("setup-password-1");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.getByRole("button", { name: "Text Me a Code" }).click();
  await expect(page.getByLabel("Texted code")).toBeVisible();
  let code = firstCode;
  await expect(async () => {
    code = await texted();
    expect(code).not.toBe(firstCode);
  }).toPass({ timeout: 15_000 });
  await page.getByLabel("Texted code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  // And off again, with the password.
  await page.goto("/settings");
  await page.getByTestId("phone-factor").getByRole("button", { name: "Remove" }).click();
  await page.getByTestId("phone-factor").getByLabel("Your password").fill("setup-password-1");
  await page.getByRole("button", { name: "Remove Phone" }).click();
  await expect(page.getByText("Your phone is removed")).toBeVisible();
  await expect(page.getByTestId("phone-factor")).toHaveCount(0);
});
