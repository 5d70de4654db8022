// A club night ready to score: five courts in play and a line waiting for them.
import type { Page } from "@playwright/test";
import {
  addWalkInsThroughApi,
  createClubThroughApi,
  expect,
  scheduleSessionThroughApi,
  signUpThroughApi,
  uniqueEmail,
} from "./fixtures.js";

/** Signs an organizer up on `page`, starts a session on five courts with 26 players checked in. */
export async function clubNightOnFiveCourts(page: Page) {
  await signUpThroughApi(page, "Sam Scorekeeper", uniqueEmail("scoring-owner"));
  const club = await createClubThroughApi(page, `Scoring Club ${Date.now()}`, 5);
  const sessionId = await scheduleSessionThroughApi(page, club.id, "Thursday Open Play");
  // Long names on purpose: a team's names must wrap as words, never a letter per line.
  await addWalkInsThroughApi(
    page,
    club.id,
    sessionId,
    Array.from({ length: 26 }, (_, n) => n + 1).map(
      (i) => `Player ${String(i).padStart(2, "0")} Featherstonehaugh`,
    ),
  );
  expect((await page.request.post(`/api/orgs/${club.id}/sessions/${sessionId}/start`)).status()).toBe(204);
  expect((await page.request.post(`/api/orgs/${club.id}/board/fill`)).status()).toBe(200);
  return { club, sessionId };
}
