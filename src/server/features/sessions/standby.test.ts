// Standing by at the door: a player on the waitlist who checks in, or one who walks up to a full
// session unregistered (their own link, or the organizer's walk-ins), waits there; places that
// open go to the waitlist in order, then to those who walked up, and a player present is in and
// on the board at once.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queuePlayers } from "../../db/schema/courts.js";
import { sessionRegistrations, sessions } from "../../db/schema/sessions.js";
import { makeClub, makeSessions, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
let clock = new Date("2026-12-10T22:30:00Z");
let owner: TestUser;
let organizer: TestUser;
let players: TestUser[];
let orgId: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  owner = await makeUser(t, "owner@standby.example", "Olive Owner");
  organizer = await makeUser(t, "organizer@standby.example", "Oscar Organizer");
  players = [];
  for (const name of ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"])
    players.push(await makeUser(t, `${name.toLowerCase()}@standby.example`, name));
  orgId = (
    await makeClub(t, owner, [
      [organizer, "organizer"],
      ...players.map((p) => [p, "member"] as [TestUser, "member"]),
    ])
  ).id;
});
afterAll(async () => {
  await t?.close();
});

const as = (who: TestUser, method: "GET" | "POST", url: string, payload?: object) =>
  t.request({ method, url, cookie: who.cookie, ...(payload ? { payload } : {}) });
const person = (i: number) => () => players[i]!;
const [ann, bob, cat, dan, eve, fay] = [person(0), person(1), person(2), person(3), person(4), person(5)];

