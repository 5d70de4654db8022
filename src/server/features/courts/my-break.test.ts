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
let clockAhead = 0;

beforeAll(async () => {
  // The board's clock runs with the real one, and a test may move it on (the time to answer).
  t = await createTestApp({ now: () => new Date(Date.now() + clockAhead) });
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
    // One of the two the court's next group leaves out.
    const next = (await board(owner)).courts[0]!.nextUp.map((p) => p.name);
    const me = players.find((p) => !next.includes(p.name))!;
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

  it("a skip takes the player out of the next group: the board, their phone and the next game agree", async () => {
    // Six members on one court: four play, two wait with fewer games, up next with two of the four.
    await activeSessionWith(t, orgId, 0, players);
    const fill = await t.request({
      method: "POST",
      url: `/api/orgs/${orgId}/board/fill`,
      cookie: owner.cookie,
    });
    expect(fill.statusCode).toBe(200);
    const before = (await board(owner)).courts[0]!;
    const me = players.find((p) => before.nextUp.some((n) => n.name === p.name))!;
    expect(me, "a member up next").toBeDefined();
    expect((await board(me)).me?.state).toBe("up-next");

    const skipped = await mine(me, "skip");
    expect(skipped.statusCode).toBe(200);
    expect(skipped.json().neededNext).toBe(false);
    const after = (await board(owner)).courts[0]!;
    expect(after.nextUp.map((n) => n.name)).not.toContain(me.name);
    expect(after.nextUp.length + after.comingOff).toBe(4);
    expect((await board(me)).me?.state).toBe("waiting");

    // The game ends: the next one goes on without them, and they are due again after it.
    const scored = await t.request({
      method: "POST",
      url: `/api/orgs/${orgId}/board/games/${before.game!.id}/score`,
      cookie: owner.cookie,
      payload: { winner: "A" },
    });
    expect(scored.statusCode).toBe(200);
    const next = (await board(owner)).courts[0]!;
    expect([...next.game!.teamA, ...next.game!.teamB].map((p) => p.name)).not.toContain(me.name);
    expect(next.nextUp.map((n) => n.name)).toContain(me.name);
  });

  it("a skip when the next group cannot be made without them says they are needed", async () => {
    // Four players for one court: nobody can sit this one out.
    await activeSessionWith(t, orgId, 0, players.slice(0, 4));
    const skipped = await mine(players[0]!, "skip");
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json().neededNext).toBe(true);
    expect(["up-next", "playing"]).toContain((await board(players[0]!)).me?.state);
  });

  it("'on my way' answers a call: further back in the line there is nothing to answer", async () => {
    // Six members and one free court: the first four are up next, two wait behind them.
    await activeSessionWith(t, orgId, 0, players);
    const upNext = (await board(owner)).courts[0]!.nextUp.map((p) => p.name);
    expect(upNext).toHaveLength(4);
    const behind = players.find((p) => !upNext.includes(p.name))!;
    const refused = await mine(behind, "on-my-way");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      "You have not been called to a court yet: you'll hear when you are.",
    );
  });

  it("unanswered after the club's time, the organizer calls the next group instead: those not there go on a break", async () => {
    // Members only: each of the four called could answer.
    await activeSessionWith(t, orgId, 0, players);
    const settings = await t.request({
      method: "PUT",
      url: `/api/orgs/${orgId}/board/settings`,
      cookie: owner.cookie,
      payload: { mode: "fair", callTimeoutMinutes: 3 },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(
      (await t.request({ method: "POST", url: `/api/orgs/${orgId}/board/fill`, cookie: owner.cookie }))
        .statusCode,
    ).toBe(200);
    const filled = await board(owner);
    expect(filled.callTimeoutMinutes).toBe(3);
    const game = filled.courts[0]!.game!;
    const called = [...game.teamA, ...game.teamB];
    // One of the four answers; the other three do not.
    const here = players.filter((p) => called.some((c) => c.name === p.name)).slice(0, 1);
    expect((await mine(here[0]!, "on-my-way")).statusCode).toBe(200);
    const absent = called.filter((c) => c.name !== here[0]!.name);

    const nextGroup = () =>
      t.request({
        method: "POST",
        url: `/api/orgs/${orgId}/board/games/${game.id}/next-group`,
        cookie: owner.cookie,
      });
    // Before the time to answer has passed, the game stands.
    const early = await nextGroup();
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe("Give them 3 minutes from the call to answer.");
    clockAhead += 4 * 60_000;
    const instead = await nextGroup();
    expect(instead.statusCode, instead.body).toBe(200);
    const after = await board(owner);
    // Three on a break leave three for a court of four: it waits for the next to arrive.
    const newGame = after.courts[0]!.game;
    const nowOn = newGame ? [...newGame.teamA, ...newGame.teamB].map((p) => p.name) : [];
    expect(newGame?.id).not.toBe(game.id);
    // Those who did not answer are on a break, off the court and the line; the one who did is
    // back on court or first in line.
    const line = after.queue.map((q) => q.name);
    for (const name of absent.map((a) => a.name)) {
      expect(nowOn).not.toContain(name);
      expect(line).not.toContain(name);
      expect(after.onBreak.map((p) => p.name)).toContain(name);
    }
    expect(nowOn.includes(here[0]!.name) || line[0] === here[0]!.name).toBe(true);

    // A member can't ask for it; with nobody missing there is nothing to replace.
    const byMember = await t.request({
      method: "POST",
      url: `/api/orgs/${orgId}/board/games/${game.id}/next-group`,
      cookie: players[0]!.cookie,
    });
    expect(byMember.statusCode).toBe(403);
  });
});
