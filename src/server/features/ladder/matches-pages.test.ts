// The club's matches a page at a time, newest first, and one player's: every match once and
// in order while matches are logged between pages, ties in the played instant kept in one
// order, names read for the page's players only (a former member still shows), another
// club's list 404 and its players' matches never among ours.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matches } from "../../db/schema/ladder.js";
import { makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { addMember } from "../members/service.js";

let t: TestApp;
const now = new Date("2026-11-20T18:00:00Z");
let owner: TestUser;
let orgId: string;
let otherOrgId: string;
let players: TestUser[];
let gone: TestUser;
let outsider: TestUser;
let theirs: string;

const day = (n: number) => new Date(Date.UTC(2026, 9, 1 + n, 18));
const match = (club: string, teamA: string[], teamB: string[], playedAt: Date, createdAt = playedAt) => ({
  organizationId: club,
  format: "doubles" as const,
  teamA,
  teamB,
  games: [{ a: 11, b: 7 }],
  winner: "A" as const,
  playedAt,
  createdAt,
  status: "confirmed" as const,
});

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  owner = await makeUser(t, "owner@match-pages.example", "Olive Owner");
  orgId = (await makeClub(t, owner)).id;
  outsider = await makeUser(t, "rival@match-pages.example", "Rival Owner");
  otherOrgId = (await makeClub(t, outsider)).id;
  players = [];
  for (let i = 0; i < 6; i++) {
    const p = await makeUser(t, `p${i}@match-pages.example`, `Player ${i}`);
    await t.db.transaction((tx) => addMember(tx, orgId, p.id, "member", now));
    players.push(p);
  }
  // Someone who played and then left: never added as a member here.
  gone = await makeUser(t, "gone@match-pages.example", "Gone Player");
  const [a, b, c, d, e, f] = players.map((p) => p.id) as [string, string, string, string, string, string];
  await t.db.insert(matches).values([
    ...Array.from({ length: 9 }, (_, i) => match(orgId, [a, b], [c, d], day(i))),
    // Three played at one instant, logged at different moments, and two logged at one moment.
    match(orgId, [a, e], [c, f], day(20), day(21)),
    match(orgId, [b, e], [d, f], day(20), day(22)),
    match(orgId, [c, e], [a, f], day(20), day(22)),
    match(orgId, [e, f], [gone.id, d], day(10)),
  ]);
  // Another club's match with our players' ids in it must never show here.
  [{ id: theirs }] = (await t.db
    .insert(matches)
    .values(match(otherOrgId, [outsider.id, a], [b, c], day(30)))
    .returning({ id: matches.id })) as [{ id: string }];
});
afterAll(async () => {
  await t?.close();
});

type View = {
  id: string;
  playedAt: string;
  teamA: { userId: string; name: string }[];
  teamB: { userId: string; name: string }[];
};
type Page = { matches: View[]; next: string | null };

const list = (query: string, club = orgId) =>
  t.request({ method: "GET", url: `/api/orgs/${club}/matches?${query}`, cookie: owner.cookie });

async function readAll(query: string, between?: (page: number) => Promise<void>) {
  const seen: View[] = [];
  let next: string | null = null;
  let pages = 0;
  do {
    const res = await list(`${query}${next ? `&after=${next}` : ""}`);
    expect(res.statusCode, res.body).toBe(200);
    const page: Page = res.json();
    seen.push(...page.matches);
    next = page.next;
    await between?.(pages++);
  } while (next);
  return { seen, pages };
}

describe("the club's matches, a page at a time", () => {
  it("gives every match once, newest first, while matches are logged between pages", async () => {
    const whole: Page = (await list("limit=100")).json();
    expect(whole.matches).toHaveLength(13);
    expect(whole.next).toBeNull();
    const played = whole.matches.map((m) => Date.parse(m.playedAt));
    expect(played).toEqual([...played].sort((x, y) => y - x));
    const [a, b, c, d] = players.map((p) => p.id) as [string, string, string, string];
    const { seen, pages } = await readAll("limit=3", async (page) => {
      // A match logged today after the first page: ahead of this reading, not a gap in it.
      if (page === 0) await t.db.insert(matches).values(match(orgId, [a, b], [c, d], now));
    });
    expect(pages).toBe(5);
    expect(seen.map((m) => m.id)).toEqual(whole.matches.map((m) => m.id));
    const fresh: Page = (await list("limit=1")).json();
    expect(fresh.matches[0]!.playedAt).toBe(now.toISOString());
  });

  it("names the page's players, a former member as such", async () => {
    const whole: Page = (await list("limit=100")).json();
    const withGone = whole.matches.find((m) => m.teamB.some((p) => p.name === "Former member"));
    expect(withGone, "the match with a player who left").toBeDefined();
    expect(withGone!.teamA.map((p) => p.name)).toEqual(["Player 4", "Player 5"]);
  });

  it("reads one player's matches the same way, and only this club's", async () => {
    const e = players[4]!.id;
    const { seen } = await readAll(`limit=2&player=${e}`);
    expect(seen).toHaveLength(4);
    for (const m of seen) expect([...m.teamA, ...m.teamB].map((p) => p.userId)).toContain(e);
    // Player 0 played in the other club too: that match is not in ours.
    const a = players[0]!.id;
    const mine: Page = (await list(`limit=100&player=${a}`)).json();
    expect(mine.matches.length).toBeGreaterThan(0);
    expect(mine.matches.map((m) => m.id)).not.toContain(theirs);
    expect((await list(`player=${outsider.id}`)).json()).toEqual({ matches: [], next: null });
  });

  it("answers another club's matches with 404, and a cursor it did not give out with 400", async () => {
    expect((await list("limit=5", otherOrgId)).statusCode).toBe(404);
    for (const query of ["after=abc", "after=WzEsMiwzXQ", "limit=101", "status=lost"]) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it("reads one at a time across matches tied on when they were played and logged", async () => {
    const whole: Page = (await list("limit=100")).json();
    const { seen } = await readAll("limit=1");
    expect(seen.map((m) => m.id)).toEqual(whole.matches.map((m) => m.id));
  });

  it("the player's page starts their matches, and its cursor goes on from there", async () => {
    // A regular: 25 more matches than the page's 20.
    const [a, b, c, f] = [0, 1, 2, 5].map((i) => players[i]!.id) as [string, string, string, string];
    await t.db
      .insert(matches)
      .values(Array.from({ length: 25 }, (_, i) => match(orgId, [f, a], [b, c], day(40 + i))));
    const res = await t.request({
      method: "GET",
      url: `/api/orgs/${orgId}/players/${f}`,
      cookie: owner.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json();
    expect(view.recent).toHaveLength(20);
    expect(view.recentNext).not.toBeNull();
    const more: Page = (await list(`player=${f}&limit=50&after=${view.recentNext}`)).json();
    const all: Page = (await list(`player=${f}&limit=100`)).json();
    expect([...view.recent, ...more.matches].map((m: View) => m.id)).toEqual(all.matches.map((m) => m.id));
    expect(all.matches.length).toBeGreaterThan(25);
  });
});