describe("standing by at the door", () => {
  // One session runs at a time (one-session.test.ts): each night starts after the last is over.
  beforeEach(async () => {
    await t.db
      .update(sessions)
      .set({ status: "completed" })
      .where(and(eq(sessions.organizationId, orgId), eq(sessions.status, "active")));
  });

  it("waits after the waitlist, and is in and on the board when a place opens", async () => {
    clock = new Date("2026-12-10T22:30:00Z");
    const [session] = await makeSessions(t, orgId, organizer, {
      startsAt: "2026-12-10T23:00:00Z",
      endsAt: "2026-12-11T01:00:00Z",
      capacity: 2,
    });
    const base = `/api/orgs/${orgId}/sessions/${session!.id}`;
    // Ann and Bob have the places; Cat waits online.
    for (const p of [ann(), bob(), cat()])
      expect((await as(p, "POST", `${base}/registrations`)).statusCode).toBe(201);
    clock = new Date("2026-12-10T23:00:00Z");
    expect((await as(organizer, "POST", `${base}/start`)).statusCode).toBe(204);
    const token = (await as(organizer, "GET", base)).json().checkInToken as string;
    expect((await as(ann(), "POST", `${base}/self-check-in`, { token })).json()).toEqual({
      standingBy: false,
      waitlistPosition: null,
    });
    // Dan walks up unregistered: no place, so he stands by, after Cat.
    const danAnswer = await as(dan(), "POST", `${base}/self-check-in`, { token });
    expect(danAnswer.statusCode, danAnswer.body).toBe(200);
    expect(danAnswer.json()).toEqual({ standingBy: true, waitlistPosition: 2 });
    // Eve joins the waitlist online afterwards: still before Dan, who walked up.
    expect((await as(eve(), "POST", `${base}/registrations`)).json().registration.waitlistPosition).toBe(2);
    // The organizer stands a guest by at the door too, after Dan.
    const walkIns = await as(organizer, "POST", `${base}/check-ins/bulk`, {
      guestNames: ["Wally Walkup"],
      standBy: true,
    });
    expect(walkIns.statusCode, walkIns.body).toBe(201);
    expect(walkIns.json()).toEqual({ checkedIn: 0, standingBy: 1 });
    const waiting = (await as(organizer, "GET", base))
      .json()
      .registrations.filter((r: { status: string }) => r.status === "waitlisted");
    expect(
      waiting.map((r: { name: string; waitlistPosition: number; checkedIn: boolean }) => [
        r.name,
        r.waitlistPosition,
        r.checkedIn,
      ]),
    ).toEqual([
      ["Cat", 1, false],
      ["Eve", 2, false],
      ["Dan", 3, true],
      ["Wally Walkup", 4, true],
    ]);
    // Without standBy, a full session still refuses the walk-in, naming the line.
    const refused = await as(organizer, "POST", `${base}/check-ins/bulk`, { guestNames: ["Nope Nobody"] });
    expect(refused.json().error.code).toBe("SESSION_FULL");

    // Cat reaches the door: she stands by in her own turn.
    expect((await as(cat(), "POST", `${base}/self-check-in`, { token })).json()).toEqual({
      standingBy: true,
      waitlistPosition: 1,
    });

    // Ten minutes in, Bob has not come: his place goes to Cat, who is here, and she is in line.
    clock = new Date("2026-12-10T23:10:00Z");
    const released = await as(organizer, "POST", `${base}/no-shows/release`);
    expect(released.json()).toEqual({ released: 1, promoted: 1 });
    const list = (await as(organizer, "GET", base)).json().registrations;
    expect(list.find((r: { name: string }) => r.name === "Cat")).toMatchObject({
      status: "registered",
      checkedIn: true,
    });
    const catRow = list.find((r: { name: string }) => r.name === "Cat");
    await expect
      .poll(async () =>
        (await t.db.select().from(queuePlayers).where(eq(queuePlayers.sessionId, session!.id))).map(
          (q) => q.registrationId,
        ),
      )
      .toContain(catRow.id);
  });

  it("a present player moved up by a cancellation is in line too, and Fay's link in a paid session still asks her to pay", async () => {
    clock = new Date("2026-12-12T22:30:00Z");
    const [session] = await makeSessions(t, orgId, organizer, {
      startsAt: "2026-12-12T23:00:00Z",
      endsAt: "2026-12-13T01:00:00Z",
      capacity: 1,
    });
    const base = `/api/orgs/${orgId}/sessions/${session!.id}`;
    const annPlace = (await as(ann(), "POST", `${base}/registrations`)).json().registration;
    clock = new Date("2026-12-12T23:00:00Z");
    await as(organizer, "POST", `${base}/start`);
    const token = (await as(organizer, "GET", base)).json().checkInToken as string;
    expect((await as(dan(), "POST", `${base}/self-check-in`, { token })).json().standingBy).toBe(true);
    // Ann gives her place back: Dan, at the door, is in and in line.
    await t.request({ method: "DELETE", url: `${base}/registrations/${annPlace.id}`, cookie: ann().cookie });
    const [danRow] = await t.db
      .select()
      .from(sessionRegistrations)
      .where(
        sql`${sessionRegistrations.sessionId} = ${session!.id} and ${sessionRegistrations.userId} = ${dan().id}`,
      );
    expect(danRow).toMatchObject({ status: "registered", walkedUp: true });
    expect(danRow!.checkedInAt).not.toBeNull();
    await expect
      .poll(
        async () =>
          (await t.db.select().from(queuePlayers).where(eq(queuePlayers.sessionId, session!.id))).length,
      )
      .toBe(1);

    const [paid] = await makeSessions(t, orgId, organizer, {
      startsAt: "2026-12-12T23:00:00Z",
      endsAt: "2026-12-13T01:00:00Z",
      name: "Paid Night",
    });
    // A paid session is paid for first: walking up does not put her on the list.
    // Its night runs after this one is over: one session runs at a time.
    await t.db.execute(
      sql`update sessions set status = 'completed' where organization_id = ${orgId} and status = 'active'`,
    );
    await t.db.execute(
      sql`update sessions set payment_required = true, payment_amount = 1000, status = 'active' where id = ${paid!.id}`,
    );
    const paidToken = (await as(organizer, "GET", `/api/orgs/${orgId}/sessions/${paid!.id}`)).json()
      .checkInToken as string;
    const fayAnswer = await as(fay(), "POST", `/api/orgs/${orgId}/sessions/${paid!.id}/self-check-in`, {
      token: paidToken,
    });
    expect(fayAnswer.statusCode).toBe(409);
    expect(fayAnswer.json().error.code).toBe("NOT_REGISTERED");
  });

  it("lets the organizer take in a player standing by, and stands nobody by for a paid place", async () => {
    clock = new Date("2026-12-14T22:30:00Z");
    const [session] = await makeSessions(t, orgId, organizer, {
      startsAt: "2026-12-14T23:00:00Z",
      endsAt: "2026-12-15T01:00:00Z",
      capacity: 1,
    });
    const base = `/api/orgs/${orgId}/sessions/${session!.id}`;
    await as(ann(), "POST", `${base}/registrations`);
    await as(bob(), "POST", `${base}/registrations`);
    clock = new Date("2026-12-14T23:00:00Z");
    await as(organizer, "POST", `${base}/start`);
    const token = (await as(organizer, "GET", base)).json().checkInToken as string;
    expect((await as(bob(), "POST", `${base}/self-check-in`, { token })).json().standingBy).toBe(true);
    // Bob is at the door, not yet in: the organizer may still take him in over the number.
    const taken = await as(organizer, "POST", `${base}/check-ins/bulk`, { memberIds: [bob().id] });
    expect(taken.statusCode, taken.body).toBe(201);
    expect(taken.json()).toEqual({ checkedIn: 1, standingBy: 0 });
    const bobRow = (await as(organizer, "GET", base))
      .json()
      .registrations.find((r: { userId: string }) => r.userId === bob().id);
    expect(bobRow).toMatchObject({ status: "registered", checkedIn: true });

    // A paid session: a place is paid for first, so nobody stands by for one.
    const [paid] = await makeSessions(t, orgId, organizer, {
      startsAt: "2026-12-14T23:00:00Z",
      endsAt: "2026-12-15T01:00:00Z",
      name: "Paid Full",
      capacity: 1,
    });
    // Its night runs after this one is over: one session runs at a time.
    await t.db.execute(
      sql`update sessions set status = 'completed' where organization_id = ${orgId} and status = 'active'`,
    );
    await t.db.execute(
      sql`update sessions set payment_required = true, payment_amount = 1000, status = 'active' where id = ${paid!.id}`,
    );
    await t.db.execute(sql`insert into session_registrations (organization_id, session_id, user_id, status, seq)
      values (${orgId}, ${paid!.id}, ${cat().id}, 'registered', 1), (${orgId}, ${paid!.id}, ${eve().id}, 'waitlisted', 2)`);
    const paidBase = `/api/orgs/${orgId}/sessions/${paid!.id}`;
    const refused = await as(organizer, "POST", `${paidBase}/check-ins/bulk`, {
      guestNames: ["Penny Paidless"],
      standBy: true,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe("SESSION_FULL");
    const paidToken = (await as(organizer, "GET", paidBase)).json().checkInToken as string;
    const eveAnswer = await as(eve(), "POST", `${paidBase}/self-check-in`, { token: paidToken });
    expect(eveAnswer.statusCode).toBe(409);
    expect(eveAnswer.json().error.code).toBe("WAITLISTED");
  });
});
