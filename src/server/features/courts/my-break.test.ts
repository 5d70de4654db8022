// A player steps away from their own phone and comes back: off the line while on a break, back
// in it after, and only ever for themself.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BoardView } from "../../../shared/contracts/board.js";
import { activeSessionWith, makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
let owner: TestUser;
let players: TestUser[];
let stranger: TestUser;
let orgId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUser(t, "owner@break.example");
  stranger = await makeUser(t, "stranger@break.example");
  players = await Promise.all(Array.from({ length: 6 }, (_, i) => makeUser(t, `p${i}@break.example`)));
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
const mine = (who: TestUser, action: string) =>
  t.request({ method: "POST", url: `/api/orgs/${orgId}/board/me`, cookie: who.cookie, payload: { action } });

describe("a player's own break", () => {
  it("takes them out of the line and back in, and says so on their phone", async () => {
    await activeSessionWith(t, orgId, 0, players);
    const me = players[5]!;
    expect((await board(me)).me?.state).toBe("waiting");
    const away = await mine(me, "break");
    expect(away.statusCode, away.body).toBe(200);
    const onBreak = await board(me);
    expect(onBreak.me?.state).toBe("on-break");
    expect(onBreak.queue.map((q) => q.name)).not.toContain(me.name);
    expect((await mine(me, "return")).statusCode).toBe(200);
    const back = await board(me);
    expect(back.me?.state).not.toBe("on-break");
    expect(back.queue.map((q) => q.name)).toContain(me.name);
  });

  it("is only ever the caller's own: no one else's, nothing for someone not checked in, 404 in another club", async () => {
    const before = (await board(owner)).queue.map((q) => q.name);
    // The owner is not checked in: there is no place of theirs to act on, and nobody else's moves.
    const notIn = await mine(owner, "break");
    expect(notIn.statusCode).toBe(404);
    expect(notIn.json().error.message).toBe("You are not checked in to tonight's session");
    expect((await board(owner)).queue.map((q) => q.name)).toEqual(before);
    expect((await mine(stranger, "break")).statusCode).toBe(404);
    const bad = await mine(players[0]!, "remove");
    expect(bad.statusCode).toBe(400);
  });
});
