import { pagesOf } from "./event-helpers.js";
import {
  createClubThroughApi,
  expect,
  keepScreenshot,
  signUpThroughApi,
  test,
  uniqueEmail,
} from "./fixtures.js";

const twelve = [
  "Ana Alvarez",
  "Ben Brooks",
  "Cal Chen",
  "Dee Dupont",
  "Eli Evans",
  "Fay Flores",
  "Gus Grant",
  "Hal Hughes",
  "Ivy Ito",
  "Jon James",
  "Kim Kaur",
  "Lou Lopez",
];

test("an organizer plans a 12-player round robin on 3 courts on a phone, and it prints on one page", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpThroughApi(page, "Rita Organizer", uniqueEmail("planner"));
  await createClubThroughApi(page, `Planner Club ${Date.now()}`, 3);
  await page.goto("/sessions");
  await page.getByRole("link", { name: "Plan a Round Robin" }).click();
  await expect(page.getByRole("heading", { name: "Plan a round robin" })).toBeVisible();

  await page.getByLabel("Players, one name per line").fill("Ana Alvarez\nBen Brooks\nana alvarez");
  await expect(page.getByText("Add at least 4 players, one name per line.")).toBeVisible();
  await page.getByLabel("Players, one name per line").fill(twelve.join("\n"));
  await page.getByLabel("Courts").fill("3");
  await page.getByLabel("Rounds").fill("11");
  await expect(page.getByTestId("plan-summary")).toHaveText("12 players on 3 courts, 11 rounds.");
  const rounds = page.getByTestId("plan-rounds").getByRole("listitem");
  await expect(rounds).toHaveCount(11);
  // Everyone plays every round, each with a new partner: 11 rounds, 11 different partners.
  const partnersOfAna = new Set<string>();
  for (const text of await rounds.allTextContents()) {
    const pair = text.match(
      /(?:Court \d:\s*|vs\s*)(Ana Alvarez & [A-Z][a-z]+ [A-Z][a-z]+|[A-Z][a-z]+ [A-Z][a-z]+ & Ana Alvarez)/,
    );
    expect(pair, text).not.toBeNull();
    partnersOfAna.add(pair![1]!.replace("Ana Alvarez", "").replace("&", "").trim());
  }
  expect(partnersOfAna.size).toBe(11);
  await keepScreenshot(page, "round-robin-plan-390", { fullPage: true });

  // On paper: only the plan's table, on one page of A4 and of Letter.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByTestId("printed-plan")).toBeVisible();
  await expect(page.getByTestId("plan-rounds")).toBeHidden();
  await page.setViewportSize({ width: 794, height: 1123 });
  await keepScreenshot(page, "round-robin-plan-print", { fullPage: true });
  for (const format of ["A4", "Letter"] as const) {
    const pdf = await page.pdf({ format, printBackground: true });
    expect(pagesOf(pdf), format).toBe(1);
  }
});
