// Steps the event specs share: scoring a round as an organizer does on a phone, and counting a
// printed PDF's pages.
import { expect, type Page } from "@playwright/test";

/** How many pages a PDF has: its page objects. */
export const pagesOf = (pdf: Buffer) => (pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? []).length;

/** The organizer scores every game still open on the page, one-handed: the sheet's steppers and Save. */
export async function scoreOpenGames(page: Page) {
  const open = page
    .getByTestId("event-game")
    .filter({ has: page.getByRole("button", { name: "Enter Score" }) });
  while ((await open.count()) > 0) {
    const game = open.first();
    await game.getByRole("button", { name: "Enter Score" }).click();
    const sheet = page.getByRole("dialog");
    const points = sheet.getByRole("textbox");
    await points.nth(0).fill("11");
    // The other side's points by the thumb's buttons: six taps.
    const more = sheet.getByRole("button", { name: /One point more/ }).nth(1);
    for (let i = 0; i < 6; i++) await more.click();
    await expect(points.nth(1)).toHaveValue("6");
    await sheet.getByRole("button", { name: "Save Score" }).click();
    await expect(sheet).toBeHidden();
  }
}
