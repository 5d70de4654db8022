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

describe("answering a call", () => {
  it("'on my way' shows on the court's card and the player's phone until their game ends; a skip lets the next group go ahead", async () => {
    await activeSessionWith(t, orgId, 4, players);
    expect(
      (await t.request({ method: "POST", url: `/api/orgs/${orgId}/board/fill`, cookie: owner.cookie }))
        .statusCode,
    ).toBe(200);
    const filled = await board(owner);
    const court = filled.courts[0]!;
    const idOf = (who: TestUser) => filled.queue.find((q) => q.name === who.name)?.registrationId;
    const onCourt = [...court.game!.teamA, ...court.game!.teamB];
    const playing = players.find((p) => onCourt.some((o) => o.name === p.name))!;
    const upNext = players.find((p) => court.nextUp.some((n) => n.name === p.name))!;
    expect(playing, "a member on court").toBeDefined();
    expect(upNext, "a member up next").toBeDefined();

    expect((await mine(playing, "on-my-way")).statusCode).toBe(200);
    expect((await mine(upNext, "on-my-way")).statusCode).toBe(200);
    const answered = await board(owner);
    const ids = answered.courts[0]!.answered;
    expect(ids).toContain(onCourt.find((o) => o.name === playing.name)!.registrationId);
    expect(ids).toContain(idOf(upNext));
    expect((await board(playing)).me).toMatchObject({ state: "playing", answered: true });

    // The game ends: the answer was for that call, and the next call starts unanswered.
    const scored = await t.request({
      method: "POST",
      url: `/api/orgs/${orgId}/board/games/${court.game!.id}/score`,
      cookie: owner.cookie,
      payload: { winner: "A" },
    });
    expect(scored.statusCode).toBe(200);
    expect((await board(playing)).me?.answered).toBe(false);

    // Waiting, a skip sends them to the back of the line; on court there is nothing to skip.
    const after = await board(owner);
    const waiting = players.find((p) => after.queue.slice(0, -1).some((q) => q.name === p.name))!;
    expect(waiting, "a member waiting, not last").toBeDefined();
    expect((await mine(waiting, "skip")).statusCode).toBe(200);
    expect((await board(owner)).queue.at(-1)?.name).toBe(waiting.name);
    const nowPlaying = players.find((p) =>
      [...after.courts[0]!.game!.teamA, ...after.courts[0]!.game!.teamB].some((o) => o.name === p.name),
    )!;
    const refused = await mine(nowPlaying, "skip");
    expect(refused.statusCode).toBe(409);
  });
});
