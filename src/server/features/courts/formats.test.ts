// Every rotation format chosen on the board runs a session through the API, with the rules
// each one promises: king of the court moves, singles courts, organizers' pairings, byes,
// late arrivals at the median, and skill-balanced teams from the ladder's ratings.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BoardView } from "../../../shared/contracts/board.js";
import { winChance } from "../../../shared/rating/skill.js";
import { ROTATION_MODES } from "../../../shared/rotation/types.js";
import { queuePlayers } from "../../db/schema/courts.js";
import { playerRatings } from "../../db/schema/ladder.js";
import { sessionRegistrations } from "../../db/schema/sessions.js";
import { activeSessionWith, makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { refreshQueue } from "./actions.js";

let t: TestApp;
let owner: TestUser;
let members: TestUser[];
let orgId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUser(t, "owner@formats.example");
  members = await Promise.all(Array.from({ length: 4 }, (_, i) => makeUser(t, `m${i}@formats.example`)));
  orgId = (
    await makeClub(
      t,
      owner,
      members.map((m) => [m, "member"]),
      { courtsCount: 3 },
    )
  ).id;
});
afterAll(async () => {
  await t?.close();
});

const sessionWith = (guests: number, withMembers: TestUser[] = []) =>
  activeSessionWith(t, orgId, guests, withMembers, "Format Night");

const board = async (): Promise<BoardView> =>
  (await t.request({ method: "GET", url: `/api/orgs/${orgId}/board`, cookie: owner.cookie })).json();
const post = (path: string, payload?: object) =>
  t.request({ method: "POST", url: `/api/orgs/${orgId}/board${path}`, cookie: owner.cookie, payload });
const settings = (payload: object) =>
  t.request({ method: "PUT", url: `/api/orgs/${orgId}/board/settings`, cookie: owner.cookie, payload });
const ids = (people: { registrationId: string }[]) => people.map((p) => p.registrationId);

/** Records a win for team A on every court in play. */
async function finishRound(view: BoardView) {
  for (const court of view.courts)
    if (court.game)
      expect((await post(`/games/${court.game.id}/score`, { scoreA: 11, scoreB: 6 })).statusCode).toBe(200);
}

