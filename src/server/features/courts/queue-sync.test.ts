// The queue's bookkeeping that a board action does in SQL: a check-in undone takes the player
// out of the line, a late arrival joins with the median of games played, and a score counts one
// more game waited for those who sat through it, and only for them.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queuePlayers } from "../../db/schema/courts.js";
import { sessionRegistrations } from "../../db/schema/sessions.js";
import { activeSessionWith, clubOfMembers, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
let owner: TestUser;
let members: TestUser[];
let orgId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, members, orgId } = await clubOfMembers(t, "queue-sync.example", 14, { courtsCount: 2 }));
});
afterAll(async () => {
  await t?.close();
});

const post = (path: string, payload?: object) =>
  t.request({ method: "POST", url: `/api/orgs/${orgId}/board${path}`, cookie: owner.cookie, payload });
const queue = (sessionId: string) =>
  t.db
    .select()
    .from(queuePlayers)
    .where(and(eq(queuePlayers.organizationId, orgId), eq(queuePlayers.sessionId, sessionId)));
const board = async () =>
  (await t.request({ method: "GET", url: `/api/orgs/${orgId}/board`, cookie: owner.cookie })).json();

describe("a board action brings the queue in line", () => {
  it("counts a game waited for those who sat through a score, not for those on a court", async () => {
    // Thirteen: eight on the two courts, five waiting; the score puts four of them on.
    const session = await activeSessionWith(t, orgId, 0, members.slice(0, 13), "Waiting Night");
    expect((await post("/fill")).statusCode).toBe(200);
    const view = await board();
    const [first, second] = view.courts.map(
      (c: {
        game: { id: string; teamA: { registrationId: string }[]; teamB: { registrationId: string }[] };
      }) => c.game,
    );
    const onSecond = [...second.teamA, ...second.teamB].map(
      (p: { registrationId: string }) => p.registrationId,
    );
    expect((await post(`/games/${first.id}/score`, { winner: "A" })).statusCode).toBe(200);
    const rows = await queue(session.id);
    const waited = rows.filter((p) => p.gamesWaited > 0);
    // The one left waiting waited one game; the second court's players and the game's own did not.
    expect(waited).toHaveLength(1);
    expect(waited[0]!.gamesWaited).toBe(1);
    expect(onSecond).not.toContain(waited[0]!.registrationId);
    expect(rows.filter((p) => onSecond.includes(p.registrationId)).every((p) => p.gamesWaited === 0)).toBe(
      true,
    );
  });

  it("takes a player whose check-in is undone out of the line, and adds a late arrival at the median", async () => {
    const session = await activeSessionWith(t, orgId, 0, members.slice(0, 12), "Coming and Going");
    expect((await post("/fill")).statusCode).toBe(200);
    // Both courts scored once: eight players have played a game, the four on court 1 none.
    for (const court of [0, 1]) {
      const game = (await board()).courts[court].game;
      expect((await post(`/games/${game.id}/score`, { winner: "B" })).statusCode).toBe(200);
    }
    const waiting = (await board()).queue[0].registrationId as string;
    // The check-in undone, and a member arriving late, both before the next action.
    await t.db
      .update(sessionRegistrations)
      .set({ checkedInAt: null })
      .where(eq(sessionRegistrations.id, waiting));
    const [late] = await t.db
      .insert(sessionRegistrations)
      .values({
        organizationId: orgId,
        sessionId: session.id,
        userId: members[13]!.id,
        status: "registered",
        seq: 99,
        checkedInAt: new Date(),
      })
      .returning();
    const next = (await board()).courts[0].game;
    expect((await post(`/games/${next.id}/score`, { winner: "A" })).statusCode).toBe(200);
    const rows = await queue(session.id);
    expect(rows.find((p) => p.registrationId === waiting)?.present).toBe(false);
    const arrival = rows.find((p) => p.registrationId === late!.id);
    expect(arrival?.present).toBe(true);
    // The median of games played by those present when the arrival came: seven had played a
    // game, four none.
    expect(arrival?.gamesCredit).toBe(1);
    const after = await board();
    const everyone = [
      ...after.queue.map((q: { registrationId: string }) => q.registrationId),
      ...after.courts.flatMap(
        (c: { game: { teamA: { registrationId: string }[]; teamB: { registrationId: string }[] } | null }) =>
          c.game ? [...c.game.teamA, ...c.game.teamB].map((p) => p.registrationId) : [],
      ),
    ];
    expect(everyone).not.toContain(waiting);
    expect(everyone).toContain(late!.id);
  });
});
