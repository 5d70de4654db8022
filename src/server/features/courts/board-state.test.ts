// The board's state read with or without each player's partners and opponents: a fill weighs
// them; everything else (the line's order, the view, up-next) reads the queue without them,
// and a fill never runs without them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activeSessionWith, makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { loadState, lockBoard } from "./board-store.js";
import { courtIsFree, decideAssignments } from "./rotation.js";

let t: TestApp;
let owner: TestUser;
let orgId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUser(t, "owner@board-state.example");
  orgId = (await makeClub(t, owner, [], { courtsCount: 2 })).id;
});
afterAll(async () => {
  await t?.close();
});

const post = (path: string, payload?: object) =>
  t.request({ method: "POST", url: `/api/orgs/${orgId}/board${path}`, cookie: owner.cookie, payload });

describe("the board's state", () => {
  it("reads partners and opponents only when asked, or when a court is free", async () => {
    // Ten walk-ins on two courts: both courts filled, then one game scored (its court refills).
    const session = await activeSessionWith(t, orgId, 10);
    expect((await post("/fill")).statusCode).toBe(200);
    const first = (await loadState(t.db, orgId, session.id, true)).playing[0]!;
    expect((await post(`/games/${first.id}/score`, { winner: "A" })).statusCode).toBe(200);

    const withHistory = await loadState(t.db, orgId, session.id, true);
    expect(withHistory.historyRead).toBe(true);
    // Each game a player was put on, finished or playing, left a partner and two opponents.
    const onCourt = new Set(withHistory.playing.flatMap((g) => [...g.teamA, ...g.teamB]));
    expect(withHistory.players.filter((p) => p.gamesPlayed > 0)).toHaveLength(4);
    for (const p of withHistory.players) {
      const placed = p.gamesPlayed + (onCourt.has(p.registrationId) ? 1 : 0);
      expect(p.partners).toHaveLength(placed);
      expect(p.opponents).toHaveLength(2 * placed);
    }

    const plain = await loadState(t.db, orgId, session.id);
    expect(plain.historyRead).toBe(false);
    expect(plain.players.map((p) => p.registrationId)).toEqual(
      withHistory.players.map((p) => p.registrationId),
    );
    expect(plain.players.every((p) => p.partners.length === 0 && p.opponents.length === 0)).toBe(true);

    // Both courts are playing: asked "when a court is free", it is not read.
    const board = await t.db.transaction((tx) =>
      lockBoard(tx, { organizationId: orgId, id: session.id, teams: "open" }),
    );
    const whenFree = await loadState(t.db, orgId, session.id, (courts) =>
      courts.courts.some((c) => courtIsFree(board, courts, c.id)),
    );
    expect(whenFree.playing).toHaveLength(2);
    expect(whenFree.historyRead).toBe(false);
  });

  it("refuses to fill a free court from a state read without them", async () => {
    const session = await activeSessionWith(t, orgId, 6);
    const board = await t.db.transaction((tx) =>
      lockBoard(tx, { organizationId: orgId, id: session.id, teams: "open" }),
    );
    const plain = await loadState(t.db, orgId, session.id);
    expect(plain.playing).toHaveLength(0);
    expect(() => decideAssignments(board, plain, Date.now())).toThrow(/partners and opponents/);
    const full = await loadState(t.db, orgId, session.id, true);
    expect(decideAssignments(board, full, Date.now()).assignments).toHaveLength(1);
  });
});
