import type { Locator } from "@playwright/test";

/** One of a court card's rarer actions (Cancel Game, Take Out of Play, singles), behind its More. */
export async function fromCourtMore(card: Locator, action: string) {
  await card.getByRole("button", { name: /^More for / }).click();
  await card.getByTestId("court-more").getByRole("button", { name: action, exact: true }).click();
}
