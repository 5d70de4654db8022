// A club night ready to score: five courts in play and a line waiting for them.
import type { Page } from "@playwright/test";
import { createClubThroughApi, expect, signUpThroughApi, uniqueEmail } from "./fixtures.js";

/** Signs an organizer up on `page`, starts a session on five courts with 26 players checked in. */
export async function clubNightOnFiveCourts(page: Page) {
  await signUpThroughApi(page, "Sam Scorekeeper", uniqueEmail("scoring-owner"));
  const club = await createClubThroughApi(page, `Scoring Club ${Date.now()}`, 5);
  const now = Date.now();
  const created = await page.request.post(`/api/orgs/${club.id}/sessions`, {
    data: {
      name: "Thursday Open Play",
      startsAt: new Date(now + 60_000).toISOString(),
      endsAt: new Date(now + 3 * 3_600_000).toISOString(),
    },
  });
  const sessionId = (await created.json()).sessions[0].id as string;
  // Long names on purpose: a team's names must wrap as words, never a letter per line.
  for (let i = 1; i <= 26; i++) {
    const walkIn = await page.request.post(`/api/orgs/${club.id}/sessions/${sessionId}/walk-ins`, {
      data: { guestName: `Player ${String(i).padStart(2, "0")} Featherstonehaugh` },
    });
    expect(walkIn.status()).toBe(201);
  }
  expect((await page.request.post(`/api/orgs/${club.id}/sessions/${sessionId}/start`)).status()).toBe(204);
  expect((await page.request.post(`/api/orgs/${club.id}/board/fill`)).status()).toBe(200);
  return { club, sessionId };
}