describe("rotation formats on the board", () => {
  it.each(ROTATION_MODES)("%s runs a session: courts filled, nobody on two courts", async (mode) => {
    await sessionWith(14);
    expect((await settings({ mode })).statusCode).toBe(200);
    expect((await post("/fill")).statusCode).toBe(200);
    for (let round = 0; round < 4; round++) {
      const view = await board();
      expect(view.mode).toBe(mode);
      const onCourt = view.courts.flatMap((c) =>
        c.game ? [...ids(c.game.teamA), ...ids(c.game.teamB)] : [],
      );
      expect(new Set(onCourt).size).toBe(onCourt.length);
      expect(onCourt).toHaveLength(12);
      // Walk-ins have no rating: no chance is shown for their games.
      for (const court of view.courts) expect(court.game?.chanceA ?? null).toBeNull();
      await finishRound(view);
    }
  });

  it("king of the court: winners move up, losers down, and last game's partners split", async () => {
    await sessionWith(14);
    await settings({ mode: "king-of-the-court" });
    await post("/fill");
    const before = await board();
    const [c1, c2] = before.courts.map((c) => c.game!);
    // Mid-round, the board shows who is moving to each court.
    await post(`/games/${c2!.id}/score`, { scoreA: 11, scoreB: 6 });
    const midRound = await board();
    expect(ids(midRound.courts[0]!.nextUp)).toEqual(expect.arrayContaining(ids(c2!.teamA)));
    await finishRound(midRound);
    const after = await board();
    const top = after.courts[0]!.game!;
    expect(new Set([...ids(top.teamA), ...ids(top.teamB)])).toEqual(
      new Set([...ids(c1!.teamA), ...ids(c2!.teamA)]),
    );
    const [w1, w2] = ids(c1!.teamA);
    expect([ids(top.teamA), ids(top.teamB)].some((team) => team.includes(w1!) && team.includes(w2!))).toBe(
      false,
    );
    const second = after.courts[1]!.game!;
    expect([...ids(second.teamA), ...ids(second.teamB)]).toEqual(expect.arrayContaining(ids(c1!.teamB)));
  });

  it("a court switched to singles takes one player a side", async () => {
    await sessionWith(10);
    const view = await board();
    const third = view.courts[2]!;
    expect((await settings({ mode: "fair", singlesCourts: [third.id] })).statusCode).toBe(200);
    await post("/fill");
    const filled = await board();
    expect(filled.courts[2]).toMatchObject({ singles: true });
    expect([filled.courts[2]!.game!.teamA.length, filled.courts[2]!.game!.teamB.length]).toEqual([1, 1]);
    await finishRound(filled);
    expect((await board()).courts.filter((c) => c.game).length).toBe(3);
    await finishRound(await board());
    // The fairness report counts no partners on a singles court.
    const report = (
      await t.request({ method: "GET", url: `/api/orgs/${orgId}/board/report`, cookie: owner.cookie })
    ).json();
    expect(report).toMatchObject({ gamesFinished: 6, partnerRepeats: 0 });
  });

  it("fixed partners stay together and kept-apart players are never partners", async () => {
    await sessionWith(12);
    const line = ids((await board()).queue);
    const [a, b, c, d] = line as [string, string, string, string];
    expect(
      (await settings({ mode: "fair", pairings: { together: [[a, b]], apart: [[c, d]] } })).statusCode,
    ).toBe(200);
    await post("/fill");
    for (let round = 0; round < 4; round++) {
      const view = await board();
      expect(view.pairings.together.map((pair) => ids(pair))).toEqual([[a, b]]);
      for (const court of view.courts) {
        if (!court.game) continue;
        const teams = [ids(court.game.teamA), ids(court.game.teamB)];
        const players = teams.flat();
        if (players.includes(a) || players.includes(b))
          expect(teams.some((t) => t.includes(a) && t.includes(b))).toBe(true);
        expect(teams.some((t) => t.includes(c) && t.includes(d))).toBe(false);
      }
      await finishRound(view);
    }
  });

  it("refuses pairings of unknown players, of one player with themself, or two fixed partners at once", async () => {
    await sessionWith(8);
    const [a, b, c] = ids((await board()).queue) as [string, string, string];
    const stranger = "00000000-0000-4000-8000-000000000000";
    expect(
      (await settings({ mode: "fair", pairings: { together: [[a, stranger]], apart: [] } })).statusCode,
    ).toBe(404);
    expect((await settings({ mode: "fair", pairings: { together: [[a, a]], apart: [] } })).statusCode).toBe(
      400,
    );
    expect(
      (
        await settings({
          mode: "fair",
          pairings: {
            together: [
              [a, b],
              [a, c],
            ],
            apart: [],
          },
        })
      ).statusCode,
    ).toBe(400);
    expect((await settings({ mode: "fair", singlesCourts: [stranger] })).statusCode).toBe(404);
  });

  it("a first-round bye sits the first round; asked for too late it is refused", async () => {
    await sessionWith(13);
    const line = ids((await board()).queue);
    const resting = line[0]!;
    expect((await post(`/players/${resting}`, { action: "bye" })).statusCode).toBe(200);
    expect((await board()).queue.find((q) => q.registrationId === resting)?.wantsBye).toBe(true);
    await post("/fill");
    const view = await board();
    expect(ids(view.queue)).toContain(resting);
    await finishRound(view);
    const played = (await board()).queue.find((q) => q.gamesPlayed > 0)!.registrationId;
    const late = await post(`/players/${played}`, { action: "bye" });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe("BYE_TOO_LATE");
  });

  it("a late arrival joins at the median of games played", async () => {
    const session = await sessionWith(8);
    await post("/fill");
    for (let round = 0; round < 2; round++) await finishRound(await board());
    const [registration] = await t.db
      .insert(sessionRegistrations)
      .values({
        organizationId: orgId,
        sessionId: session.id,
        guestName: "Latecomer",
        status: "registered",
        seq: 99,
        checkedInAt: new Date(),
      })
      .returning();
    await refreshQueue(t.deps, orgId);
    const [row] = await t.db
      .select()
      .from(queuePlayers)
      .where(eq(queuePlayers.registrationId, registration!.id));
    expect(row).toMatchObject({ gamesPlayed: 0, gamesCredit: 2 });
  });

  it("skill-balanced play builds even teams from the club's ladder ratings", async () => {
    const session = await sessionWith(0, members);
    const ratings = [2000, 1950, 1050, 1000];
    // Elo says otherwise (2000, 1000, 1950, 1050): teams balanced by it would be the skill's
    // strongest two together, 950 apart, so the test fails if the wrong estimate is read.
    const elo = [2000, 1000, 1950, 1050];
    await t.db.insert(playerRatings).values(
      members.map((m, i) => ({
        organizationId: orgId,
        format: "doubles" as const,
        userId: m.id,
        rating: elo[i]!,
        // Skill-balanced play weighs the skill estimate, which the ladder keeps beside Elo.
        skillMu: ratings[i]!,
        skillSigma: 60,
        lastChange: 0,
        streak: 0,
        games: 10,
        wins: 5,
      })),
    );
    await settings({ mode: "skill-balanced" });
    await post("/fill");
    const game = (await board()).courts.find((c) => c.game)!.game!;
    const registrations = await t.db
      .select({ id: sessionRegistrations.id, userId: sessionRegistrations.userId })
      .from(sessionRegistrations)
      .where(and(eq(sessionRegistrations.sessionId, session.id)));
    const ratingOf = (registrationId: string) => {
      const userId = registrations.find((r) => r.id === registrationId)!.userId!;
      return ratings[members.findIndex((m) => m.id === userId)]!;
    };
    const average = (team: { registrationId: string }[]) =>
      team.reduce((s, p) => s + ratingOf(p.registrationId), 0) / team.length;
    // The strongest two together would be 950 apart; balanced, 0 apart.
    expect(Math.abs(average(game.teamA) - average(game.teamB))).toBeLessThanOrEqual(25);
    // Everyone on court is rated: the board shows each side's chance, from the same estimates.
    const skill = (team: { registrationId: string }[]) =>
      team.map((p) => ({ mu: ratingOf(p.registrationId), sigma: 60 }));
    expect(game.chanceA).toBe(Math.round(100 * winChance(skill(game.teamA), skill(game.teamB))));
  });
});
