// Recording a result the way an organizer does it standing courtside: a tap on the winning side
// (points optional), and an undo for the tap on the wrong side, moments later.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type BoardView, SCORE_UNDO_SECONDS } from "../../../shared/contracts/board.js";
import { games, type QueueCounters, queuePlayers, scoreUndos } from "../../db/schema/courts.js";
import { matches, playerRatings } from "../../db/schema/ladder.js";
import { followUps } from "../../platform/jobs/follow-ups.js";
import { activeSessionWith, makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
let owner: TestUser;
let member: TestUser;
let members: TestUser[];
let orgId: string;
let clock = new Date("2026-11-26T19:00:00Z");

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  owner = await makeUser(t, "owner@scoring.example");
  member = await makeUser(t, "member@scoring.example");
  // Members only, so that every game is rated and every score reaches the ladder.
  members = await Promise.all(Array.from({ length: 12 }, (_, i) => makeUser(t, `p${i}@scoring.example`)));
  orgId = (
    await makeClub(
      t,
      owner,
      [[member, "member"], ...members.map((m) => [m, "member"] as [TestUser, "member"])],
      { courtsCount: 2 },
    )
  ).id;
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  clock = new Date(clock.getTime() + 3_600_000);
});

const board = async (): Promise<BoardView> =>
  (await t.request({ method: "GET", url: `/api/orgs/${orgId}/board`, cookie: owner.cookie })).json();
const post = (path: string, payload?: object, who: TestUser = owner) =>
  t.request({ method: "POST", url: `/api/orgs/${orgId}/board${path}`, cookie: who.cookie, payload });
const later = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};
/** The queue's counters, by registration, to compare before and after. */
const counters = async () =>
  (await t.db.select().from(queuePlayers).where(eq(queuePlayers.organizationId, orgId)))
    .map((p) => ({ ...p }))
    .sort((a, b) => a.registrationId.localeCompare(b.registrationId));

/** The club's ratings, by player, to compare before and after. */
const ratings = async () =>
  (await t.db.select().from(playerRatings).where(eq(playerRatings.organizationId, orgId)))
    .map(({ userId, format, rating, games, wins }) => ({ userId, format, rating, games, wins }))
    .sort((a, b) => a.userId.localeCompare(b.userId));

/** A session with eight members on the two courts and four waiting. */
async function nightInPlay() {
  await activeSessionWith(t, orgId, 0, members, "Scoring Night");
  expect((await post("/fill")).statusCode).toBe(200);
  const view = await board();
  return { view, game: view.courts[0]!.game! };
}

describe("a tap on the winning side", () => {
  it("is a whole result: the court gets the next group, and the ladder counts a plain win", async () => {
    const { view, game } = await nightInPlay();
    const scored = await post(`/games/${game.id}/score`, { winner: "B" });
    expect(scored.statusCode, scored.body).toBe(200);
    const [row] = await t.db.select().from(games).where(eq(games.id, game.id));
    expect(row).toMatchObject({ status: "finished", winner: "B", scoreA: null, scoreB: null });
    const after = await board();
    const court = after.courts.find((c) => c.id === view.courts.find((v) => v.game?.id === game.id)!.id)!;
    expect(court.game?.id).not.toBe(game.id);
    expect(court.status).toBe("playing");
    // The match is a win with no games: plain Elo, no margin to weigh it.
    const [match] = await t.db.select().from(matches).where(eq(matches.gameId, game.id));
    expect(match).toMatchObject({ winner: "B", games: [] });
    // The ratings move just after the board's commit (ladder/board-results.ts).
    await followUps(t.deps.database).settled();
    const ratings = await t.db.select().from(playerRatings).where(eq(playerRatings.organizationId, orgId));
    expect(ratings.filter((r) => r.wins === 1)).toHaveLength(2);
    // Four newcomers at 1500: an even match moves each by provisional K (56) times 1/2.
    expect(ratings).toHaveLength(4);
    for (const r of ratings) expect(Math.abs(r.rating - 1500)).toBeCloseTo(28, 5);
  });

  it("takes points too, and refuses points that disagree with the side that won", async () => {
    const { game } = await nightInPlay();
    const wrong = await post(`/games/${game.id}/score`, { winner: "A", scoreA: 7, scoreB: 11 });
    expect(wrong.statusCode).toBe(400);
    const none = await post(`/games/${game.id}/score`, {});
    expect(none.statusCode).toBe(400);
    expect((await post(`/games/${game.id}/score`, { winner: "A", scoreA: 11, scoreB: 7 })).statusCode).toBe(
      200,
    );
    const [row] = await t.db.select().from(games).where(eq(games.id, game.id));
    expect(row).toMatchObject({ winner: "A", scoreA: 11, scoreB: 7 });
  });
});

