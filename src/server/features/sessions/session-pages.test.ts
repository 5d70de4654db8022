// The sessions list a page at a time. Past sessions, newest first: every one once while nights
// end between pages. Sessions to come, soonest first: a club that schedules a season ahead gets
// its next few, then the rest as the list scrolls, every one once while sessions are added.
// Both: sessions at the same hour kept apart by id, the first page kept until a session ends,
// another club's never shown, bad cursors refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPCOMING_PAGE_SIZE } from "../../../shared/contracts/sessions.js";
import { makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { createSessions } from "./service.js";

let t: TestApp;
const now = new Date("2026-11-20T18:00:00Z");
/** The app's clock: `now`, but for the tests that let a session end. */
let clock = now;
const HOUR = 3_600_000;
let owner: TestUser;
/** The club of past nights, and the one with a season ahead. */
let orgId: string;
let aheadOrgId: string;
let otherOrgId: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  owner = await makeUser(t, "owner@pages.example", "Olive Owner");
  orgId = (await makeClub(t, owner)).id;
  aheadOrgId = (await makeClub(t, owner)).id;
  const rival = await makeUser(t, "rival@pages.example", "Rival Owner");
  otherOrgId = (await makeClub(t, rival)).id;
  await sessionAt(otherOrgId, rival.id, "Elsewhere", -30);
  await sessionAt(otherOrgId, rival.id, "Elsewhere Ahead", 30);
  // 24 past nights and 30 sessions ahead, two a day at the same hour (their order then comes
  // from their ids).
  for (let day = 1; day <= 12; day++) {
    await sessionAt(orgId, owner.id, `Night ${day}a`, -day * 24);
    await sessionAt(orgId, owner.id, `Night ${day}b`, -day * 24);
  }
  for (let day = 1; day <= 15; day++) {
    await sessionAt(aheadOrgId, owner.id, `Day ${day}a`, day * 24);
    await sessionAt(aheadOrgId, owner.id, `Day ${day}b`, day * 24);
  }
});
afterAll(async () => {
  await t?.close();
});

/** A two-hour session starting `hours` from now (before now when negative). */
async function sessionAt(club: string, by: string, name: string, hours: number) {
  const startsAt = new Date(now.getTime() + hours * HOUR);
  await createSessions(t.deps, club, by, {
    name,
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + 2 * HOUR).toISOString(),
  });
}
/** A session that started `hoursAgo` hours ago. */
const night = (club: string, by: string, name: string, hoursAgo: number) =>
  sessionAt(club, by, name, -hoursAgo);

const past = (query: string) =>
  t.request({ method: "GET", url: `/api/orgs/${orgId}/sessions?scope=past&${query}`, cookie: owner.cookie });

describe("past sessions, a page at a time", () => {
  it("reads every past session once, newest first, while another night ends between pages", async () => {
    const seen: { name: string; startsAt: string }[] = [];
    let next: string | null = null;
    let pages = 0;
    do {
      const res = await past(`limit=5${next ? `&after=${next}` : ""}`);
      expect(res.statusCode, res.body).toBe(200);
      const body: { sessions: { name: string; startsAt: string }[]; next: string | null } = res.json();
      seen.push(...body.sessions);
      next = body.next;
      // A night that has just ended comes first in a fresh read, never in the middle of this one.
      if (pages++ === 1) await night(orgId, owner.id, "Tonight", 3);
    } while (next);
    expect(pages).toBe(5);
    const names = seen.map((s) => s.name);
    expect(new Set(names).size).toBe(24);
    expect(names).not.toContain("Tonight");
    expect(names).not.toContain("Elsewhere");
    const starts = seen.map((s) => Date.parse(s.startsAt));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    const fresh = (await past("limit=100")).json();
    expect(fresh.sessions[0].name).toBe("Tonight");
    expect(fresh.sessions).toHaveLength(25);
    expect(fresh.next).toBeNull();
  });

  it("keeps the first page as the Past tab opens it until a night ends or the club's data changes", async () => {
    const firstPage = async () =>
      ((await past("")).json().sessions as Array<{ name: string }>).map((s) => s.name);
    await night(orgId, owner.id, "Later Tonight", -1);
    const before = await firstPage();
    expect(before).not.toContain("Later Tonight");
    // Read again, kept: the same page.
    expect(await firstPage()).toEqual(before);
    // The night ends with no write to tell anyone: the kept page holds only until then.
    clock = new Date(now.getTime() + 4 * HOUR);
    expect((await firstPage())[0]).toBe("Later Tonight");
    // A write to the club's sessions shows at once.
    await night(orgId, owner.id, "Just Logged", -1.5);
    expect((await firstPage())[0]).toBe("Just Logged");
    clock = now;
  });

  it("answers another club's list with 404, and a cursor it did not give out with 400", async () => {
    const across = await t.request({
      method: "GET",
      url: `/api/orgs/${otherOrgId}/sessions?scope=past`,
      cookie: owner.cookie,
    });
    expect(across.statusCode).toBe(404);
    for (const query of ["after=zzz", "after=WyJ4IiwieSJd", "limit=0", "limit=1000"]) {
      const res = await past(query);
      expect(res.statusCode, query).toBe(400);
    }
  });
});

