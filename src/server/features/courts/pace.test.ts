// The pace the board's waits are built on, read from the games a club has finished: tonight's
// once five have ended, the club's latest before that; and "Average wait" as players waited.

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BoardView } from "../../../shared/contracts/board.js";
import { DEFAULT_GAME_LENGTH } from "../../../shared/rotation/game-length.js";
import { courts as courtsTable } from "../../db/schema/clubs.js";
import { games, queuePlayers } from "../../db/schema/courts.js";
import { sessionRegistrations } from "../../db/schema/sessions.js";
import { activeSessionWith, makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { paceOf } from "./pace.js";
import { fairnessReport } from "./report.js";

let t: TestApp;
let owner: TestUser;
let orgId: string;
let courtId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUser(t, "owner@pace.example");
  orgId = (await makeClub(t, owner, [], { courtsCount: 2 })).id;
  [{ id: courtId }] = (await t.db
    .select({ id: courtsTable.id })
    .from(courtsTable)
    .where(eq(courtsTable.organizationId, orgId))
    .limit(1)) as [{ id: string }];
});
afterAll(async () => {
  await t?.close();
});

/** Finished games of `minutes` each, one after another, ending `hoursAgo` hours before now. */
async function played(sessionId: string, team: string[], lengths: number[], hoursAgo: number) {
  let end = Date.now() - hoursAgo * 3_600_000;
  for (const minutes of lengths) {
    await t.db.insert(games).values({
      organizationId: orgId,
      sessionId,
      courtId,
      teamA: team.slice(0, 2),
      teamB: team.slice(2, 4),
      status: "finished",
      winner: "A",
      startedAt: new Date(end - minutes * 60_000),
      endedAt: new Date(end),
    });
    end -= (minutes + 1) * 60_000;
  }
}

const registrations = async (sessionId: string) =>
  (await t.db.select().from(queuePlayers).where(eq(queuePlayers.sessionId, sessionId))).map(
    (p) => p.registrationId,
  );

describe("the pace of play", () => {
  it("is the default before any game, the club's latest games next, then tonight's own", async () => {
    const last = await activeSessionWith(t, orgId, 12, [], "Last Week");
    expect((await paceOf(t.db, orgId, last.id)).length).toEqual(DEFAULT_GAME_LENGTH);
    await played(last.id, (await registrations(last.id)).slice(0, 4), [20, 20, 22, 18, 20, 24, 16], 48);

    const tonight = await activeSessionWith(t, orgId, 12, [], "Tonight");
    // Nothing played tonight yet: the club's games say 20 minutes.
    expect((await paceOf(t.db, orgId, tonight.id)).length).toMatchObject({ typical: 20 });
    const four = (await registrations(tonight.id)).slice(0, 4);
    await played(tonight.id, four, [9, 10, 11], 1);
    // Three tonight are too few alone: they count among the club's latest (median of
    // 9, 10, 11, 16, 18, 20, 20, 20, 22, 24).
    expect((await paceOf(t.db, orgId, tonight.id)).length).toMatchObject({ typical: 19 });
    // Five games tonight: tonight's pace, 10 minutes.
    await played(tonight.id, four, [10, 10], 2);
    expect((await paceOf(t.db, orgId, tonight.id)).length).toMatchObject({ typical: 10 });
  });

  it("gives the board a range for each waiting player, and someone joining the longest", async () => {
    const session = await activeSessionWith(t, orgId, 14, [], "Range Night");
    await played(session.id, (await registrations(session.id)).slice(0, 4), [12, 12, 12, 12, 12], 3);
    const fill = await t.request({
      method: "POST",
      url: `/api/orgs/${orgId}/board/fill`,
      cookie: owner.cookie,
    });
    expect(fill.statusCode).toBe(200);
    const board: BoardView = (
      await t.request({ method: "GET", url: `/api/orgs/${orgId}/board`, cookie: owner.cookie })
    ).json();
    expect(board.queue.length).toBeGreaterThan(0);
    for (const entry of board.queue) {
      expect(entry.waitRange.low).toBeLessThanOrEqual(entry.estimatedWaitMinutes);
      expect(entry.waitRange.high).toBeGreaterThanOrEqual(entry.estimatedWaitMinutes);
    }
    // Both courts just filled: the first group waits about a game, not a minute.
    expect(board.queue[0]!.estimatedWaitMinutes).toBe(12);
    // Someone walking in is told the longest wait in the line: they join behind everyone.
    const longest = (side: "low" | "high") => Math.max(...board.queue.map((q) => q.waitRange[side]));
    expect(board.stats.joiningWait).toEqual({ low: longest("low"), high: longest("high") });
  });

  it("measures the average wait as players waited: from check-in, ended by the next game's start", async () => {
    const session = await activeSessionWith(t, orgId, 8, [], "Wait Night");
    const ids = await registrations(session.id);
    const now = Date.now();
    const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000);
    await t.db
      .update(sessionRegistrations)
      .set({ checkedInAt: minutesAgo(40) })
      .where(eq(sessionRegistrations.sessionId, session.id));
    const game = (players: string[], status: "finished" | "playing", start: number, end: number | null) => ({
      organizationId: orgId,
      sessionId: session.id,
      courtId,
      teamA: players.slice(0, 2),
      teamB: players.slice(2, 4),
      status,
      winner: status === "finished" ? ("A" as const) : null,
      startedAt: minutesAgo(start),
      endedAt: end === null ? null : minutesAgo(end),
    });
    // The first four went straight on 30 minutes ago: no wait in a line yet.
    await t.db.insert(games).values(game(ids.slice(0, 4), "finished", 30, 18));
    expect((await paceOf(t.db, orgId, session.id)).averageWaitMinutes).toBeNull();
    // The other four went on as the court freed, 12 minutes after the first game began, and are
    // still playing: their wait counts now, not when their game ends.
    await t.db.insert(games).values(game(ids.slice(4, 8), "playing", 18, null));
    expect((await paceOf(t.db, orgId, session.id)).averageWaitMinutes).toBe(12);
    // A late arrival's first wait starts at their check-in, 2 minutes before going on.
    await t.db
      .update(sessionRegistrations)
      .set({ checkedInAt: minutesAgo(20) })
      .where(eq(sessionRegistrations.id, ids[4]!));
    // (12 x 3 + 2) / 4: 9.5, shown as 10.
    expect((await paceOf(t.db, orgId, session.id)).averageWaitMinutes).toBe(10);
    // The fairness report, opened mid-night, gives the banner's figure.
    expect((await fairnessReport(t.db, orgId, session.id)).averageWaitMinutes).toBe(10);
  });

  it("gives no average wait before anyone has waited for a court", async () => {
    await activeSessionWith(t, orgId, 10, [], "First Game Night");
    await t.request({ method: "POST", url: `/api/orgs/${orgId}/board/fill`, cookie: owner.cookie });
    const board: BoardView = (
      await t.request({ method: "GET", url: `/api/orgs/${orgId}/board`, cookie: owner.cookie })
    ).json();
    expect(board.queue.length).toBeGreaterThan(0);
    // Not "0 minutes" beside a line told a game's length.
    expect(board.stats.averageWaitMinutes).toBeNull();
    expect(board.stats.joiningWait!.high).toBeGreaterThan(0);
  });
});
