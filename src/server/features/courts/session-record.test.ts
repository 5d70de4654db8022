// The night's record: after Complete Session the night is still there, under Past, with who
// came, who paid and was refunded, every game under the names played, and the fairness report;
// and it downloads as CSV for the session and for the month.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BoardView } from "../../../shared/contracts/board.js";
import type { MyNight, SessionRecord } from "../../../shared/contracts/session-record.js";
import type { Session } from "../../../shared/contracts/sessions.js";
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

const get = (url: string, who: TestUser = owner) => t.request({ method: "GET", url, cookie: who.cookie });
const post = (url: string, payload?: object) =>
  t.request({ method: "POST", url, cookie: owner.cookie, payload });

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
  expect((await post(`/api/orgs/${orgId}/board/fill`)).statusCode).toBe(200);
  for (const body of [{ winner: "B" }, { scoreA: 11, scoreB: 4 }]) {
    const view: BoardView = (await get(`/api/orgs/${orgId}/board`)).json();
    const scored = await post(`/api/orgs/${orgId}/board/games/${view.courts[0]!.game!.id}/score`, body);
    expect(scored.statusCode, scored.body).toBe(200);
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

  expect((await post(`/api/orgs/${orgId}/sessions/${sessionId}/complete`)).statusCode).toBe(204);
});
afterAll(async () => {
  await t?.close();
});

describe("after Complete Session", () => {
  it("the session leaves Upcoming and is listed under Past", async () => {
    const upcoming: Session[] = (await get(`/api/orgs/${orgId}/sessions`)).json().sessions;
    expect(upcoming.map((s) => s.id)).not.toContain(sessionId);
    const past: Session[] = (await get(`/api/orgs/${orgId}/sessions?scope=past`)).json().sessions;
    expect(past.find((s) => s.id === sessionId)).toMatchObject({
      status: "completed",
      name: "Tuesday Open Play",
    });
  });

  it("keeps the night's record: attendance, money, every game under its names, and the fairness report", async () => {
    const response = await get(`/api/orgs/${orgId}/sessions/${sessionId}/record`);
    expect(response.statusCode, response.body).toBe(200);
    const record: SessionRecord = response.json();
    expect(record.attendees).toHaveLength(8);
    expect(record.attendees.filter((a) => a.guest).map((a) => a.name)).toEqual([
      "Guest 1",
      "Guest 2",
      '=HYPERLINK("http://evil"), Bob',
    ]);
    expect(record.totals).toEqual({ checkedIn: 8, games: 2, collected: 2000, refunded: 2000 });
    expect(record.attendees.slice(0, 4).map((a) => a.payment)).toEqual([
      { status: "paid", paid: 1000, refunded: 0 },
      { status: "refunded", paid: 0, refunded: 1000 },
      { status: "paid", paid: 1000, refunded: 1000 },
      null,
    ]);
    expect(record.games).toHaveLength(2);
    expect(record.games[0]).toMatchObject({ winner: "B", scoreA: null, scoreB: null, courtName: "Court 1" });
    expect(record.games[1]).toMatchObject({ winner: "A", scoreA: 11, scoreB: 4 });
    const everyone = new Set(record.attendees.map((a) => a.name));
    for (const game of record.games)
      for (const name of [...game.teamA, ...game.teamB]) expect(everyone).toContain(name);
    // Each game counted once for each of its four players.
    expect(record.attendees.reduce((sum, a) => sum + a.gamesPlayed, 0)).toBe(8);
    expect(record.fairness.gamesFinished).toBe(2);
    expect(record.fairness.players).toHaveLength(8);
  });

  it("downloads the session's attendance and payments as CSV, with a typed formula defused", async () => {
    const response = await get(`/api/orgs/${orgId}/sessions/${sessionId}/record.csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="session-${sessionId}.csv"`);
    const lines = response.body
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
    const csv = await get(`/api/orgs/${orgId}/sessions/export.csv?month=${month}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-disposition"]).toBe(`attachment; filename="sessions-${month}.csv"`);
    expect(csv.body.trimEnd().split("\r\n")).toHaveLength(9);
    const empty = await get(`/api/orgs/${orgId}/sessions/export.csv?month=2001-01`);
    expect(empty.body.trimEnd().split("\r\n")).toHaveLength(1);
    for (const bad of ["2026-13", "11-2026", "", "2026-1"]) {
      const answer = await get(`/api/orgs/${orgId}/sessions/export.csv?month=${bad}`);
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json().error.code).toBe("VALIDATION_ERROR");
    }
  });

  it("is the club's books: a member is refused, and another club's owner finds nothing", async () => {
    for (const path of [
      `sessions/${sessionId}/record`,
      `sessions/${sessionId}/record.csv`,
      `sessions/export.csv?month=${month}`,
    ]) {
      expect((await get(`/api/orgs/${orgId}/${path}`, member)).statusCode, path).toBe(403);
      expect((await get(`/api/orgs/${orgId}/${path}`, otherOwner)).statusCode, path).toBe(404);
    }
    // The other club's owner naming this session under their own club: not theirs, 404.
    const mixed = await get(`/api/orgs/${otherOrgId}/sessions/${sessionId}/record`, otherOwner);
    expect(mixed.statusCode).toBe(404);
  });

  it("gives each player their own night: their games, with and against whom, their waits, the session beside", async () => {
    const record: SessionRecord = (await get(`/api/orgs/${orgId}/sessions/${sessionId}/record`)).json();
    let told = 0;
    for (const player of players) {
      const response = await get(`/api/orgs/${orgId}/sessions/${sessionId}/my-night`, player);
      expect(response.statusCode, response.body).toBe(200);
      const night: MyNight = response.json();
      const theirs = record.games.filter((g) => [...g.teamA, ...g.teamB].includes(player.name));
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
        gamesPlayedSpread: record.fairness.gamesPlayedSpread,
        averageWaitMinutes: record.fairness.averageWaitMinutes,
      });
    }
    expect(told).toBeGreaterThan(0);
    // Someone who did not play has no night here; another club's owner finds no session.
    const absent = await get(`/api/orgs/${orgId}/sessions/${sessionId}/my-night`, member);
    expect(absent.statusCode).toBe(404);
    expect(absent.json().error.message).toBe("You did not play in this session");
    expect((await get(`/api/orgs/${orgId}/sessions/${sessionId}/my-night`, otherOwner)).statusCode).toBe(404);
  });
});
