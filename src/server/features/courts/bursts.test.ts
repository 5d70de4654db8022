// Many actions on one board at once (board-transaction.ts): the ones that arrive while the
// board's transaction runs go together in the next, each applied or refused on its own.
import { and, eq, inArray, notInArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BoardView } from "../../../shared/contracts/board.js";
import { games, queuePlayers } from "../../db/schema/courts.js";
import { activeSessionWith, makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
let owner: TestUser;
let orgId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUser(t, "owner@bursts.example");
  orgId = (await makeClub(t, owner, [], { courtsCount: 3 })).id;
});
afterAll(async () => {
  await t?.close();
});

const board = async (): Promise<BoardView> =>
  (await t.request({ method: "GET", url: `/api/orgs/${orgId}/board`, cookie: owner.cookie })).json();
const skip = (registrationId: string) =>
  t.request({
    method: "POST",
    url: `/api/orgs/${orgId}/board/players/${registrationId}`,
    cookie: owner.cookie,
    payload: { action: "skip" },
  });

describe("a burst of actions on one board", () => {
  it("applies each one, refuses the one that cannot be, and takes fewer transactions than actions", async () => {
    const session = await activeSessionWith(t, orgId, 30, [], "Busy Night");
    expect(
      (await t.request({ method: "POST", url: `/api/orgs/${orgId}/board/fill`, cookie: owner.cookie }))
        .statusCode,
    ).toBe(200);
    const before = await board();
    expect(before.queue).toHaveLength(18);
    const skipped = before.queue.slice(0, 12).map((q) => q.registrationId);
    const playing = before.courts[0]!.game!.teamA[0]!.registrationId;

    const answers = await Promise.all([...skipped.map(skip), skip(playing)]);
    expect(answers.slice(0, 12).map((a) => a.statusCode)).toEqual(Array(12).fill(200));
    expect(answers[12]!.statusCode).toBe(409);
    expect(answers[12]!.json().error.code).toBe("ON_COURT");

    // Every skip went to the back of the line: behind everyone still waiting who was not skipped.
    const ofSession = and(eq(queuePlayers.organizationId, orgId), eq(queuePlayers.sessionId, session.id));
    const waitingIds = before.queue.map((q) => q.registrationId);
    const stayed = await t.db
      .select({ seq: queuePlayers.readySeq })
      .from(queuePlayers)
      .where(
        and(
          ofSession,
          inArray(queuePlayers.registrationId, waitingIds),
          notInArray(queuePlayers.registrationId, skipped),
        ),
      );
    const moved = await t.db
      .select({ seq: queuePlayers.readySeq })
      .from(queuePlayers)
      .where(and(ofSession, inArray(queuePlayers.registrationId, skipped)));
    expect(stayed).toHaveLength(6);
    expect(Math.min(...moved.map((p) => p.seq))).toBeGreaterThan(Math.max(...stayed.map((p) => p.seq)));
    // Each skip took a place of its own at the back.
    expect(new Set(moved.map((p) => p.seq)).size).toBe(12);
    // The refused action left its player on court.
    const onCourt = await t.db
      .select({ id: games.id })
      .from(games)
      .where(
        and(eq(games.organizationId, orgId), eq(games.sessionId, session.id), eq(games.status, "playing")),
      );
    expect(onCourt).toHaveLength(3);

    // The twelve came in a few transactions, each one version, not one each.
    const after = await board();
    expect(after.version - before.version).toBeGreaterThan(0);
    expect(after.version - before.version).toBeLessThan(12);
    const versions = new Set(answers.slice(0, 12).map((a) => a.json().version));
    expect(versions.size).toBe(after.version - before.version);
  });

  it("a burst in which every action is refused changes nothing, not even the version", async () => {
    const before = await board();
    const playing = before.courts.flatMap((c) => c.game!.teamA.map((p) => p.registrationId));
    const answers = await Promise.all(playing.map(skip));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(playing.length).fill(409));
    expect((await board()).version).toBe(before.version);
  });
});
