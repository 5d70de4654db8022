// The ladder a page at a time from the top: ranks that count on across pages, ties in rating
// kept in one order by games and id, every player once while new players are rated between
// pages, the summary of the whole ladder on the first page, another club's ladder 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { playerRatings } from "../../db/schema/ladder.js";
import { makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { addMember } from "../members/service.js";

let t: TestApp;
const now = new Date("2026-11-20T18:00:00Z");
let owner: TestUser;
let orgId: string;
let otherOrgId: string;
const line = (userId: string, rating: number, games: number, streak = 0, lastChange = 0) => ({
  organizationId: orgId,
  format: "doubles" as const,
  userId,
  rating,
  lastChange,
  streak,
  games,
  wins: Math.floor(games / 2),
});

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  owner = await makeUser(t, "owner@ladder-pages.example", "Olive Owner");
  orgId = (await makeClub(t, owner)).id;
  const rival = await makeUser(t, "rival@ladder-pages.example", "Rival Owner");
  otherOrgId = (await makeClub(t, rival)).id;
  // 13 rated players; four share 1500 (ordered by games, then id), one has the longest streak
  // and one the most games, both far down the ladder.
  const players: TestUser[] = [];
  for (let i = 0; i < 13; i++) {
    const p = await makeUser(t, `p${i}@ladder-pages.example`, `Player ${String(i).padStart(2, "0")}`);
    await t.db.transaction((tx) => addMember(tx, orgId, p.id, "member", now));
    players.push(p);
  }
  await t.db
    .insert(playerRatings)
    .values([
      ...players.slice(0, 4).map((p) => line(p.id, 1500, 10)),
      ...players.slice(4, 10).map((p, i) => line(p.id, 1600 - i * 7.25, 12 + i)),
      line(players[10]!.id, 1400, 20, 9, 12),
      line(players[11]!.id, 1390, 99),
      line(players[12]!.id, 1380.5, 3, -2),
    ]);
});
afterAll(async () => {
  await t?.close();
});

type Row = { rank: number; userId: string; name: string; rating: number; games: number };
type Page = {
  rows: Row[];
  next: string | null;
  summary: { top: Row; longestStreak: Row; busiest: Row } | null;
};

async function ladder(query: string, club = orgId) {
  return t.request({ method: "GET", url: `/api/orgs/${club}/ladder?${query}`, cookie: owner.cookie });
}

describe("the ladder, a page at a time", () => {
  it("ranks on across pages, once each, while new players are rated between pages", async () => {
    const whole: Page = (await ladder("limit=100")).json();
    expect(whole.rows.map((r) => r.rank)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    const seen: Row[] = [];
    let next: string | null = null;
    let pages = 0;
    do {
      const res = await ladder(`limit=4${next ? `&after=${next}` : ""}`);
      expect(res.statusCode, res.body).toBe(200);
      const page: Page = res.json();
      // What is said of the whole ladder comes with the first page only.
      expect(page.summary === null).toBe(pages > 0);
      seen.push(...page.rows);
      next = page.next;
      // A newcomer rated at the top after the first page: not in this reading, not a gap in it.
      if (pages++ === 0) {
        const newcomer = await makeUser(t, "new@ladder-pages.example", "New Comer");
        await t.db.transaction((tx) => addMember(tx, orgId, newcomer.id, "member", now));
        await t.db.insert(playerRatings).values(line(newcomer.id, 1700, 1));
      }
    } while (next);
    expect(seen).toEqual(whole.rows);
    expect(whole.summary!.top).toEqual(whole.rows[0]);
    expect(whole.summary!.longestStreak).toEqual(whole.rows.find((r) => r.rating === 1400));
    expect(whole.summary!.busiest).toEqual(whole.rows.find((r) => r.games === 99));
    // The ties at 1500 are in one order: most games first, then by id, the same every time.
    const tied = whole.rows.filter((r) => r.rating === 1500);
    expect(tied.map((r) => r.userId)).toEqual(
      tied
        .map((r) => r.userId)
        .sort()
        .reverse(),
    );
    const fresh: Page = (await ladder("limit=100")).json();
    expect(fresh.rows[0]!.name).toBe("New Comer");
    expect(fresh.rows).toHaveLength(14);
  });

  it("answers another club's ladder with 404, and a cursor it did not give out with 400", async () => {
    expect((await ladder("limit=5", otherOrgId)).statusCode).toBe(404);
    for (const query of ["after=abc", "after=WzEsMiwzXQ", "limit=101"]) {
      const res = await ladder(query);
      expect(res.statusCode, query).toBe(400);
    }
  });
});
