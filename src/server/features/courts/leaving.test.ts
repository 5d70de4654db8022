// "I'm leaving at 8:30", from the player's own phone: the organizer sees it in the line, and
// once the time has come the player is not put on a court (the organizer can bring them back).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BoardView } from "../../../shared/contracts/board.js";
import { activeSessionWith, makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
let owner: TestUser;
let players: TestUser[];
let stranger: TestUser;
let orgId: string;
let clock = new Date();
const MIN = 60_000;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  owner = await makeUser(t, "owner@leaving.example");
  stranger = await makeUser(t, "stranger@leaving.example");
  players = await Promise.all(Array.from({ length: 5 }, (_, i) => makeUser(t, `p${i}@leaving.example`)));
  orgId = (
    await makeClub(
      t,
      owner,
      players.map((p) => [p, "member"] as [TestUser, "member"]),
      { courtsCount: 1 },
    )
  ).id;
  await makeClub(t, stranger);
});
afterAll(async () => {
  await t?.close();
});

const board = async (who: TestUser): Promise<BoardView> =>
  (await t.request({ method: "GET", url: `/api/orgs/${orgId}/board`, cookie: who.cookie })).json();
const leaving = (who: TestUser, leavesAt: string | null) =>
  t.request({
    method: "PUT",
    url: `/api/orgs/${orgId}/board/me/leaving`,
    cookie: who.cookie,
    payload: { leavesAt },
  });
const post = (url: string, payload: Record<string, unknown> = {}) =>
  t.request({ method: "POST", url, cookie: owner.cookie, payload });
const iso = (ms: number) => new Date(ms).toISOString();

describe("a player's own leaving time", () => {
  it("is declared, shown in the line and to the player, and cleared", async () => {
    clock = new Date();
    await activeSessionWith(t, orgId, 0, players);
    const me = players[4]!;
    const at = iso(clock.getTime() + 90 * MIN);
    const said = await leaving(me, at);
    expect(said.statusCode, said.body).toBe(200);
    expect(said.json().version).toBeGreaterThan(0);
    const view = await board(owner);
    const entry = view.queue.find((q) => q.name === me.name) ?? null;
    // One court, five players: the first action filled it, so the player may be on it.
    const mine = await board(me);
    expect(mine.me?.leavesAt).toBe(at);
    if (entry) expect(entry.leavesAt).toBe(at);
    for (const q of view.queue.filter((q) => q.name !== me.name)) expect(q.leavesAt).toBeNull();

    // An offset other than Z names the same instant.
    const local = new Date(clock.getTime() + 60 * MIN);
    const withOffset = `${new Date(local.getTime() - 4 * 60 * MIN).toISOString().slice(0, 19)}-04:00`;
    expect((await leaving(me, withOffset)).statusCode).toBe(200);
    expect(Date.parse((await board(me)).me!.leavesAt!)).toBe(Math.floor(local.getTime() / 1000) * 1000);

    expect((await leaving(me, null)).statusCode).toBe(200);
    expect((await board(me)).me?.leavesAt).toBeNull();
  });

  it("refuses a time that has passed or is more than 12 hours away, and anything not a time", async () => {
    const me = players[4]!;
    const past = await leaving(me, iso(clock.getTime() - MIN));
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toBe("That time has passed: choose a time later tonight.");
    const far = await leaving(me, iso(clock.getTime() + 13 * 60 * MIN));
    expect(far.statusCode).toBe(400);
    expect(far.json().error.message).toMatch(/more than 12 hours away/);
    expect((await leaving(me, "8:30 PM")).statusCode).toBe(400);
    // Without an offset the instant is unknown.
    expect((await leaving(me, "2026-11-26T20:30:00")).statusCode).toBe(400);
    expect((await board(me)).me?.leavesAt).toBeNull();
  });

  it("is only the caller's own: 404 when not checked in, 404 in another club", async () => {
    const notIn = await leaving(owner, iso(clock.getTime() + 30 * MIN));
    expect(notIn.statusCode).toBe(404);
    expect(notIn.json().error.message).toBe("You are not checked in to tonight's session");
    const elsewhere = await leaving(stranger, iso(clock.getTime() + 30 * MIN));
    expect(elsewhere.statusCode).toBe(404);
    expect((await board(owner)).queue.every((q) => q.leavesAt === null)).toBe(true);
  });

  it("once the time has come, the player is not put on a court, and the organizer can bring them back", async () => {
    clock = new Date();
    await activeSessionWith(t, orgId, 0, players);
    expect((await post(`/api/orgs/${orgId}/board/fill`)).statusCode).toBe(200);
    const filled = await board(owner);
    // Four on the one court, one waiting with no games: next on, unless they leave.
    expect(filled.queue).toHaveLength(1);
    const waiting = filled.queue[0]!;
    const me = players.find((p) => p.name === waiting.name)!;
    const at = clock.getTime() + 30 * MIN;
    expect((await leaving(me, iso(at))).statusCode).toBe(200);
    expect((await board(owner)).queue[0]!.leavesAt).toBe(iso(at));

    clock = new Date(at + MIN);
    const gameId = filled.courts[0]!.game!.id;
    const scored = await post(`/api/orgs/${orgId}/board/games/${gameId}/score`, { winner: "A" });
    expect(scored.statusCode, scored.body).toBe(200);
    const after = await board(owner);
    const onCourt = [...after.courts[0]!.game!.teamA, ...after.courts[0]!.game!.teamB].map((p) => p.name);
    expect(onCourt).toHaveLength(4);
    expect(onCourt).not.toContain(me.name);
    // Gone: not in the line; listed with those away, where the organizer brings players back.
    expect(after.queue.map((q) => q.name)).not.toContain(me.name);
    expect(after.onBreak.map((p) => p.name)).toContain(me.name);
    expect((await board(me)).me?.state).toBe("on-break");

    const back = await post(`/api/orgs/${orgId}/board/players/${waiting.registrationId}`, {
      action: "return",
    });
    expect(back.statusCode, back.body).toBe(200);
    const returned = await board(owner);
    const entry = returned.queue.find((q) => q.name === me.name);
    expect(entry?.leavesAt).toBeNull();
    expect(returned.onBreak.map((p) => p.name)).not.toContain(me.name);
  });

  it("stays through a break: back before the time, the player is still leaving then", async () => {
    clock = new Date();
    await activeSessionWith(t, orgId, 0, players);
    expect((await post(`/api/orgs/${orgId}/board/fill`)).statusCode).toBe(200);
    // The one waiting: those on the court cannot take a break mid-game.
    const waiting = (await board(owner)).queue[0]!;
    const me = players.find((p) => p.name === waiting.name)!;
    const at = iso(clock.getTime() + 90 * MIN);
    expect((await leaving(me, at)).statusCode).toBe(200);
    const mine = (action: string) =>
      t.request({
        method: "POST",
        url: `/api/orgs/${orgId}/board/me`,
        cookie: me.cookie,
        payload: { action },
      });
    expect((await mine("break")).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 10 * MIN);
    const back = await mine("return");
    expect(back.statusCode, back.body).toBe(200);
    expect((await board(me)).me?.leavesAt).toBe(at);
    const entry = (await board(owner)).queue.find((q) => q.name === me.name);
    if (entry) expect(entry.leavesAt).toBe(at);
  });
});
