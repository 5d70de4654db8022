// Walk-ins checked in at once (POST .../check-ins/bulk): all of them or none, every problem
// named by its place in the lists, each walk-in following the single walk-in's rules, and the
// checked-in players in the board's queue.
import { and, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionRegistrations, sessions } from "../../db/schema/sessions.js";
import { activeSessionWith, makeClub, makeSessions, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
let owner: TestUser;
let organizer: TestUser;
let orgId: string;
let otherOrgId: string;
let otherOwner: TestUser;
const members: TestUser[] = [];

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUser(t, "owner@bulk.example", "Olga Owner");
  organizer = await makeUser(t, "organizer@bulk.example", "Oscar Organizer");
  for (let i = 0; i < 6; i++) members.push(await makeUser(t, `m${i}@bulk.example`, `Member ${i}`));
  orgId = (
    await makeClub(t, owner, [
      [organizer, "organizer"],
      ...members.map((m) => [m, "member"] as [TestUser, "member"]),
    ])
  ).id;
  otherOwner = await makeUser(t, "other@bulk.example", "Other Owner");
  otherOrgId = (await makeClub(t, otherOwner)).id;
});
afterAll(async () => {
  await t?.close();
});

const names = (n: number, prefix = "Walk In") => Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}`);

const bulk = (sessionId: string, body: Record<string, unknown>, who = organizer, club = orgId) =>
  t.request({
    method: "POST",
    url: `/api/orgs/${club}/sessions/${sessionId}/check-ins/bulk`,
    cookie: who.cookie,
    payload: body,
  });

const single = (sessionId: string, body: Record<string, unknown>) =>
  t.request({
    method: "POST",
    url: `/api/orgs/${orgId}/sessions/${sessionId}/walk-ins`,
    cookie: organizer.cookie,
    payload: body,
  });

const listOf = (sessionId: string) =>
  t.db
    .select()
    .from(sessionRegistrations)
    .where(and(eq(sessionRegistrations.sessionId, sessionId), ne(sessionRegistrations.status, "cancelled")));

const queueNames = async () => {
  const board = await t.request({ method: "GET", url: `/api/orgs/${orgId}/board`, cookie: organizer.cookie });
  expect(board.statusCode, board.body).toBe(200);
  return (board.json().queue as Array<{ name: string }>).map((q) => q.name).sort();
};

const issuesOf = (response: { json: () => unknown }) =>
  (response.json() as { error: { issues: Array<{ path: string[]; message: string }> } }).error.issues.map(
    (i) => [i.path.slice(1).join("."), i.message],
  );

describe("bulk check-in", () => {
  it("checks in 30 at once (25 guests and 5 members) and puts them all in the queue", async () => {
    const session = await activeSessionWith(t, orgId, 0);
    const memberIds = members.slice(0, 5).map((m) => m.id);
    const response = await bulk(session.id, { guestNames: names(25), memberIds });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ checkedIn: 30, standingBy: 0 });

    const list = await listOf(session.id);
    expect(list).toHaveLength(30);
    expect(list.every((r) => r.status === "registered" && r.checkedInAt !== null)).toBe(true);
    expect(new Set(list.map((r) => r.seq)).size).toBe(30);
    expect(await queueNames()).toEqual([...names(25), ...members.slice(0, 5).map((m) => m.name)].sort());
  });

  it("takes in a registered member where they stand, and a waitlisted one at the door, as a single walk-in does", async () => {
    const [created] = await makeSessions(t, orgId, owner, { name: "Small Night", capacity: 1 });
    const id = created!.id;
    for (const who of [members[0]!, members[1]!]) {
      const registered = await t.request({
        method: "POST",
        url: `/api/orgs/${orgId}/sessions/${id}/registrations`,
        cookie: who.cookie,
      });
      expect(registered.statusCode, registered.body).toBe(201);
    }
    const response = await bulk(id, { memberIds: [members[0]!.id, members[1]!.id] });
    expect(response.statusCode, response.body).toBe(201);
    const list = await listOf(id);
    expect(list.map((r) => [r.userId, r.status, r.checkedInAt !== null])).toEqual([
      [members[0]!.id, "registered", true],
      [members[1]!.id, "registered", true],
    ]);
  });

  it("refuses duplicates and bad lines, naming each, and writes nothing", async () => {
    const session = await activeSessionWith(t, orgId, 0, [members[0]!]);
    await single(session.id, { guestName: "Already Here" });
    const before = await listOf(session.id);

    const badLines = await bulk(session.id, {
      guestNames: ["Ann Lee", "", "x".repeat(81), "Bo\u0000b", "ann  lee", "Eve\u202Eevil", "Fine Name"],
      memberIds: [members[1]!.id, members[1]!.id],
    });
    expect(badLines.statusCode).toBe(400);
    expect(issuesOf(badLines)).toEqual(
      expect.arrayContaining([
        ["guestNames.1", "Name must be at least 2 characters"],
        ["guestNames.2", "Name must be at most 80 characters"],
        ["guestNames.3", "Name cannot contain line breaks or hidden formatting characters"],
        ["guestNames.4", "This name is on an earlier line too"],
        ["guestNames.5", "Name cannot contain line breaks or hidden formatting characters"],
        ["memberIds.1", "This member is ticked twice"],
      ]),
    );
    expect(issuesOf(badLines)).toHaveLength(6);

    const conflicts = await bulk(session.id, {
      guestNames: ["New Person", "already here", members[2]!.name, "Member 0"],
      memberIds: [members[0]!.id, "no-such-user", owner.id, members[2]!.id],
    });
    expect(conflicts.statusCode).toBe(409);
    expect(conflicts.json().error).toMatchObject({
      code: "CHECK_IN_REFUSED",
      message: "3 names and 2 members cannot be checked in: nobody was checked in.",
    });
    expect(issuesOf(conflicts)).toEqual([
      ["memberIds.0", "Member 0 is already checked in"],
      ["memberIds.1", "Not a member of this club"],
      ["guestNames.1", "already here is already checked in"],
      ["guestNames.2", "Member 2 is also ticked as a member"],
      ["guestNames.3", "Member 0 is already checked in"],
    ]);

    const tooMany = await bulk(session.id, { guestNames: names(101) });
    expect(tooMany.statusCode).toBe(400);
    expect((await bulk(session.id, {})).statusCode).toBe(400);

    expect(await listOf(session.id)).toEqual(before);
  });

  it("refuses the whole list when the places run out part-way, naming where", async () => {
    const session = await activeSessionWith(t, orgId, 2);
    await t.db.update(sessions).set({ capacity: 5 }).where(eq(sessions.id, session.id));
    const response = await bulk(session.id, { guestNames: names(4, "Late") });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe("SESSION_FULL");
    expect(issuesOf(response)).toEqual([["guestNames.3", "No place left from here on"]]);
    expect(await listOf(session.id)).toHaveLength(2);
    expect((await bulk(session.id, { guestNames: names(3, "Late") })).statusCode).toBe(201);
  });

  it("a single check-in racing the bulk one: one waits for the other, and the bulk is all or nothing", async () => {
    for (let round = 0; round < 4; round++) {
      const session = await activeSessionWith(t, orgId, 0);
      await t.db.update(sessions).set({ capacity: 30 }).where(eq(sessions.id, session.id));
      // Each kind of single walk-in (a guest, the member the bulk also names), started before
      // and after the bulk one: whichever takes the session's lock first goes first.
      const member = round % 2 === 1;
      const startBulk = () =>
        bulk(session.id, { guestNames: names(29, "Racer"), memberIds: [members[3]!.id] });
      const startSingle = () =>
        single(session.id, member ? { userId: members[3]!.id } : { guestName: "Sprinter" });
      const [bulkAnswer, singleAnswer] =
        round < 2
          ? await Promise.all([startBulk(), startSingle()])
          : await Promise.all([startSingle(), startBulk()]).then(([a, b]) => [b, a] as const);
      const list = await listOf(session.id);
      const memberRows = list.filter((r) => r.userId === members[3]!.id);
      expect(memberRows.length).toBeLessThanOrEqual(1);
      if (bulkAnswer.statusCode === 201) {
        // The bulk went first; the single then followed its own rules.
        if (member) expect(singleAnswer.statusCode).toBe(201);
        else expect(singleAnswer.json().error.code).toBe("SESSION_FULL");
        expect(list).toHaveLength(30);
      } else {
        // The single went first: the bulk found the member checked in, or the places one short.
        expect(singleAnswer.statusCode).toBe(201);
        expect(bulkAnswer.statusCode).toBe(409);
        expect(list).toHaveLength(1);
      }
      expect(list.every((r) => r.checkedInAt !== null)).toBe(true);
    }
  });

  it("answers another club's session with 404 and a member with 403, changing nothing", async () => {
    const ours = await activeSessionWith(t, orgId, 0);
    const theirs = await activeSessionWith(t, otherOrgId, 0);
    const body = { guestNames: ["Sneaky Pete"] };
    // Club B's owner at club A; club B's owner naming A's session under B; A's organizer naming B's session.
    expect((await bulk(ours.id, body, otherOwner)).statusCode).toBe(404);
    expect((await bulk(ours.id, body, otherOwner, otherOrgId)).statusCode).toBe(404);
    expect((await bulk(theirs.id, body, organizer)).statusCode).toBe(404);
    expect((await bulk(ours.id, body, members[4]!)).statusCode).toBe(403);
    expect(await listOf(ours.id)).toHaveLength(0);
    expect(await listOf(theirs.id)).toHaveLength(0);
  });
});
