// Registration windows and the lottery: refused with the opening time before it opens; while
// the lottery is open every request is an entry holding no place; the draw gives the places in
// the published order (recomputable from the seed and weights), the rest the waitlist in that
// order and late requests after them; losses weigh in the next draw; the draw runs once, under
// 200 requests at the opening, several drawers at once, and a crash before its notices; a
// member removed before the draw is not drawn; edits and bad input answered clearly.
import { createHash, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateSessionBody } from "../../../shared/contracts/session-form.js";
import { sessionsEndpoints } from "../../../shared/contracts/sessions-endpoints.js";
import { drawOrder } from "../../../shared/lottery/draw.js";
import { users } from "../../db/schema/auth.js";
import { organizationMembers } from "../../db/schema/members.js";
import { pushSubscriptions } from "../../db/schema/notifications.js";
import { lotteryResults, noShowStrikes, sessionRegistrations, sessions } from "../../db/schema/sessions.js";
import { makeClub, makeSessions, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { drawLottery, register } from "./registrations.js";

let t: TestApp;
let clock = new Date("2026-12-01T12:00:00Z");
let owner: TestUser;
let orgId: string;
let otherOrgId: string;
let players: TestUser[];

const OPENS = "2026-12-07T14:00:00.000Z";
const DRAW = "2026-12-08T14:00:00.000Z";
const lotteryBody = (extra: Partial<CreateSessionBody> = {}) => ({
  startsAt: "2026-12-10T23:00:00Z",
  endsAt: "2026-12-11T01:00:00Z",
  capacity: 3,
  registrationOpensAt: OPENS,
  lotteryDrawAt: DRAW,
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  owner = await makeUser(t, "owner@lottery.example", "Olive Owner");
  players = [];
  for (let i = 0; i < 6; i++) players.push(await makeUser(t, `p${i}@lottery.example`, `Player ${i}`));
  orgId = (
    await makeClub(
      t,
      owner,
      players.map((p) => [p, "member"] as [TestUser, "member"]),
    )
  ).id;
  otherOrgId = (await makeClub(t, await makeUser(t, "rival@lottery.example", "Rival"))).id;
});
afterAll(async () => {
  await t?.close();
});

const ask = (sessionId: string, who: TestUser) =>
  t.call(sessionsEndpoints.register, { params: { orgId, sessionId } }, { cookie: who.cookie });
const detailsAnswer = (sessionId: string, who = owner) =>
  t.call(sessionsEndpoints.details, { params: { orgId, sessionId } }, { cookie: who.cookie });
const details = async (sessionId: string, who = owner) => (await detailsAnswer(sessionId, who)).body;
const draw = (sessionId: string, club = orgId) =>
  t.call(sessionsEndpoints.draw, { params: { orgId: club, sessionId } }, { cookie: owner.cookie });
const statuses = async (sessionId: string) =>
  t.db
    .select({
      userId: sessionRegistrations.userId,
      status: sessionRegistrations.status,
      seq: sessionRegistrations.seq,
    })
    .from(sessionRegistrations)
    .where(eq(sessionRegistrations.sessionId, sessionId));

describe("a registration window", () => {
  it("refuses a request before it opens, saying when in the club's time, and takes it after", async () => {
    clock = new Date("2026-12-01T12:00:00Z");
    const [session] = await makeSessions(t, orgId, owner, lotteryBody({ lotteryDrawAt: undefined }));
    const early = await ask(session!.id, players[0]!);
    expect(early.status).toBe(409);
    expect(early.error).toMatchObject({
      code: "REGISTRATION_NOT_OPEN",
      // 14:00 UTC is 9:00 in New York, the club's zone.
      message: "Registration opens Monday, December 7 at 9:00 AM.",
    });
    expect(await statuses(session!.id)).toEqual([]);
    clock = new Date(OPENS);
    const onTime = await ask(session!.id, players[0]!);
    expect(onTime.status, onTime.response.text).toBe(201);
    expect(onTime.body.registration.status).toBe("registered");
  });
});

describe("an early window", () => {
  it("lets members in good standing in first, and tells one with 3 strikes in 60 days when they can", async () => {
    clock = new Date("2026-12-01T12:00:00Z");
    const [session] = await makeSessions(
      t,
      orgId,
      owner,
      lotteryBody({ lotteryDrawAt: undefined, earlyOpensAt: "2026-12-06T14:00:00Z" }),
    );
    // Three missed places lately (two no-shows and two late drops), all at this club.
    const [past] = await makeSessions(t, orgId, owner, {
      startsAt: "2026-11-20T23:00:00Z",
      endsAt: "2026-11-21T01:00:00Z",
    });
    const struck = players[5]!;
    await t.db.insert(noShowStrikes).values(
      (["no_show", "late_drop"] as const).map((kind, i) => ({
        organizationId: orgId,
        sessionId: past!.id,
        userId: struck.id,
        kind,
        weight: i === 0 ? 1 : 0.5,
        createdAt: new Date("2026-11-20T23:10:00Z"),
      })),
    );
    const early = await ask(session!.id, players[4]!);
    expect(early.error?.message).toBe(
      "Registration opens Sunday, December 6 at 9:00 AM for members in good standing, and Monday, December 7 at 9:00 AM for everyone.",
    );
    clock = new Date("2026-12-06T15:00:00Z");
    // 1.5 strikes: still in good standing.
    expect((await ask(session!.id, players[4]!)).body.registration.status).toBe("registered");
    expect((await ask(session!.id, struck)).body.registration.status).toBe("registered");
    const [later] = await makeSessions(t, orgId, owner, {
      startsAt: "2026-11-25T23:00:00Z",
      endsAt: "2026-11-26T01:00:00Z",
    });
    await t.db.insert(noShowStrikes).values({
      organizationId: orgId,
      sessionId: later!.id,
      userId: struck.id,
      kind: "no_show",
      weight: 1.5,
      createdAt: new Date("2026-11-25T23:10:00Z"),
    });
    const [next] = await makeSessions(
      t,
      orgId,
      owner,
      lotteryBody({
        lotteryDrawAt: undefined,
        earlyOpensAt: "2026-12-06T14:00:00Z",
        startsAt: "2026-12-10T22:00:00Z",
      }),
    );
    const refused = await ask(next!.id, struck);
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe(
      "Registration opens Monday, December 7 at 9:00 AM for you: the early window is for members with fewer than 3 missed places in 60 days.",
    );
    clock = new Date(OPENS);
    expect((await ask(next!.id, struck)).status).toBe(201);
  });
});

describe("a lottery", () => {
  let sessionId: string;
  let committedHash: string;

  it("takes every request while it is open as an entry that holds no place", async () => {
    clock = new Date("2026-12-07T15:00:00Z");
    sessionId = (await makeSessions(t, orgId, owner, lotteryBody()))[0]!.id;
    for (const p of players) {
      const res = await ask(sessionId, p);
      expect(res.status, res.response.text).toBe(201);
      expect(res.body.registration.status).toBe("entered");
    }
    // Asking twice is the same entry.
    expect((await ask(sessionId, players[0]!)).body.registration.status).toBe("entered");
    const answer = await detailsAnswer(sessionId, players[1]!);
    const view = answer.body;
    expect(view.session).toMatchObject({ registeredCount: 0, waitlistCount: 0, lotteryDrawnAt: null });
    committedHash = view.session.lotterySeedHash!;
    expect(committedHash).toMatch(/^[0-9a-f]{64}$/);
    // The answer as sent: its schema's reading would drop a leaked field.
    expect(answer.response.text).not.toMatch(/"seed"|lotterySeed"/);
    expect(view.mine?.status).toBe("entered");
    expect((await draw(sessionId)).status).toBe(404);
  });

  it("draws once at its time: places and the waitlist in the published order, recomputable", async () => {
    // Players 2 and 4 take calls on a phone: the result reaches each of them too.
    const [phone, phone4] = await t.db
      .insert(pushSubscriptions)
      .values(
        [2, 4].map((i) => ({
          userId: players[i]!.id,
          endpoint: `https://push.example/p${i}`,
          p256dh: "k",
          auth: "a",
          label: "Phone",
        })),
      )
      .returning({ id: pushSubscriptions.id });
    clock = new Date("2026-12-08T14:00:01Z");
    // Three drawers at once (the job on two instances and one more): one draw.
    await Promise.all([
      drawLottery(t.deps, orgId, sessionId),
      drawLottery(t.deps, orgId, sessionId),
      drawLottery(t.deps, orgId, sessionId),
    ]);
    const published = (await draw(sessionId)).body;
    expect(published.seed).toMatch(/^[0-9a-f]{32}$/);
    // The seed is the one committed to when the lottery was set, shown as its hash since.
    expect(createHash("sha256").update(published.seed).digest("hex")).toBe(committedHash);
    expect(published.entrants).toHaveLength(6);
    // First draw at the club: everyone weighs 1, and the order is the seed's.
    const again = drawOrder(
      published.seed,
      published.entrants.map((e: { userId: string; lossesBefore: number }) => ({
        id: e.userId,
        losses: e.lossesBefore,
      })),
      { guaranteeAfter: null },
    );
    expect(published.entrants.map((e: { userId: string }) => e.userId)).toEqual(again.map((d) => d.id));
    expect(published.entrants.map((e: { won: boolean }) => e.won)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    const rows = await statuses(sessionId);
    const byUser = new Map(rows.map((r) => [r.userId, r]));
    const order = published.entrants.map((e: { userId: string }) => byUser.get(e.userId)!);
    expect(order.map((r: { status: string }) => r.status)).toEqual([
      "registered",
      "registered",
      "registered",
      "waitlisted",
      "waitlisted",
      "waitlisted",
    ]);
    // Arrival numbers follow the draw, so the waitlist moves up in draw order.
    const seqs = order.map((r: { seq: number }) => r.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    const view = await details(sessionId);
    expect(view.session).toMatchObject({ registeredCount: 3, waitlistCount: 3 });
    expect(
      view.registrations
        .filter((r: { waitlistPosition: number | null }) => r.waitlistPosition !== null)
        .map((r: { userId: string | null }) => r.userId),
    ).toEqual(published.entrants.slice(3).map((e: { userId: string }) => e.userId));
    // Everyone hears: a loser their number on the waitlist.
    const loser = players.find((p) => p.id === published.entrants[3]!.userId)!;
    const mail = await t.smtp.waitForMail(loser.email, /^Waitlist number 1: Open Play$/);
    expect(mail.text).toContain("this time you did not get one");
    const winner = players.find((p) => p.id === published.entrants[0]!.userId)!;
    await t.smtp.waitForMail(winner.email, /^You got a place: Open Play$/);
    const pushes = await t.db.execute<{ data: { subscriptionId: string; payload: { title: string } } }>(
      sql`select data from pgboss.job where name = 'send-push'`,
    );
    const told = (i: number) => {
      const entrant = published.entrants.find((e: { userId: string }) => e.userId === players[i]!.id);
      return entrant!.won
        ? "You got a place: Open Play"
        : `Waitlist number ${entrant!.position - 3}: Open Play`;
    };
    expect(
      pushes.rows
        .map((r) => [r.data.subscriptionId, r.data.payload.title])
        .sort((a, b) => (a[0]! < b[0]! ? -1 : 1)),
    ).toEqual(
      [
        [phone!.id, told(2)],
        [phone4!.id, told(4)],
      ].sort((a, b) => (a[0]! < b[0]! ? -1 : 1)),
    );
  });

  it("puts a late request after everyone drawn", async () => {
    const late = await makeUser(t, "late@lottery.example", "Late Comer");
    await t.db.insert(organizationMembers).values({ organizationId: orgId, userId: late.id });
    const res = await ask(sessionId, late);
    expect(res.status, res.response.text).toBe(201);
    expect(res.body.registration).toMatchObject({ status: "waitlisted", waitlistPosition: 4 });
  });

  it("weighs the next draw by the draws lost, and a lost draw counts only until a win", async () => {
    clock = new Date("2026-12-14T15:00:00Z");
    const [next] = await makeSessions(
      t,
      orgId,
      owner,
      lotteryBody({
        startsAt: "2026-12-17T23:00:00Z",
        endsAt: "2026-12-18T01:00:00Z",
        registrationOpensAt: "2026-12-14T14:00:00Z",
        lotteryDrawAt: "2026-12-15T14:00:00Z",
        lotteryGuaranteeAfter: 1,
      }),
    );
    // Last week, a winner gave their place back and the first loser moved up: they got in, so
    // last week's draw is no loss of theirs.
    const first = (await draw(sessionId)).body;
    const winner = players.find((p) => p.id === first.entrants[0]!.userId)!;
    const winnersPlace = (await details(sessionId, winner)).mine;
    const gaveBack = await t.call(
      sessionsEndpoints.cancelRegistration,
      { params: { orgId, sessionId, registrationId: winnersPlace!.id } },
      { cookie: winner.cookie },
    );
    expect(gaveBack.status, gaveBack.response.text).toBeLessThan(300);
    const movedUp = first.entrants[3]!.userId;
    expect((await statuses(sessionId)).find((r) => r.userId === movedUp)!.status).toBe("registered");
    for (const p of players) expect((await ask(next!.id, p)).status).toBe(201);
    clock = new Date("2026-12-15T14:00:00Z");
    // No job has run: the first request after the draw time draws first.
    const late = await makeUser(t, "later@lottery.example", "Later Comer");
    await t.db.insert(organizationMembers).values({ organizationId: orgId, userId: late.id });
    expect((await ask(next!.id, late)).body.registration).toMatchObject({
      status: "waitlisted",
      waitlistPosition: 4,
    });
    const second = (await draw(next!.id)).body;
    const lostBefore = new Set(
      first.entrants
        .filter((e: { won: boolean; userId: string }) => !e.won && e.userId !== movedUp)
        .map((e: { userId: string }) => e.userId),
    );
    expect(lostBefore.size).toBe(2);
    for (const e of second.entrants) {
      expect(e.lossesBefore, e.name).toBe(lostBefore.has(e.userId) ? 1 : 0);
      expect(e.weight).toBe(lostBefore.has(e.userId) ? 2 : 1);
      // One loss assures a place here: the two who lost last week and never got in come first.
      expect(e.assured).toBe(lostBefore.has(e.userId));
    }
    expect(
      second.entrants
        .slice(0, 2)
        .map((e: { userId: string }) => e.userId)
        .sort(),
    ).toEqual([...lostBefore].sort());
  });

  it("publishes nothing of another club's session, and says when a session was not drawn", async () => {
    // Someone in both clubs asks for this club's draw through the other club: not found.
    const both = await makeUser(t, "both@lottery.example", "In Both");
    for (const club of [orgId, otherOrgId])
      await t.db.insert(organizationMembers).values({ organizationId: club, userId: both.id });
    const across = await t.call(
      sessionsEndpoints.draw,
      { params: { orgId: otherOrgId, sessionId } },
      { cookie: both.cookie },
    );
    expect(across.status).toBe(404);
    expect(across.error?.message).toBe("Session not found");
    const res = await draw(randomUUID());
    expect(res.status).toBe(404);
  });

  it("refuses to check in an entry before the draw, at the door or by the link", async () => {
    clock = new Date("2026-12-01T12:00:00Z");
    const [tonight] = await makeSessions(
      t,
      orgId,
      owner,
      lotteryBody({ registrationOpensAt: undefined, lotteryDrawAt: "2026-12-10T23:00:00Z" }),
    );
    await ask(tonight!.id, players[0]!);
    clock = new Date("2026-12-10T22:00:00Z");
    const walkIn = await t.call(
      sessionsEndpoints.walkIn,
      { params: { orgId, sessionId: tonight!.id }, body: { userId: players[0]!.id } },
      { cookie: owner.cookie },
    );
    expect(walkIn.status).toBe(409);
    expect(walkIn.error?.code).toBe("DRAW_PENDING");
    const started = await t.call(
      sessionsEndpoints.start,
      { params: { orgId, sessionId: tonight!.id } },
      { cookie: owner.cookie },
    );
    expect(started.status).toBe(204);
    const [row] = await t.db
      .select({ token: sessions.checkInToken })
      .from(sessions)
      .where(eq(sessions.id, tonight!.id));
    const self = await t.call(
      sessionsEndpoints.selfCheckIn,
      { params: { orgId, sessionId: tonight!.id }, body: { token: row!.token } },
      { cookie: players[0]!.cookie },
    );
    expect(self.status).toBe(409);
    expect(self.error?.code).toBe("DRAW_PENDING");
    expect((await statuses(tonight!.id)).map((r) => r.status)).toEqual(["entered"]);
  });
});

describe("the draw under pressure", () => {
  it("gives 200 requests at the window's opening one entry each, and one correct draw", async () => {
    clock = new Date("2026-12-01T12:00:00Z");
    const [session] = await makeSessions(t, orgId, owner, lotteryBody({ capacity: 20 }));
    const crowd = Array.from({ length: 200 }, (_, i) => ({
      id: `crowd-${i}-${randomUUID()}`,
      name: `Crowd ${i}`,
      email: `crowd${i}@lottery.example`,
      emailVerified: true,
    }));
    await t.db.insert(users).values(crowd);
    await t.db
      .insert(organizationMembers)
      .values(crowd.map((c) => ({ organizationId: orgId, userId: c.id })));
    clock = new Date(OPENS);
    const answers = await Promise.all(
      crowd.flatMap((c) => [
        register(t.deps, orgId, session!.id, c.id),
        register(t.deps, orgId, session!.id, c.id),
      ]),
    );
    expect(answers.every((a) => a.listed.status === "entered")).toBe(true);
    const entries = await statuses(session!.id);
    expect(entries).toHaveLength(200);
    expect(new Set(entries.map((e) => e.seq)).size).toBe(200);
    clock = new Date(DRAW);
    await Promise.all([
      drawLottery(t.deps, orgId, session!.id),
      register(t.deps, orgId, session!.id, players[0]!.id),
    ]);
    const after = await statuses(session!.id);
    expect(after.filter((r) => r.status === "registered")).toHaveLength(20);
    expect(after.filter((r) => r.status === "waitlisted")).toHaveLength(181);
    const results = await t.db.select().from(lotteryResults).where(eq(lotteryResults.sessionId, session!.id));
    expect(results).toHaveLength(200);
  }, 60_000);

  it("leaves nothing drawn when it fails before its notices are queued, and draws on the retry", async () => {
    clock = new Date("2026-12-01T12:00:00Z");
    const [session] = await makeSessions(t, orgId, owner, lotteryBody());
    clock = new Date(OPENS);
    for (const p of players.slice(0, 4)) await ask(session!.id, p);
    clock = new Date(DRAW);
    const enqueue = t.deps.jobs.enqueue;
    t.deps.jobs.enqueue = async () => {
      throw new Error("the process died here");
    };
    try {
      await expect(drawLottery(t.deps, orgId, session!.id)).rejects.toThrow(/died/);
    } finally {
      t.deps.jobs.enqueue = enqueue;
    }
    const [untouched] = await t.db.select().from(sessions).where(eq(sessions.id, session!.id));
    expect(untouched!.lotteryDrawnAt).toBeNull();
    expect((await statuses(session!.id)).every((r) => r.status === "entered")).toBe(true);
    expect(await drawLottery(t.deps, orgId, session!.id)).toHaveLength(4);
    expect(await drawLottery(t.deps, orgId, session!.id)).toBeNull();
  });

  it("does not draw someone removed from the club since entering, nor a cancelled session", async () => {
    clock = new Date("2026-12-01T12:00:00Z");
    const [session, cancelled] = await makeSessions(t, orgId, owner, lotteryBody({ repeatWeeks: 2 }));
    const leaving = await makeUser(t, "leaving@lottery.example", "Leaving Soon");
    await t.db.insert(organizationMembers).values({ organizationId: orgId, userId: leaving.id });
    clock = new Date(OPENS);
    for (const p of [leaving, ...players.slice(0, 2)]) expect((await ask(session!.id, p)).status).toBe(201);
    await t.db
      .delete(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, orgId), eq(organizationMembers.userId, leaving.id)));
    clock = new Date(DRAW);
    const outcomes = await drawLottery(t.deps, orgId, session!.id);
    expect(outcomes!.map((o) => o.id).sort()).toEqual(
      players
        .slice(0, 2)
        .map((p) => p.id)
        .sort(),
    );
    const rows = await statuses(session!.id);
    expect(rows.find((r) => r.userId === leaving.id)!.status).toBe("cancelled");
    // The second week's session, cancelled before its draw: nothing to draw.
    const cancel = await t.call(
      sessionsEndpoints.cancel,
      { params: { orgId, sessionId: cancelled!.id } },
      { cookie: owner.cookie },
    );
    expect(cancel.status, cancel.response.text).toBe(204);
    clock = new Date("2026-12-15T14:00:00Z");
    expect(await drawLottery(t.deps, orgId, cancelled!.id)).toBeNull();
  });
});

describe("scheduling a lottery", () => {
  const create = (body: Partial<CreateSessionBody>) =>
    t.call(
      sessionsEndpoints.create,
      { params: { orgId }, body: { name: "Open Play", ...lotteryBody(body) } },
      { cookie: owner.cookie },
    );

  it("refuses a window after the start, a draw before the opening or after the start, with the field named", async () => {
    const cases: Array<[Partial<CreateSessionBody>, string, string]> = [
      [
        { registrationOpensAt: "2026-12-11T00:00:00Z" },
        "registrationOpensAt",
        "Registration must open before the session starts.",
      ],
      [
        { lotteryDrawAt: "2026-12-07T13:00:00Z" },
        "lotteryDrawAt",
        "The draw must come after registration opens.",
      ],
      [
        { lotteryDrawAt: "2026-12-12T13:00:00Z" },
        "lotteryDrawAt",
        "The draw must come before the session starts.",
      ],
      [
        { lotteryGuaranteeAfter: 0 },
        "lotteryGuaranteeAfter",
        "Assure a place after 1 to 20 lost draws, or leave it empty.",
      ],
      [{ lotteryLookbackDays: 1000 }, "lotteryLookbackDays", "Count lost draws from the last 1 to 365 days."],
    ];
    for (const [body, field, message] of cases) {
      const res = await create(body);
      expect(res.status, field).toBe(400);
      expect(JSON.stringify(res.error), field).toContain(message);
      expect(JSON.stringify(res.error), field).toContain(field);
    }
  });

  it("repeats the window and the draw each week at the same wall-clock time", async () => {
    clock = new Date("2026-12-01T12:00:00Z");
    const res = await create({ repeatWeeks: 3 });
    expect(res.status, res.response.text).toBe(201);
    const made = res.body.sessions;
    expect(made.map((s) => s.lotteryDrawAt)).toEqual([
      DRAW,
      "2026-12-15T14:00:00.000Z",
      "2026-12-22T14:00:00.000Z",
    ]);
    expect(made.map((s) => s.registrationOpensAt)).toEqual([
      OPENS,
      "2026-12-14T14:00:00.000Z",
      "2026-12-21T14:00:00.000Z",
    ]);
  });

  it("an edit before the draw may move it or take it away (entries then become the list in order); after, it stands", async () => {
    clock = new Date("2026-12-01T12:00:00Z");
    const [session] = await makeSessions(t, orgId, owner, lotteryBody({ capacity: 2 }));
    clock = new Date(OPENS);
    for (const p of players.slice(0, 3)) await ask(session!.id, p);
    const edit = (body: Partial<CreateSessionBody>) =>
      t.call(
        sessionsEndpoints.update,
        {
          params: { orgId, sessionId: session!.id },
          body: { name: "Open Play", ...lotteryBody({ capacity: 2, ...body }) },
        },
        { cookie: owner.cookie },
      );
    const removed = await edit({ lotteryDrawAt: undefined });
    expect(removed.status, removed.response.text).toBe(200);
    const rows = (await statuses(session!.id)).sort((a, b) => a.seq - b.seq);
    expect(rows.map((r) => [r.userId, r.status])).toEqual([
      [players[0]!.id, "registered"],
      [players[1]!.id, "registered"],
      [players[2]!.id, "waitlisted"],
    ]);
    // A session drawn already keeps its draw.
    const [drawn] = await makeSessions(
      t,
      orgId,
      owner,
      lotteryBody({ registrationOpensAt: undefined, lotteryDrawAt: "2026-12-07T15:00:00Z" }),
    );
    await ask(drawn!.id, players[0]!);
    clock = new Date("2026-12-07T15:00:00Z");
    await drawLottery(t.deps, orgId, drawn!.id);
    const moved = await t.call(
      sessionsEndpoints.update,
      {
        params: { orgId, sessionId: drawn!.id },
        body: {
          name: "Open Play",
          ...lotteryBody({ registrationOpensAt: undefined, lotteryDrawAt: "2026-12-09T15:00:00Z" }),
        },
      },
      { cookie: owner.cookie },
    );
    expect(moved.status).toBe(409);
    expect(moved.error?.code).toBe("LOTTERY_DRAWN");
  });
});
