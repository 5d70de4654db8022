// The night's record: after Complete Session the night is still there, under Past, with who
// came, who paid and was refunded, every game under the names played, and the fairness report;
// and it downloads as CSV for the session and for the month.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ScoreBody } from "../../../shared/contracts/board.js";
import { boardEndpoints, recordEndpoints } from "../../../shared/contracts/board-endpoints.js";
import { sessionsEndpoints } from "../../../shared/contracts/sessions-endpoints.js";
import { wallTimeAt } from "../../../shared/domain/time-zones.js";
import { payments, sessionRegistrations } from "../../db/schema/sessions.js";
import { activeSessionWith, makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
let owner: TestUser;
let member: TestUser;
let otherOwner: TestUser;
let players: TestUser[];
let orgId: string;
let otherOrgId: string;
let sessionId: string;
let month: string;

const as = (who: TestUser = owner) => ({ cookie: who.cookie });
const record = (who: TestUser = owner, club = orgId) =>
  t.call(recordEndpoints.record, { params: { orgId: club, sessionId } }, as(who));
const recordCsv = (who: TestUser = owner) =>
  t.call(recordEndpoints.recordCsv, { params: { orgId, sessionId } }, as(who));
const monthCsv = (month: string, who: TestUser = owner) =>
  t.call(recordEndpoints.monthCsv, { params: { orgId }, query: { month } }, as(who));
const myNight = (who: TestUser) => t.call(recordEndpoints.myNight, { params: { orgId, sessionId } }, as(who));

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUser(t, "owner@record.example");
  member = await makeUser(t, "member@record.example");
  otherOwner = await makeUser(t, "other@record.example");
  players = await Promise.all(Array.from({ length: 5 }, (_, i) => makeUser(t, `p${i}@record.example`)));
  orgId = (
    await makeClub(
      t,
      owner,
      [[member, "member"], ...players.map((p) => [p, "member"] as [TestUser, "member"])],
      { courtsCount: 1 },
    )
  ).id;
  otherOrgId = (await makeClub(t, otherOwner)).id;

  // Five members and three walk-ins; one walk-in's name is what a prankster types at the door.
  const session = await activeSessionWith(t, orgId, 3, players, "Tuesday Open Play");
  sessionId = session.id;
  await t.db
    .update(sessionRegistrations)
    .set({ guestName: '=HYPERLINK("http://evil"), Bob' })
    .where(eq(sessionRegistrations.guestName, "Guest 3"));
  const wall = wallTimeAt(session.startsAt, "America/New_York");
  month = `${wall.year}-${String(wall.month).padStart(2, "0")}`;

  // Two games on the one court: a tap on the winner, then a result with points.
  expect((await t.call(boardEndpoints.fill, { params: { orgId } }, as())).status).toBe(200);
  for (const body of [{ winner: "B" }, { scoreA: 11, scoreB: 4 }] satisfies ScoreBody[]) {
    const view = (await t.call(boardEndpoints.board, { params: { orgId } }, as())).body;
    const scored = await t.call(
      boardEndpoints.score,
      { params: { orgId, gameId: view.courts[0]!.game!.id }, body },
      as(),
    );
    expect(scored.status, scored.response.text).toBe(200);
  }

  // Money: one paid place; one paid and refunded; one paid twice (a second checkout also
  // charged), its second charge owed back: that player still paid and keeps the place.
  const [first, second, third] = await t.db
    .select()
    .from(sessionRegistrations)
    .where(eq(sessionRegistrations.sessionId, sessionId))
    .orderBy(sessionRegistrations.seq);
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute));
  await t.db.insert(payments).values([
    { organizationId: orgId, registrationId: first!.id, provider: "sandbox", amount: 1000, status: "paid" },
    {
      organizationId: orgId,
      registrationId: second!.id,
      provider: "sandbox",
      amount: 1000,
      status: "refunded",
    },
    {
      organizationId: orgId,
      registrationId: third!.id,
      provider: "sandbox",
      amount: 1000,
      status: "paid",
      createdAt: at(1),
    },
    {
      organizationId: orgId,
      registrationId: third!.id,
      provider: "sandbox",
      amount: 1000,
      status: "refund_pending",
      createdAt: at(2),
    },
  ]);

  expect((await t.call(sessionsEndpoints.complete, { params: { orgId, sessionId } }, as())).status).toBe(204);
});
afterAll(async () => {
  await t?.close();
});

