// A player's partners are counted over their latest doubles matches, not all of them: the page
// costs the same for a five-year regular as for a newcomer, and says so.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PARTNER_MATCHES, type PlayerView } from "../../../shared/contracts/ladder.js";
import { matches } from "../../db/schema/ladder.js";
import { makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { recomputeLadder } from "./replay-store.js";

const now = new Date("2026-11-20T18:00:00Z");
let t: TestApp;
let people: TestUser[];
let orgId: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  const owner = await makeUser(t, "owner@partners.example", "Pam Owner");
  people = await Promise.all(
    ["Ava", "Ben", "Cy", "Di"].map((name, i) => makeUser(t, `p${i}@partners.example`, `${name} Partner`)),
  );
  orgId = (
    await makeClub(
      t,
      owner,
      people.map((p) => [p, "member"] as [TestUser, "member"]),
    )
  ).id;
});
afterAll(async () => {
  await t?.close();
});

describe("a player's partners", () => {
  it("are counted over the latest doubles matches only", async () => {
    const [ava, ben, cy, di] = people as [TestUser, TestUser, TestUser, TestUser];
    // Ava played 80 matches with Ben, then 25 with Cy: 105 in all.
    const match = (i: number) => {
      const withBen = i < 80;
      return {
        organizationId: orgId,
        format: "doubles" as const,
        teamA: withBen ? [ava.id, ben.id] : [ava.id, cy.id],
        teamB: withBen ? [cy.id, di.id] : [ben.id, di.id],
        games: [{ a: 11, b: i % 9 }],
        winner: "A" as const,
        playedAt: new Date(now.getTime() - (200 - i) * 3_600_000),
        status: "confirmed" as const,
        loggedBy: ava.id,
      };
    };
    await t.db.insert(matches).values(Array.from({ length: 105 }, (_, i) => match(i)));
    await t.db.transaction((tx) => recomputeLadder(tx, orgId, "doubles", now));
    const page = await t.request({
      method: "GET",
      url: `/api/orgs/${orgId}/players/${ava.id}`,
      cookie: di.cookie,
    });
    expect(page.statusCode, page.body).toBe(200);
    const view = page.json() as PlayerView;
    expect(view.ratings.doubles?.games).toBe(105);
    // The latest 100: Ben's last 75 and all 25 with Cy.
    expect(view.partners.map((p) => [p.name, p.games])).toEqual([
      ["Ben Partner", 75],
      ["Cy Partner", 25],
    ]);
    expect(view.partners.reduce((sum, p) => sum + p.games, 0)).toBe(PARTNER_MATCHES);
  });
});
