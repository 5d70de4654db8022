// The members list a page at a time: a stable order with no repeats or gaps while members
// join between pages, search by name for all and by address for admins only, another club's
// members never found, and a cursor that is not ours refused with a clear message.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cursorOf } from "../../../shared/contracts/paging.js";
import { makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { addMember } from "./memberships.js";

let t: TestApp;
// After the club's founding members (added on the real clock): the others join after them.
let now = new Date(Date.now() + 86_400_000);
let owner: TestUser;
let admin: TestUser;
let member: TestUser;
let orgId: string;
let otherOrgId: string;
let rival: TestUser;

type Page = {
  members: { userId: string; name: string; email: string | null }[];
  next: string | null;
  total: number;
};

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  owner = await makeUser(t, "owner@pages.example", "Olive Owner");
  admin = await makeUser(t, "admin@pages.example", "Adam Admin");
  member = await makeUser(t, "member@pages.example", "Mia Member");
  orgId = (
    await makeClub(t, owner, [
      [admin, "admin"],
      [member, "member"],
    ])
  ).id;
  // Another club, with a member whose name and address would match every search below.
  rival = await makeUser(t, "rival@pages.example", "Rival Owner");
  otherOrgId = (await makeClub(t, rival)).id;
  const stranger = await makeUser(t, "zed.zebra@elsewhere.example", "Zed Zebra");
  await t.db.transaction((tx) => addMember(tx, otherOrgId, stranger.id, "member", now));
  await join(27, "Pat");
});
afterAll(async () => {
  await t?.close();
});

/** `count` new members named "<prefix> <n>", joining one after another (the clock moves). */
async function join(count: number, prefix: string) {
  for (let i = 0; i < count; i++) {
    now = new Date(now.getTime() + 1000);
    const person = await makeUser(
      t,
      `${prefix.toLowerCase()}${i}.${now.getTime()}@pages.example`,
      `${prefix} ${i}`,
    );
    await t.db.transaction((tx) => addMember(tx, orgId, person.id, "member", now));
  }
}

async function page(by: TestUser, query: Record<string, string | number>, club = orgId): Promise<Page> {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await t.request({
    method: "GET",
    url: `/api/orgs/${club}/members?${search}`,
    cookie: by.cookie,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe("the members list, a page at a time", () => {
  it("reads every member once, in joining order, while others join between pages", async () => {
    const seen: string[] = [];
    let next: string | null = null;
    let pages = 0;
    do {
      const got: Page = await page(member, { limit: 7, ...(next ? { after: next } : {}) });
      expect(got.members.length).toBeLessThanOrEqual(7);
      seen.push(...got.members.map((m) => m.name));
      next = got.next;
      // Two join after each page: they come at the end, after everyone already there.
      if (pages++ < 2) await join(2, `Late${pages}`);
    } while (next);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.slice(0, 3).sort()).toEqual(["Adam Admin", "Mia Member", "Olive Owner"]);
    expect(seen.filter((n) => n.startsWith("Pat "))).toEqual(
      Array.from({ length: 27 }, (_, i) => `Pat ${i}`),
    );
    expect(seen.slice(-4)).toEqual(["Late1 0", "Late1 1", "Late2 0", "Late2 1"]);
    const all = await page(member, { limit: 100 });
    expect(all.total).toBe(seen.length);
    expect(all.members.map((m) => m.name)).toEqual(seen);
    expect(all.next).toBeNull();
  });

  it("finds by name for everyone, by address for admins only, and never in another club", async () => {
    const byName = await page(member, { q: "pat 1" });
    expect(byName.members.map((m) => m.name).sort()).toEqual(
      ["Pat 1", ...Array.from({ length: 10 }, (_, i) => `Pat 1${i}`)].sort(),
    );
    expect(byName.total).toBe(11);
    // An address: an admin finds it, a member (who sees no addresses) does not.
    expect((await page(admin, { q: "member@pages" })).members.map((m) => m.name)).toEqual(["Mia Member"]);
    expect((await page(member, { q: "admin@pages" })).members).toEqual([]);
    // Zed Zebra is in the other club only, and % and _ are letters, not wildcards.
    for (const q of ["zed", "zebra@elsewhere", "%", "_"])
      expect((await page(owner, { q })).members, q).toEqual([]);
    expect((await page(rival, { q: "zebra" }, otherOrgId)).members.map((m) => m.name)).toEqual(["Zed Zebra"]);
    const across = await t.request({
      method: "GET",
      url: `/api/orgs/${otherOrgId}/members?q=zebra`,
      cookie: owner.cookie,
    });
    expect(across.statusCode).toBe(404);
  });

  it("refuses a cursor it did not give out, and a limit out of range, with a clear message", async () => {
    for (const query of [
      "after=not-a-cursor",
      "after=WzEsMl0",
      `after=${"a".repeat(500)}`,
      "limit=0",
      "limit=101",
    ]) {
      const res = await t.request({
        method: "GET",
        url: `/api/orgs/${orgId}/members?${query}`,
        cookie: owner.cookie,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_ERROR");
    }
    // Our cursor's shape with a time that is not one: the same clear refusal, not a database error.
    const badTime = await t.request({
      method: "GET",
      url: `/api/orgs/${orgId}/members?after=${cursorOf(["yesterday", owner.id])}`,
      cookie: owner.cookie,
    });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().error.message).toBe("This list has moved on: load it again from the top.");
    const stale = await t.request({
      method: "GET",
      url: `/api/orgs/${orgId}/members?after=not-a-cursor`,
      cookie: owner.cookie,
    });
    expect(stale.json().error.message).toBe("This list has moved on: load it again from the top.");
  });
});
