// The training tour as an owner walks it, on a laptop and on a phone: every step's card is
// wholly on screen, 400 px wide (narrower only on a narrower screen), beside the part of the
// real page it explains, which is lit up. Finishing marks the tutorial Completed, and the
// browser remembers it; a click on the dimmed page skips.
import type { Page } from "@playwright/test";
import { tutorials } from "../src/web/features/training/tutorials.js";
import { expect, test } from "./fixtures.js";

async function signInAsDemoOwner(page: Page) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill("owner@demo.courtside.local");
  await page.getByLabel("Password").fill("courtside-demo");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Riverside Pickleball Club" })).toBeVisible();
}

async function openTutorial(page: Page, name: string) {
  await page.getByRole("button", { name: "Training" }).click();
  const dialog = page.getByRole("dialog", { name: "Admin Training Tutorials" });
  return dialog.getByRole("listitem").filter({ hasText: name });
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`every tutorial walks through at ${viewport.width}x${viewport.height} with its card on screen`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signInAsDemoOwner(page);
    for (const tutorial of tutorials) {
      await (await openTutorial(page, tutorial.name)).getByRole("button", { name: "Start" }).click();
      await expect(page).toHaveURL(new RegExp(`${tutorial.route}$`));
      const card = page.getByRole("dialog", { name: tutorial.name });
      for (const [index, step] of tutorial.steps.entries()) {
        await expect(card).toContainText(`Step ${index + 1} of ${tutorial.steps.length}`);
        await expect(card.getByRole("heading", { name: step.title })).toBeVisible();
        await expect(card.getByRole("button", { name: "Back" })).toBeEnabled({ enabled: index > 0 });
        await expect(page.getByTestId("tutorial-highlight")).toBeVisible();
        // The card settles beside its part (the page may still be loading): then it is wholly on screen.
        await expect
          .poll(async () => {
            const box = (await card.boundingBox())!;
            return (
              box.x >= 0 &&
              box.y >= 0 &&
              box.x + box.width <= viewport.width &&
              box.y + box.height <= viewport.height
            );
          })
          .toBe(true);
        const box = (await card.boundingBox())!;
        expect(Math.round(box.width)).toBe(Math.min(400, viewport.width - 16));
        if (index === 0) await page.screenshot({ path: test.info().outputPath(`tour-${tutorial.id}.png`) });
        const last = index === tutorial.steps.length - 1;
        await card.getByRole("button", { name: last ? "Finish" : "Next" }).click();
      }
      await expect(page.getByTestId("tutorial-overlay")).toHaveCount(0);
      const row = await openTutorial(page, tutorial.name);
      await expect(row).toContainText("Completed");
      await page.keyboard.press("Escape");
    }
    // Completion is remembered by the browser.
    await page.reload();
    await page.getByRole("button", { name: "Training" }).click();
    const list = page.getByRole("dialog", { name: "Admin Training Tutorials" });
    for (const tutorial of tutorials) {
      await expect(list.getByRole("listitem").filter({ hasText: tutorial.name })).toContainText("Completed");
    }
  });
}

test("a click on the dimmed page skips the tutorial without completing it", async ({ page }) => {
  await signInAsDemoOwner(page);
  await (await openTutorial(page, "Members and roles")).getByRole("button", { name: "Start" }).click();
  const card = page.getByRole("dialog", { name: "Members and roles" });
  await expect(card).toContainText("Step 1 of 3");
  await card.getByRole("button", { name: "Next" }).click();
  await expect(card.getByRole("button", { name: "Back" })).toBeEnabled();
  await page.mouse.click(5, 400);
  await expect(page.getByTestId("tutorial-overlay")).toHaveCount(0);
  await expect(await openTutorial(page, "Members and roles")).not.toContainText("Completed");
});
