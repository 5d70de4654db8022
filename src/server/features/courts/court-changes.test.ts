// Mid-session court changes, through the API: a cancelled game's players go back to the front
// and its court stays free until the organizer starts it; a court with a game on it leaves play
// (from the board or from Settings) only when the organizer confirms, its players to the front;
// a court switched to singles mid-game plays singles from its next game.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BoardView } from "../../../shared/contracts/board.js";
import { courts } from "../../db/schema/clubs.js";
import { queuePlayers } from "../../db/schema/courts.js";
import { sessions } from "../../db/schema/sessions.js";
import { activeSessionWith, makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
let owner: TestUser;
let orgId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUser(t, "owner@court-changes.example");
  orgId = (await makeClub(t, owner, [], { courtsCount: 2 })).id;
});
afterAll(async () => {
  await t?.close();
});

const board = async (): Promise<BoardView> =>
  (await t.request({ method: "GET", url: `/api/orgs/${orgId}/board`, cookie: owner.cookie })).json();
const post = (path: string, payload?: object) =>
  t.request({ method: "POST", url: `/api/orgs/${orgId}/board${path}`, cookie: owner.cookie, payload });
const setCourt = (courtId: string, payload: object) =>
  t.request({
    method: "PUT",
    url: `/api/orgs/${orgId}/board/courts/${courtId}`,
    cookie: owner.cookie,
    payload,
  });
const ids = (people: { registrationId: string }[]) => people.map((p) => p.registrationId);
const onCourt = (court: BoardView["courts"][number]) =>
  court.game ? [...ids(court.game.teamA), ...ids(court.game.teamB)] : [];

/** A fresh session of `guests` on the club's two courts, both courts playing. */
async function bothCourtsPlaying(guests = 12) {
  await activeSessionWith(t, orgId, guests);
  expect((await post("/fill")).statusCode).toBe(200);
  const view = await board();
  expect(view.courts.map((c) => c.status)).toEqual(["playing", "playing"]);
  return view;
}

describe("cancelling a game", () => {
  it("puts the four back at the front, undoes their pairing, and keeps the court free", async () => {
    const before = await bothCourtsPlaying();
    const [court1, court2] = before.courts;
    const four = onCourt(court1!);
    expect((await post(`/games/${court1!.game!.id}/cancel`)).statusCode).toBe(200);

    const after = await board();
    expect(after.courts[0]).toMatchObject({ status: "idle", held: true, game: null, nextUp: [] });
    expect(after.courts[1]!.game!.id).toBe(court2!.game!.id);
    // The same four are first in line, in the order they stood on court; the other four wait behind.
    expect(ids(after.queue).slice(0, 4)).toEqual(four);
    expect(after.queue).toHaveLength(8);
    const rows = await t.db.select().from(queuePlayers).where(eq(queuePlayers.registrationId, four[0]!));
    expect(rows[0]).toMatchObject({ gamesPlayed: 0, partners: [], opponents: [] });
  });

  it("leaves the court free while others wait; the four go on at the next court to free", async () => {
    const before = await bothCourtsPlaying();
    const [court1, court2] = before.courts;
    const four = onCourt(court1!);
    await post(`/games/${court1!.game!.id}/cancel`);
    // Another court's score fills courts: not the one the organizer keeps free.
    expect((await post(`/games/${court2!.game!.id}/score`, { scoreA: 11, scoreB: 7 })).statusCode).toBe(200);
    const after = await board();
    expect(after.courts[0]).toMatchObject({ status: "idle", held: true });
    expect(after.queue.length).toBeGreaterThanOrEqual(4);
    expect(new Set(onCourt(after.courts[1]!))).toEqual(new Set(four));
  });

  it("the organizer starts the court again (Bring Back), or Fill Courts starts every kept court", async () => {
    const before = await bothCourtsPlaying(16);
    await post(`/games/${before.courts[0]!.game!.id}/cancel`);
    expect((await setCourt(before.courts[0]!.id, { available: true })).statusCode).toBe(200);
    let after = await board();
    expect(after.courts[0]).toMatchObject({ status: "playing", held: false });

    await post(`/games/${after.courts[0]!.game!.id}/cancel`);
    await post(`/games/${after.courts[1]!.game!.id}/cancel`);
    expect((await board()).courts.map((c) => c.held)).toEqual([true, true]);
    expect((await post("/fill")).statusCode).toBe(200);
    after = await board();
    expect(after.courts.map((c) => [c.status, c.held])).toEqual([
      ["playing", false],
      ["playing", false],
    ]);
  });
});

