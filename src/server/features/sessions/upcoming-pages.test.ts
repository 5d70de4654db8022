// Sessions to come a page at a time, soonest first: a club that schedules a season ahead gets
// its next few, then the rest as the list scrolls; every one once while sessions are added
// between pages, sessions at the same hour kept apart by id, another club's never shown.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPCOMING_PAGE_SIZE } from "../../../shared/contracts/sessions.js";
import { makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { createSessions } from "./service.js";

let t: TestApp;
const now = new Date("2026-11-20T18:00:00Z");
/** The app's clock: `now`, but for the test that lets a session end. */
let clock = now;
const HOUR = 3_600_000;
let owner: TestUser;
let orgId: string;
let otherOrgId: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  owner = await makeUser(t, "owner@upcoming.example", "Olive Owner");
  orgId = (await makeClub(t, owner)).id;
  const rival = await makeUser(t, "rival@upcoming.example", "Rival Owner");
  otherOrgId = (await makeClub(t, rival)).id;
  await session(otherOrgId, rival.id, "Elsewhere", 30);
  // 30 sessions, two a day at the same hour (their order then comes from their ids).
  for (let day = 1; day <= 15; day++) {
    await session(orgId, owner.id, `Day ${day}a`, day * 24);
    await session(orgId, owner.id, `Day ${day}b`, day * 24);
  }
});
afterAll(async () => {
  await t?.close();
});

/** A two-hour session starting `hoursAhead` hours from now. */
async function session(club: string, by: string, name: string, hoursAhead: number) {
  const startsAt = new Date(now.getTime() + hoursAhead * HOUR);
  await createSessions(t.deps, club, by, {
    name,
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + 2 * HOUR).toISOString(),
  });
}

type Page = { sessions: { name: string; startsAt: string }[]; next: string | null };
const upcoming = async (query = ""): Promise<Page> => {
  const res = await t.request({
    method: "GET",
    url: `/api/orgs/${orgId}/sessions?${query}`,
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
      if (pages++ === 1) await session(orgId, owner.id, "Added Early", 1);
    }
    expect(pages).toBe(3);
    const names = seen.map((s) => s.name);
    expect(new Set(names).size).toBe(30);
    expect(names).not.toContain("Added Early");
    expect(names).not.toContain("Elsewhere");
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
    await session(orgId, owner.id, "Just Scheduled", 5);
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
        url: `/api/orgs/${orgId}/sessions?${query}`,
        cookie: owner.cookie,
      });
      expect(res.statusCode, query).toBe(400);
    }
  });
});