describe("undo", () => {
  it("puts the game back on court, the next group back in line, and the ladder as it was", async () => {
    const { view, game } = await nightInPlay();
    const before = await counters();
    const ratingsBefore = await ratings();
    const queueBefore = view.queue.map((q) => q.registrationId);
    later(2);
    expect((await post(`/games/${game.id}/score`, { winner: "A", scoreA: 11, scoreB: 3 })).statusCode).toBe(
      200,
    );
    expect(await t.db.select().from(matches).where(eq(matches.gameId, game.id))).toHaveLength(1);
    later(5);
    const undone = await post(`/games/${game.id}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);

    const after = await board();
    expect(after.courts.map((c) => c.game?.id)).toEqual(view.courts.map((c) => c.game?.id));
    expect(after.queue.map((q) => q.registrationId)).toEqual(queueBefore);
    expect(await counters()).toEqual(before);
    const [row] = await t.db.select().from(games).where(eq(games.id, game.id));
    expect(row).toMatchObject({ status: "playing", winner: null, scoreA: null, scoreB: null, endedAt: null });
    expect(await t.db.select().from(matches).where(eq(matches.gameId, game.id))).toHaveLength(0);
    // The score's own follow-up, should it come after the undo, finds its match gone.
    await followUps(t.deps.database).settled();
    expect(await ratings()).toEqual(ratingsBefore);
    // The group called after the score is gone from the session's games, not left as played.
    const session = await t.db.select().from(games).where(eq(games.sessionId, row!.sessionId));
    expect(session.map((g) => g.id).sort()).toEqual(view.courts.map((c) => c.game!.id).sort());

    // Scored again, the right way round, it counts once.
    expect((await post(`/games/${game.id}/score`, { winner: "B" })).statusCode).toBe(200);
    expect(await t.db.select().from(matches).where(eq(matches.gameId, game.id))).toHaveLength(1);
    // And an undo done is not done twice.
    expect((await post(`/games/${game.id}/undo`)).statusCode).toBe(200);
    const twice = await post(`/games/${game.id}/undo`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe("UNDO_TOO_LATE");
  });

  it("late in a night, puts back each player's partners and opponents as they were, however they were kept", async () => {
    await nightInPlay();
    // A few games first, so that everyone has partners and opponents to cut back to.
    for (let i = 0; i < 4; i++) {
      later(60);
      const playing = (await board()).courts.find((c) => c.game)!.game!;
      expect((await post(`/games/${playing.id}/score`, { winner: i % 2 ? "A" : "B" })).statusCode).toBe(200);
    }
    for (const legacy of [false, true]) {
      later(60);
      const before = await counters();
      expect(before.some((p) => p.partners.length > 1 && p.opponents.length > 2)).toBe(true);
      const game = (await board()).courts.find((c) => c.game)!.game!;
      expect((await post(`/games/${game.id}/score`, { winner: "A" })).statusCode).toBe(200);
      const [kept] = await t.db.select().from(scoreUndos).where(eq(scoreUndos.organizationId, orgId));
      // Lengths, not the lists: a score writes no one's history again.
      expect(kept!.counters.every((c) => "partnersKept" in c && !("partners" in c))).toBe(true);
      if (legacy) {
        // As a row kept by the version before (an undo across a deploy): the lists themselves.
        const kept = [
          "registrationId",
          "readySeq",
          "readyAt",
          "gamesPlayed",
          "gamesWaited",
          "sitOuts",
          "winStreak",
          "courtTarget",
          "partners",
          "opponents",
        ] as const;
        const lists = before.map(
          (row) => Object.fromEntries(kept.map((field) => [field, row[field]])) as QueueCounters,
        );
        await t.db.update(scoreUndos).set({ counters: lists }).where(eq(scoreUndos.organizationId, orgId));
      }
      later(3);
      const undone = await post(`/games/${game.id}/undo`);
      expect(undone.statusCode, undone.body).toBe(200);
      expect(await counters()).toEqual(before);
      // Scored again, so the next round starts from a played game.
      expect((await post(`/games/${game.id}/score`, { winner: "B" })).statusCode).toBe(200);
    }
  });

  it(`refuses after ${SCORE_UNDO_SECONDS} seconds`, async () => {
    const { game } = await nightInPlay();
    expect((await post(`/games/${game.id}/score`, { winner: "A" })).statusCode).toBe(200);
    later(SCORE_UNDO_SECONDS + 1);
    const late = await post(`/games/${game.id}/undo`);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toMatch(/Too late to undo/);
  });

  it("refuses once the board moved on: the refilled court scored, another score, a player moved", async () => {
    const { view, game } = await nightInPlay();
    expect((await post(`/games/${game.id}/score`, { winner: "A" })).statusCode).toBe(200);
    const refilled = (await board()).courts.find(
      (c) => c.id === view.courts.find((v) => v.game?.id === game.id)!.id,
    )!.game!;
    expect((await post(`/games/${refilled.id}/score`, { winner: "B" })).statusCode).toBe(200);
    expect((await post(`/games/${game.id}/undo`)).statusCode).toBe(409);

    const other = (await board()).courts.find((c) => c.game)!.game!;
    expect((await post(`/games/${other.id}/score`, { winner: "A" })).statusCode).toBe(200);
    const waiting = (await board()).queue[0]!.registrationId;
    expect((await post(`/players/${waiting}`, { action: "skip" })).statusCode).toBe(200);
    const moved = await post(`/games/${other.id}/undo`);
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error.message).toMatch(/board has changed/);
  });

  it("is for organizers, as scoring is; another club's game is not found", async () => {
    const { game } = await nightInPlay();
    expect((await post(`/games/${game.id}/score`, { winner: "A" })).statusCode).toBe(200);
    expect((await post(`/games/${game.id}/undo`, undefined, member)).statusCode).toBe(403);
    const stranger = await makeUser(t, `stranger-${Date.now()}@scoring.example`);
    expect((await post(`/games/${game.id}/undo`, undefined, stranger)).statusCode).toBe(404);
    expect((await post(`/games/${crypto.randomUUID()}/undo`)).statusCode).toBe(404);
    expect((await post(`/games/${game.id}/undo`)).statusCode).toBe(200);
  });
});