describe("taking a court out of play from the board", () => {
  it("a free court goes out at once, and comes back filled", async () => {
    await activeSessionWith(t, orgId, 12);
    const courtId = (await board()).courts[1]!.id;
    expect((await setCourt(courtId, { available: false })).statusCode).toBe(200);
    expect((await post("/fill")).statusCode).toBe(200);
    let view = await board();
    expect(view.courts.map((c) => c.status)).toEqual(["playing", "unavailable"]);
    expect(view.queue).toHaveLength(8);
    expect((await setCourt(courtId, { available: true })).statusCode).toBe(200);
    view = await board();
    expect(view.courts.map((c) => c.status)).toEqual(["playing", "playing"]);
  });

  it("a court with a game on it asks first (409, nothing changes), then ends it, its players to the front", async () => {
    const before = await bothCourtsPlaying();
    const court = before.courts[0]!;
    const refused = await setCourt(court.id, { available: false });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: "COURT_IN_USE",
      message:
        "Court 1 has a game running. Take it out and put its 4 players back at the front of the queue?",
    });
    expect((await setCourt(court.id, { available: false, endRunningGame: false })).statusCode).toBe(409);
    expect((await board()).courts[0]!.game!.id).toBe(court.game!.id);

    expect((await setCourt(court.id, { available: false, endRunningGame: true })).statusCode).toBe(200);
    const after = await board();
    expect(after.courts[0]).toMatchObject({ status: "unavailable", held: false, game: null });
    expect(ids(after.queue).slice(0, 4)).toEqual(onCourt(court));
    // Back in play, the court takes the group at the front: those four.
    await setCourt(court.id, { available: true });
    expect(new Set(onCourt((await board()).courts[0]!))).toEqual(new Set(onCourt(court)));
  });

  it("a court kept free after a cancel goes out without asking", async () => {
    const before = await bothCourtsPlaying();
    await post(`/games/${before.courts[0]!.game!.id}/cancel`);
    expect((await setCourt(before.courts[0]!.id, { available: false })).statusCode).toBe(200);
    expect((await board()).courts[0]).toMatchObject({ status: "unavailable", held: false });
  });
});

describe("singles", () => {
  it("switched mid-game, a court plays singles from its next game", async () => {
    const before = await bothCourtsPlaying();
    const court = before.courts[0]!;
    const settings = await t.request({
      method: "PUT",
      url: `/api/orgs/${orgId}/board/settings`,
      cookie: owner.cookie,
      payload: { mode: "fair", singlesCourts: [court.id] },
    });
    expect(settings.statusCode).toBe(200);
    let view = await board();
    expect(view.courts[0]).toMatchObject({ singles: true, status: "playing" });
    expect(onCourt(view.courts[0]!)).toEqual(onCourt(court));
    // Its next group is of two: those waiting named, any back on from this game counted.
    expect(view.courts[0]!.nextUp.length + view.courts[0]!.comingOff).toBe(2);
    await post(`/games/${court.game!.id}/score`, { scoreA: 11, scoreB: 4 });
    view = await board();
    expect(view.courts[0]!.game!.teamA).toHaveLength(1);
    expect(view.courts[0]!.game!.teamB).toHaveLength(1);
  });
});

describe("taking a court out of the club's play from Settings", () => {
  const patch = (courtId: string, payload: object) =>
    t.request({
      method: "PATCH",
      url: `/api/orgs/${orgId}/courts/${courtId}`,
      cookie: owner.cookie,
      payload,
    });

  it("asks first when the live board has a game on it, then ends it, its players to the front", async () => {
    const before = await bothCourtsPlaying();
    const court = before.courts[1]!;
    const refused = await patch(court.id, { isActive: false });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      "Court 2 has a game running. Take it out and put its 4 players back at the front of the queue?",
    );
    const [row] = await t.db.select().from(courts).where(eq(courts.id, court.id));
    expect(row!.isActive).toBe(true);

    const done = await patch(court.id, { isActive: false, endRunningGame: true });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ id: court.id, isActive: false });
    const after = await board();
    expect(after.courts.map((c) => c.id)).toEqual([before.courts[0]!.id]);
    expect(ids(after.queue).slice(0, 4)).toEqual(onCourt(court));
    // Nobody is left on a court that is no longer on the board.
    expect(after.stats.waiting).toBe(8);

    expect((await patch(court.id, { isActive: true })).statusCode).toBe(200);
  });

  it("a free court, or any court with no live session, goes out without asking", async () => {
    await activeSessionWith(t, orgId, 4);
    const courtId = (await board()).courts[1]!.id;
    expect((await patch(courtId, { isActive: false })).statusCode).toBe(200);
    expect((await patch(courtId, { isActive: true })).statusCode).toBe(200);
    await t.db.update(sessions).set({ status: "completed" }).where(eq(sessions.organizationId, orgId));
    expect((await patch(courtId, { isActive: false, endRunningGame: true })).statusCode).toBe(200);
    expect((await patch(courtId, { isActive: true, name: "Court Two" })).statusCode).toBe(200);
  });
});