type Page = { sessions: { name: string; startsAt: string }[]; next: string | null };
const upcoming = async (query = ""): Promise<Page> => {
  const res = await t.request({
    method: "GET",
    url: `/api/orgs/${aheadOrgId}/sessions?${query}`,
    cookie: owner.cookie,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe("upcoming sessions, a page at a time", () => {
  it("gives the soonest few first, then every one once, while a session is added between pages", async () => {
    const first = await upcoming();
    expect(first.sessions).toHaveLength(UPCOMING_PAGE_SIZE);
    expect(first.sessions[0]!.name).toMatch(/^Day 1[ab]$/);
    expect(first.next).not.toBeNull();

    const seen = [...first.sessions];
    let next = first.next;
    let pages = 1;
    while (next) {
      const page = await upcoming(`after=${next}`);
      seen.push(...page.sessions);
      next = page.next;
      // One added later in the season shows in a fresh read; one added behind the reader's
      // place is not slipped into the middle of this one.
      if (pages++ === 1) await sessionAt(aheadOrgId, owner.id, "Added Early", 1);
    }
    expect(pages).toBe(3);
    const names = seen.map((s) => s.name);
    expect(new Set(names).size).toBe(30);
    expect(names).not.toContain("Added Early");
    expect(names).not.toContain("Elsewhere Ahead");
    const starts = seen.map((s) => Date.parse(s.startsAt));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    const fresh = await upcoming("limit=100");
    expect(fresh.sessions[0]!.name).toBe("Added Early");
    expect(fresh.sessions).toHaveLength(31);
    expect(fresh.next).toBeNull();
  });

  it("keeps the first page until its first session ends or the club's data changes", async () => {
    const names = async () => (await upcoming()).sessions.map((s) => s.name);
    const before = await names();
    expect(before[0]).toBe("Added Early");
    expect(await names()).toEqual(before);
    // "Added Early" ends with no write to tell anyone: the kept page holds only until then.
    clock = new Date(now.getTime() + 4 * HOUR);
    const after = await names();
    expect(after).not.toContain("Added Early");
    expect(after).toHaveLength(UPCOMING_PAGE_SIZE);
    // A write to the club's sessions shows at once.
    await sessionAt(aheadOrgId, owner.id, "Just Scheduled", 5);
    expect((await names())[0]).toBe("Just Scheduled");
    clock = now;
  });

  it("answers another club's list with 404, and a cursor it did not give out with 400", async () => {
    const across = await t.request({
      method: "GET",
      url: `/api/orgs/${otherOrgId}/sessions`,
      cookie: owner.cookie,
    });
    expect(across.statusCode).toBe(404);
    for (const query of ["after=zzz", "after=WyJ4IiwieSJd", "limit=0", "limit=1000"]) {
      const res = await t.request({
        method: "GET",
        url: `/api/orgs/${aheadOrgId}/sessions?${query}`,
        cookie: owner.cookie,
      });
      expect(res.statusCode, query).toBe(400);
    }
  });
});
