// The dashboard's Latest results keep the night's games with walk-ins in them, which never
// reach the ladder, under the names the organizer typed.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { games } from "../../db/schema/courts.js";
import { activeSessionWith, makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
let owner: TestUser;
let orgId: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUser(t, "owner@results.example", "Rae Results");
  orgId = (await makeClub(t, owner)).id;
});
afterAll(() => t?.close());

describe("latest results", () => {
  it("show a board game with walk-ins, winners first, under the names typed at the door", async () => {
    const session = await activeSessionWith(t, orgId, 4, [owner]);
    const fill = await t.request({
      method: "POST",
      url: `/api/orgs/${orgId}/board/fill`,
      cookie: owner.cookie,
    });
    expect(fill.statusCode, fill.body).toBe(200);
    const [game] = await t.db
      .select()
      .from(games)
      .where(and(eq(games.sessionId, session.id), eq(games.status, "playing")));
    const scored = await t.request({
      method: "POST",
      url: `/api/orgs/${orgId}/board/games/${game!.id}/score`,
      cookie: owner.cookie,
      payload: { scoreA: 7, scoreB: 11 },
    });
    expect(scored.statusCode, scored.body).toBe(200);

    const view = (
      await t.request({ method: "GET", url: `/api/orgs/${orgId}/dashboard`, cookie: owner.cookie })
    ).json();
    const result = view.results.find((r: { id: string }) => r.id === game!.id);
    expect(result).toBeDefined();
    expect(result.score).toBe("11-7");
    const everyone = [...result.winners, ...result.losers].sort();
    expect(everyone.filter((name: string) => name.startsWith("Guest ")).length).toBeGreaterThanOrEqual(3);
    expect(result.winners).toHaveLength(2);
    expect(result.losers).toHaveLength(2);
  });
});

describe("open play now", () => {
  it("tells the board's wait for someone joining the line, not the night's average", async () => {
    await activeSessionWith(t, orgId, 14, [], "Busy Night");
    await t.request({ method: "POST", url: `/api/orgs/${orgId}/board/fill`, cookie: owner.cookie });
    const board = (
      await t.request({ method: "GET", url: `/api/orgs/${orgId}/board`, cookie: owner.cookie })
    ).json();
    const view = (
      await t.request({ method: "GET", url: `/api/orgs/${orgId}/dashboard`, cookie: owner.cookie })
    ).json();
    expect(view.live.name).toBe("Busy Night");
    expect(view.live.waiting).toBeGreaterThan(0);
    expect(view.live.joiningWait.high).toBeGreaterThan(0);
    expect(view.live.joiningWait).toEqual(board.stats.joiningWait);
  });
});
