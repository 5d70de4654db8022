// One owner for each court: an event started while open play runs asks first, then takes the
// courts it needs (open play's games ended, their players back in line) and its players; the
// board, the phone and the event agree on whose each court is; open play keeps off the event's
// courts and players; finishing the event gives both back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BoardView } from "../../../shared/contracts/board.js";
import type { EventView } from "../../../shared/contracts/events.js";
import { activeSessionWith, makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
let organizer: TestUser;
let players: TestUser[];
let orgId: string;

beforeAll(async () => {
  t = await createTestApp();
  organizer = await makeUser(t, "organizer@event-courts.example", "Oona Organizer");
  players = [];
  for (const name of ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"])
    players.push(await makeUser(t, `${name.toLowerCase()}@event-courts.example`, `${name} Player`));
  orgId = (
    await makeClub(t, organizer, [...players.map((p) => [p, "member"] as [TestUser, "member"])], {
      courtsCount: 4,
    })
  ).id;
});
afterAll(async () => {
  await t?.close();
});

const call = (who: TestUser, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.request({ method, url, cookie: who.cookie, ...(payload === undefined ? {} : { payload }) });
const board = async (who: TestUser = organizer) =>
  (await call(who, "GET", `/api/orgs/${orgId}/board`)).json() as BoardView;
const eventUrl = (sessionId: string) => `/api/orgs/${orgId}/sessions/${sessionId}/event`;
const roundRobin = { format: "americano", rounds: 2, courts: 2, ending: "points", playTo: 11 };
const courtsOf = (view: BoardView, status: BoardView["courts"][number]["status"]) =>
  view.courts.filter((c) => c.status === status).map((c) => c.name);
const onCourt = (view: BoardView) =>
  view.courts.flatMap((c) => (c.game ? [...c.game.teamA, ...c.game.teamB] : [])).map((p) => p.registrationId);

describe("an event started while open play runs", () => {
  it("asks first, then holds its courts and players alone until it finishes", async () => {
    const session = await activeSessionWith(t, orgId, 4, players);
    const fill = await call(organizer, "POST", `/api/orgs/${orgId}/board/fill`);
    expect(fill.statusCode, fill.body).toBe(200);
    const before = await board();
    expect(courtsOf(before, "playing")).toEqual(["Court 1", "Court 2", "Court 3"]);

    // Open play's games are in the way: refused, naming them, and nothing changes.
    const asked = await call(organizer, "POST", eventUrl(session.id), roundRobin);
    expect(asked.statusCode, asked.body).toBe(409);
    expect(asked.json().error.code).toBe("OPEN_PLAY_RUNNING");
    expect(asked.json().error.message).toContain("Court 1, Court 2, Court 3");
    expect((await call(organizer, "GET", eventUrl(session.id))).json()).toBeNull();
    expect(courtsOf(await board(), "playing")).toEqual(["Court 1", "Court 2", "Court 3"]);

    // Said yes: the games end, the event takes the first two courts and all twelve players.
    const started = await call(organizer, "POST", eventUrl(session.id), { ...roundRobin, endOpenPlay: true });
    expect(started.statusCode, started.body).toBe(201);
    const event = started.json() as EventView;
    const during = await board();
    expect(courtsOf(during, "event")).toEqual(["Court 1", "Court 2"]);
    expect(courtsOf(during, "idle")).toEqual(["Court 3", "Court 4"]);
    expect(onCourt(during)).toEqual([]);
    expect(during.queue).toEqual([]);
    expect(during.stats.inEvent).toBe(12);
    // The event's games are on the courts the board shows as the event's, by name.
    const roundOne = event.games.filter((g) => g.stage === "round" && g.round === 1);
    expect(new Set(roundOne.map((g) => g.courtName))).toEqual(new Set(courtsOf(during, "event")));
    // A player's phone says where they are: in the event, not in open play's line.
    expect((await board(players[0]!)).me?.state).toBe("in-event");

    // The event's court is neither taken out nor brought back from the board.
    const court1 = during.courts.find((c) => c.name === "Court 1")!;
    for (const available of [false, true]) {
      const touched = await call(organizer, "PUT", `/api/orgs/${orgId}/board/courts/${court1.id}`, {
        available,
      });
      expect(touched.statusCode, touched.body).toBe(409);
      expect(touched.json().error.message).toContain("Court 1 is tonight's event's");
    }

    // Four walk-ins play open play beside it, on the courts the event left.
    for (const guestName of ["Walk One", "Walk Two", "Walk Three", "Walk Four"]) {
      const walkIn = await call(organizer, "POST", `/api/orgs/${orgId}/sessions/${session.id}/walk-ins`, {
        guestName,
      });
      expect(walkIn.statusCode, walkIn.body).toBe(201);
    }
    expect((await call(organizer, "POST", `/api/orgs/${orgId}/board/fill`)).statusCode).toBe(200);
    const beside = await board();
    expect(courtsOf(beside, "event")).toEqual(["Court 1", "Court 2"]);
    const openPlay = beside.courts.filter((c) => c.game);
    expect(openPlay.length).toBe(1);
    expect(["Court 3", "Court 4"]).toContain(openPlay[0]!.name);
    expect(
      openPlay[0]!
        .game!.teamA.concat(openPlay[0]!.game!.teamB)
        .map((p) => p.name)
        .sort(),
    ).toEqual(["Walk Four", "Walk One", "Walk Three", "Walk Two"]);

    // Finished: the courts are open play's again, the players back in its line.
    const finished = await call(organizer, "POST", `${eventUrl(session.id)}/finish`);
    expect(finished.statusCode, finished.body).toBe(200);
    const after = await board();
    expect(courtsOf(after, "event")).toEqual([]);
    expect(after.stats.inEvent).toBe(0);
    expect(after.queue.length).toBe(12);
    expect((await board(players[0]!)).me?.state).toMatch(/waiting|up-next/);
    // Open play starts again when the organizer says, and only then uses the event's courts.
    expect((await call(organizer, "POST", `/api/orgs/${orgId}/board/fill`)).statusCode).toBe(200);
    expect(courtsOf(await board(), "playing").length).toBe(4);
  });

  it("takes no more courts than are in play tonight", async () => {
    const session = await activeSessionWith(t, orgId, 4, players);
    const view = await board();
    // Two of the four courts are out tonight: a three-court round robin gets the two in play.
    for (const name of ["Court 1", "Court 4"]) {
      const court = view.courts.find((c) => c.name === name)!;
      const out = await call(organizer, "PUT", `/api/orgs/${orgId}/board/courts/${court.id}`, {
        available: false,
        endRunningGame: true,
      });
      expect(out.statusCode, out.body).toBe(200);
    }
    const started = await call(organizer, "POST", eventUrl(session.id), {
      ...roundRobin,
      courts: 3,
      endOpenPlay: true,
    });
    expect(started.statusCode, started.body).toBe(201);
    const event = started.json() as EventView;
    expect(event.event.courts).toBe(2);
    expect(new Set(event.games.map((g) => g.courtName))).toEqual(new Set(["Court 2", "Court 3"]));
    const during = await board();
    expect(courtsOf(during, "event")).toEqual(["Court 2", "Court 3"]);
    expect(courtsOf(during, "unavailable")).toEqual(["Court 1", "Court 4"]);
    // A second event on the same session is refused, the courts untouched.
    const again = await call(organizer, "POST", eventUrl(session.id), { ...roundRobin, endOpenPlay: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("EVENT_EXISTS");
    expect(courtsOf(await board(), "event")).toEqual(["Court 2", "Court 3"]);
  });
});
