// Past sessions a page at a time, newest first: every one once while nights end between pages,
// sessions on the same hour kept apart by id, another club's never shown, bad cursors refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { createSessions } from "./service.js";

let t: TestApp;
const now = new Date("2026-11-20T18:00:00Z");
/** The app's clock: `now`, but for the test that lets a night end. */
let clock = now;
const HOUR = 3_600_000;
let owner: TestUser;
let orgId: string;
let otherOrgId: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  owner = await makeUser(t, "owner@past.example", "Olive Owner");
  orgId = (await makeClub(t, owner)).id;
  const rival = await makeUser(t, "rival@past.example", "Rival Owner");
  otherOrgId = (await makeClub(t, rival)).id;
  await night(otherOrgId, rival.id, "Elsewhere", 30);
  // 24 nights, two a day at the same hour (their order then comes from their ids).
  for (let day = 1; day <= 12; day++) {
    await night(orgId, owner.id, `Night ${day}a`, day * 24);
    await night(orgId, owner.id, `Night ${day}b`, day * 24);
  }
});
afterAll(async () => {
  await t?.close();
});

/** A session that started `hoursAgo` hours ago and lasted two hours. */
async function night(club: string, by: string, name: string, hoursAgo: number) {
  const startsAt = new Date(now.getTime() - hoursAgo * HOUR);
  await createSessions(t.deps, club, by, {
    name,
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + 2 * HOUR).toISOString(),
  });
}

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
