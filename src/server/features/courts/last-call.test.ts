// The night's last call on a live board: a court that frees so near the end that its game would
// be the last, with only players a game ahead of those still on court waiting, stays empty, and
// the board says so on the court instead of calling anyone to it.
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BoardView } from "../../../shared/contracts/board.js";
import { games, queuePlayers } from "../../db/schema/courts.js";
import { followUps } from "../../platform/jobs/follow-ups.js";
import { SEND_EMAIL } from "../../platform/jobs/jobs.js";
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
  ({ owner, members, orgId } = await clubOfMembers(t, "last-call.example", 24, { courtsCount: 2 }));
});
afterAll(async () => {
  await t?.close();
});

const board = async (): Promise<BoardView> =>
  (await t.request({ method: "GET", url: `/api/orgs/${orgId}/board`, cookie: owner.cookie })).json();
const score = (gameId: string) =>
  t.request({
    method: "POST",
    url: `/api/orgs/${orgId}/board/games/${gameId}/score`,
    cookie: owner.cookie,
    payload: { scoreA: 11, scoreB: 8 },
  });

/** Sets the games played of the named players (a night played so far, in counts alone). */
async function played(names: string[], count: number) {
  const view = await board();
  const everyone = [
    ...view.queue,
    ...view.courts.flatMap((c) => [...(c.game?.teamA ?? []), ...(c.game?.teamB ?? [])]),
  ];
  const ids = everyone.filter((p) => names.includes(p.name)).map((p) => p.registrationId);
  await t.db
    .update(queuePlayers)
    .set({ gamesPlayed: count })
    .where(and(eq(queuePlayers.organizationId, orgId), inArray(queuePlayers.registrationId, ids)));
}

/** The subjects of the emails queued for the night's players, in the order they were queued. */
async function subjects(night: TestUser[]): Promise<string[]> {
  // A board action's court notices are queued just after its commit (courts/court-notices.ts).
  await followUps(t.deps.database).settled();
  const rows = await t.db.execute(
    sql`select data->>'subject' as subject from pgboss.job where name = ${SEND_EMAIL}
      and data->>'to' = any(${sql.param(night.map((m) => m.email))}::text[]) order by created_on`,
  );
  return rows.rows.map((r) => String(r.subject));
}

/**
 * Twelve members on two courts, the night ending two hours after it starts. Both courts start
 * `before - 1` minutes before the end, with `firstGames` played by the first court's four, 4 by
 * the second's and 5 by the four waiting; `before - 4` minutes before the end the second court's
 * game is scored. With `pace`, three rounds of games of that many minutes are played first, from
 * the night's start: the club's pace, measured.
 */
async function lastMinutes(firstGames: number, night: TestUser[], before = 12, pace?: number) {
  const session = await activeSessionWith(t, orgId, 0, night);
  const fillAll = async () => {
    const fill = await t.request({
      method: "POST",
      url: `/api/orgs/${orgId}/board/fill`,
      cookie: owner.cookie,
    });
    expect(fill.statusCode).toBe(200);
  };
  const scoreAll = async () => {
    for (const court of (await board()).courts) expect((await score(court.game!.id)).statusCode).toBe(200);
  };
  if (pace) {
    clock = session.startsAt;
    await fillAll();
    for (let round = 1; round <= 3; round++) {
      clock = new Date(session.startsAt.getTime() + round * pace * MIN);
      await scoreAll();
    }
  }
  clock = new Date(session.endsAt.getTime() - (before - 1) * MIN);
  // Both courts start now: filled, or scored and filled again.
  if (pace) await scoreAll();
  else await fillAll();
  const filled = await board();
  const [first, second] = filled.courts;
  expect(first?.game && second?.game).toBeTruthy();
  const names = (c: BoardView["courts"][number]) => [...c.game!.teamA, ...c.game!.teamB].map((p) => p.name);
  await played(names(first!), firstGames);
  await played(names(second!), 4);
  await played(
    filled.queue.map((q) => q.name),
    5,
  );
  clock = new Date(session.endsAt.getTime() - (before - 4) * MIN);
  const queued = await subjects(night);
  expect((await score(second!.game!.id)).statusCode).toBe(200);
  // The emails the score queued: those after it, less those before.
  const sent = await subjects(night);
  for (const subject of queued) sent.splice(sent.indexOf(subject), 1);
  const after = await board();
  const court = (id: string) => after.courts.find((c) => c.id === id)!;
  return { session, after, first: court(first!.id), second: court(second!.id), sent };
}

describe("the last call", () => {
  it("keeps a court empty rather than put players two games ahead, and says so", async () => {
    // The first court's four end the night on 4; everyone waiting has 5 and would end on 6.
    const night = members.slice(0, 12);
    const { session, after, first, second, sent } = await lastMinutes(3, night);
    expect(second).toMatchObject({ status: "idle", keptForTheEnd: true, nextUp: [] });
    expect(first).toMatchObject({ status: "playing", keptForTheEnd: false });
    expect(after.queue).toHaveLength(8);
    const started = await t.db
      .select()
      .from(games)
      .where(and(eq(games.sessionId, session.id), eq(games.courtId, second.id), eq(games.status, "playing")));
    expect(started).toEqual([]);
    // Nobody hears they are up next on the court kept. The first court's four, on the fewest
    // games, are its next group themselves: on court now, its call tells them, not a notice.
    expect(sent).not.toContain(`You're up next on ${second.name}`);
    expect(sent).not.toContain(`You're up next on ${first.name}`);
    // Counted on the board, not named: which of those on court go on is for the game's end.
    expect(after.courts.map((c) => [c.nextUp.length, c.comingOff])).toEqual([
      [0, 4],
      [0, 0],
    ]);
  });

  it("comes at the club's own pace: with games of 20 minutes, 16 minutes before the end", async () => {
    const { second } = await lastMinutes(3, members.slice(0, 12), 20, 20);
    expect(second).toMatchObject({ status: "idle", keptForTheEnd: true });
  });

  it("does not come 16 minutes before the end where no game was measured (12 minutes assumed)", async () => {
    // Another club, whose games nobody has timed yet: this one's pace is 20 minutes by now.
    const paced = { owner, members, orgId };
    ({ owner, members, orgId } = await clubOfMembers(t, "unmeasured.example", 12, { courtsCount: 2 }));
    try {
      const { second } = await lastMinutes(3, members, 20);
      expect(second).toMatchObject({ status: "playing", keptForTheEnd: false });
    } finally {
      ({ owner, members, orgId } = paced);
    }
  });

  it("fills the court when nobody would end two games ahead", async () => {
    // The first court's four end on 5: those going on end on 6.
    const { after, second } = await lastMinutes(4, members.slice(12));
    expect(second).toMatchObject({ status: "playing", keptForTheEnd: false });
    expect(after.queue).toHaveLength(4);
  });
});
