// As many players as places (8 on 2 courts): a court whose four come off while nobody else
// waits, having partnered each other every way, is not refilled with the same four; it waits for
// the other court, the board says so, and when that frees the two groups mix.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BoardView } from "../../../shared/contracts/board.js";
import { queuePlayers } from "../../db/schema/courts.js";
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
const fill = () => t.request({ method: "POST", url: `/api/orgs/${orgId}/board/fill`, cookie: owner.cookie });

/**
 * A fresh night of the 8 on both courts, court 1's four having partnered each other every way
 * already (earlier games, in counts); ten minutes in, court 1's game ends, and court 2's should
 * end within a few minutes.
 */
async function courtOneComesOff() {
  await activeSessionWith(t, orgId, 0, members);
  expect((await fill()).statusCode).toBe(200);
  const first = await board();
  expect(first.courts.every((c) => c.status === "playing")).toBe(true);
  const [one, two] = first.courts;
  const four = [...one!.game!.teamA, ...one!.game!.teamB].map((p) => p.registrationId);
  for (const id of four)
    await t.db
      .update(queuePlayers)
      .set({ partners: four.filter((other) => other !== id) })
      .where(eq(queuePlayers.registrationId, id));
  const partneredBefore = new Set(
    four.flatMap((a) => four.filter((b) => b !== a).map((b) => [a, b].sort().join("|"))),
  );
  for (const team of [two!.game!.teamA, two!.game!.teamB])
    partneredBefore.add(
      team
        .map((p) => p.registrationId)
        .sort()
        .join("|"),
    );
  clock = new Date(clock.getTime() + 10 * MIN);
  await score(one!.game!.id);
  return { one: one!, two: two!, four, partneredBefore };
}

describe("a court whose four came off together, with nobody else waiting", () => {
  it("waits for the next court, says so, and then the two groups mix", async () => {
    const { one, two, four, partneredBefore } = await courtOneComesOff();
    const waiting = await board();
    const court = waiting.courts.find((c) => c.id === one.id)!;
    expect(court).toMatchObject({ status: "idle", game: null, waitingToMix: true, keptForTheEnd: false });
    // Nobody goes on there yet. When the next court frees, both take a group: the board
    // announces the two it will make, each with players from both fours.
    const next = waiting.courts.find((c) => c.id === two.id)!;
    expect(next.waitingToMix).toBe(false);
    // Those waiting (the four come off) are named, the players still on court two counted.
    for (const group of [court, next]) {
      expect(group.nextUp.length + group.comingOff).toBe(4);
      expect(group.nextUp.length).toBeGreaterThan(0);
      expect(group.nextUp.every((p) => four.includes(p.registrationId))).toBe(true);
      expect(group.comingOff).toBeGreaterThan(0);
    }

    clock = new Date(clock.getTime() + 2 * MIN);
    await score(two.game!.id);
    const mixed = await board();
    expect(mixed.courts.every((c) => c.status === "playing" && !c.waitingToMix)).toBe(true);
    // Those named went on where they were announced.
    for (const announced of [court, next]) {
      const game = mixed.courts.find((m) => m.id === announced.id)!.game!;
      const on = [...game.teamA, ...game.teamB].map((p) => p.registrationId);
      expect(announced.nextUp.every((p) => on.includes(p.registrationId))).toBe(true);
    }
    // Nobody partners anyone they have partnered, and each court takes players from both groups.
    const pairs = mixed.courts.flatMap((c) =>
      [c.game!.teamA, c.game!.teamB].map((team) =>
        team
          .map((p) => p.registrationId)
          .sort()
          .join("|"),
      ),
    );
    expect(pairs.filter((pair) => partneredBefore.has(pair))).toEqual([]);
    const groupOf = (name: string) =>
      [one, two].findIndex((c) => [...c.game!.teamA, ...c.game!.teamB].some((p) => p.name === name));
    for (const c of mixed.courts) {
      const groups = new Set([...c.game!.teamA, ...c.game!.teamB].map((p) => groupOf(p.name)));
      expect(groups.size).toBe(2);
    }
  });

  it("starts at once when the organizer presses Fill Courts", async () => {
    const { one, four } = await courtOneComesOff();
    expect((await board()).courts.find((c) => c.id === one.id)!.waitingToMix).toBe(true);
    expect((await fill()).statusCode).toBe(200);
    const started = (await board()).courts.find((c) => c.id === one.id)!;
    expect(started).toMatchObject({ status: "playing", waitingToMix: false });
    const on = [...started.game!.teamA, ...started.game!.teamB].map((p) => p.registrationId);
    expect(on.sort()).toEqual([...four].sort());
  });
});
