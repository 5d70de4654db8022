// As many players as places (8 on 2 courts): a court whose four come off while nobody else
// waits is not refilled with the same four; it waits for the other court, the board says so,
// and when that frees the two groups mix.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BoardView } from "../../../shared/contracts/board.js";
import { activeSessionWith, clubOfMembers, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

const MIN = 60_000;
let t: TestApp;
let owner: TestUser;
let members: TestUser[];
let orgId: string;
let clock = new Date();

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  ({ owner, members, orgId } = await clubOfMembers(t, "mixing.example", 8, { courtsCount: 2 }));
});
afterAll(async () => {
  await t?.close();
});

const board = async (): Promise<BoardView> =>
  (await t.request({ method: "GET", url: `/api/orgs/${orgId}/board`, cookie: owner.cookie })).json();
const score = async (gameId: string) => {
  const scored = await t.request({
    method: "POST",
    url: `/api/orgs/${orgId}/board/games/${gameId}/score`,
    cookie: owner.cookie,
    payload: { scoreA: 11, scoreB: 7 },
  });
  expect(scored.statusCode, scored.body).toBe(200);
};
const partners = (view: BoardView) =>
  view.courts.flatMap((c) =>
    c.game
      ? [c.game.teamA, c.game.teamB].map((team) =>
          team
            .map((p) => p.name)
            .sort()
            .join(" & "),
        )
      : [],
  );

describe("a court whose four came off together, with nobody else waiting", () => {
  it("waits for the next court, says so, and then the two groups mix", async () => {
    await activeSessionWith(t, orgId, 0, members);
    expect(
      (await t.request({ method: "POST", url: `/api/orgs/${orgId}/board/fill`, cookie: owner.cookie }))
        .statusCode,
    ).toBe(200);
    const first = await board();
    expect(first.courts.every((c) => c.status === "playing")).toBe(true);
    const before = new Set(partners(first));
    const [one, two] = first.courts;

    // Ten minutes in, court 1's game ends; court 2's should end within a few minutes.
    clock = new Date(clock.getTime() + 10 * MIN);
    await score(one!.game!.id);
    const waiting = await board();
    const court = waiting.courts.find((c) => c.id === one!.id)!;
    expect(court).toMatchObject({ status: "idle", game: null, waitingToMix: true, keptForTheEnd: false });
    expect(court.nextUp).toHaveLength(4);
    expect(waiting.courts.find((c) => c.id === two!.id)!.waitingToMix).toBe(false);

    clock = new Date(clock.getTime() + 2 * MIN);
    await score(two!.game!.id);
    const mixed = await board();
    expect(mixed.courts.every((c) => c.status === "playing" && !c.waitingToMix)).toBe(true);
    // Nobody partners last game's partner, and each court takes players from both groups.
    expect(partners(mixed).filter((pair) => before.has(pair))).toEqual([]);
    const groupOf = (name: string) =>
      [one!, two!].findIndex((c) => [...c.game!.teamA, ...c.game!.teamB].some((p) => p.name === name));
    for (const c of mixed.courts) {
      const groups = new Set([...c.game!.teamA, ...c.game!.teamB].map((p) => groupOf(p.name)));
      expect(groups.size).toBe(2);
    }
  });
});