describe("after Complete Session", () => {
  it("the session leaves Upcoming and is listed under Past", async () => {
    const upcoming = (await t.call(sessionsEndpoints.list, { params: { orgId }, query: {} }, as())).body
      .sessions;
    expect(upcoming.map((s) => s.id)).not.toContain(sessionId);
    const past = (await t.call(sessionsEndpoints.list, { params: { orgId }, query: { scope: "past" } }, as()))
      .body.sessions;
    expect(past.find((s) => s.id === sessionId)).toMatchObject({
      status: "completed",
      name: "Tuesday Open Play",
    });
  });

  it("keeps the night's record: attendance, money, every game under its names, and the fairness report", async () => {
    const response = await record();
    expect(response.status, response.response.text).toBe(200);
    const night = response.body;
    expect(night.attendees).toHaveLength(8);
    expect(night.attendees.filter((a) => a.guest).map((a) => a.name)).toEqual([
      "Guest 1",
      "Guest 2",
      '=HYPERLINK("http://evil"), Bob',
    ]);
    expect(night.totals).toEqual({ checkedIn: 8, games: 2, collected: 2000, refunded: 2000 });
    expect(night.attendees.slice(0, 4).map((a) => a.payment)).toEqual([
      { status: "paid", paid: 1000, refunded: 0 },
      { status: "refunded", paid: 0, refunded: 1000 },
      { status: "paid", paid: 1000, refunded: 1000 },
      null,
    ]);
    expect(night.games).toHaveLength(2);
    expect(night.games[0]).toMatchObject({ winner: "B", scoreA: null, scoreB: null, courtName: "Court 1" });
    expect(night.games[1]).toMatchObject({ winner: "A", scoreA: 11, scoreB: 4 });
    const everyone = new Set(night.attendees.map((a) => a.name));
    for (const game of night.games)
      for (const name of [...game.teamA, ...game.teamB]) expect(everyone).toContain(name);
    // Each game counted once for each of its four players.
    expect(night.attendees.reduce((sum, a) => sum + a.gamesPlayed, 0)).toBe(8);
    expect(night.fairness.gamesFinished).toBe(2);
    expect(night.fairness.players).toHaveLength(8);
  });

  it("downloads the session's attendance and payments as CSV, with a typed formula defused", async () => {
    const { status, response } = await recordCsv();
    expect(status).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="session-${sessionId}.csv"`);
    const lines = response.text
      .replace(/^\ufeff/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Session,Date,Starts,Name,Member or guest,Place,Checked in,Games played,Payment,Paid,Refunded",
    );
    expect(lines).toHaveLength(9);
    expect(lines.filter((l) => l.endsWith(",Paid,10.00,0.00"))).toHaveLength(1);
    expect(lines.filter((l) => l.endsWith(",Refunded,0.00,10.00"))).toHaveLength(1);
    expect(lines.filter((l) => l.endsWith(",Paid,10.00,10.00"))).toHaveLength(1);
    expect(lines.some((l) => l.includes(`,"'=HYPERLINK(""http://evil""), Bob",Guest,`))).toBe(true);
  });

  it("downloads a month's sessions as one CSV; another month has only the header; a bad month is a 400", async () => {
    const csv = await monthCsv(month);
    expect(csv.status).toBe(200);
    expect(csv.response.headers["content-disposition"]).toBe(`attachment; filename="sessions-${month}.csv"`);
    expect(csv.response.text.trimEnd().split("\r\n")).toHaveLength(9);
    const empty = await monthCsv("2001-01");
    expect(empty.response.text.trimEnd().split("\r\n")).toHaveLength(1);
    for (const bad of ["2026-13", "11-2026", "", "2026-1"]) {
      const answer = await monthCsv(bad);
      expect(answer.status, bad).toBe(400);
      expect(answer.error?.code).toBe("VALIDATION_ERROR");
    }
  });

  it("is the club's books: a member is refused, and another club's owner finds nothing", async () => {
    const reads: Array<[string, (who: TestUser) => Promise<{ status: number }>]> = [
      ["record", (who) => record(who)],
      ["record.csv", recordCsv],
      ["export.csv", (who) => monthCsv(month, who)],
    ];
    for (const [path, read] of reads) {
      expect((await read(member)).status, path).toBe(403);
      expect((await read(otherOwner)).status, path).toBe(404);
    }
    // The other club's owner naming this session under their own club: not theirs, 404.
    const mixed = await record(otherOwner, otherOrgId);
    expect(mixed.status).toBe(404);
  });

  it("gives each player their own night: their games, with and against whom, their waits, the session beside", async () => {
    const books = (await record()).body;
    let told = 0;
    for (const player of players) {
      const response = await myNight(player);
      expect(response.status, response.response.text).toBe(200);
      const night = response.body;
      const theirs = books.games.filter((g) => [...g.teamA, ...g.teamB].includes(player.name));
      expect(night.gamesPlayed, player.name).toBe(theirs.length);
      told += night.gamesPlayed;
      expect(night.games.map((g) => g.courtName)).toEqual(theirs.map((g) => g.courtName));
      for (const game of night.games) {
        expect(game.partners).toHaveLength(1);
        expect(game.opponents).toHaveLength(2);
        expect([...game.partners, ...game.opponents]).not.toContain(player.name);
      }
      expect(night.session).toEqual({
        players: 8,
        gamesFinished: 2,
        gamesPlayedSpread: books.fairness.gamesPlayedSpread,
        averageWaitMinutes: books.fairness.averageWaitMinutes,
      });
    }
    expect(told).toBeGreaterThan(0);
    // Someone who did not play has no night here; another club's owner finds no session.
    const absent = await myNight(member);
    expect(absent.status).toBe(404);
    expect(absent.error?.message).toBe("You did not play in this session");
    expect((await myNight(otherOwner)).status).toBe(404);
  });
});
