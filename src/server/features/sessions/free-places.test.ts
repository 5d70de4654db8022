// The rules of a place, once, in PostgreSQL (take_place, give_up_place and promote_waitlist,
// migration 0027): registering for a free session and cancelling are one statement each, and
// what the plain statement leaves to the app's transaction it says so, changing nothing.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payments, sessionRegistrations, sessions } from "../../db/schema/sessions.js";
import { makeClub, makeSessions, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { statementsSent } from "../../test/statements-sent.js";

const now = new Date("2026-02-20T12:00:00Z");
let t: TestApp;
let owner: TestUser;
let orgId: string;
const players: TestUser[] = [];

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  owner = await makeUser(t, "owner@free-places.example", "Fran Free");
  for (let i = 0; i < 16; i++) players.push(await makeUser(t, `p${i}@free-places.example`, `Player ${i}`));
  orgId = (
    await makeClub(
      t,
      owner,
      players.map((p) => [p, "member"] as [TestUser, "member"]),
    )
  ).id;
});
afterAll(async () => {
  await t?.close();
});

const createSession = async (capacity: number) => (await makeSessions(t, orgId, owner, { capacity }))[0]!.id;

const path = (sessionId: string) => `/api/orgs/${orgId}/sessions/${sessionId}/registrations`;

async function registerAs(who: TestUser, sessionId: string) {
  const response = await t.request({ method: "POST", url: path(sessionId), cookie: who.cookie });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().registration as { id: string; status: string; waitlistPosition: number | null };
}

const cancelAs = (who: TestUser, sessionId: string, registrationId: string) =>
  t.request({ method: "DELETE", url: `${path(sessionId)}/${registrationId}`, cookie: who.cookie });

/** What the plain registration (free_only) answers: its verdict. */
const takeFreePlace = async (sessionId: string, userId: string, club = orgId) =>
  (
    await t.db.execute(
      sql`select verdict from take_place(${club}, ${sessionId}, ${userId}, ${now}, ${now}, true)`,
    )
  ).rows.map((r) => r.verdict);

/** What the plain cancellation (plain_only) answers: its verdict, and the session's status. */
const giveUpFreePlace = async (
  sessionId: string,
  registrationId: string,
  userId: string,
  mayManage = false,
  club = orgId,
) =>
  (
    await t.db.execute(
      sql`select verdict, session_now from give_up_place(${club}, ${sessionId}, ${registrationId}, ${userId}, ${mayManage}, ${now}, true)`,
    )
  ).rows;

const statusesOf = async (sessionId: string) =>
  t.db
    .select({
      id: sessionRegistrations.id,
      status: sessionRegistrations.status,
      seq: sessionRegistrations.seq,
    })
    .from(sessionRegistrations)
    .where(eq(sessionRegistrations.sessionId, sessionId));

describe("a free place in one statement", () => {
  it("registering and cancelling in a free session each send one statement that reads or writes the list", async () => {
    const sessionId = await createSession(8);
    // What reads or writes the list (the job queue's polling is left out by what it names).
    const touchingTheList = /session_registrations|_place\(|"sessions"|^begin/i;
    let placed = { id: "", status: "" };
    const registering = await statementsSent(touchingTheList, async () => {
      placed = await registerAs(players[0]!, sessionId);
    });
    expect(placed.status).toBe("registered");
    expect(registering).toEqual([expect.stringContaining("take_place")]);
    const cancelling = await statementsSent(touchingTheList, async () => {
      expect((await cancelAs(players[0]!, sessionId, placed.id)).statusCode).toBe(200);
    });
    expect(cancelling).toEqual([expect.stringContaining("give_up_place")]);
    expect((await statusesOf(sessionId)).map((r) => r.status)).toEqual(["cancelled"]);
  });

  it("says why it took no place: a closed or paid session, a run-out hold, someone listed, another club", async () => {
    const sessionId = await createSession(8);
    const [player, other] = [players[1]!, players[2]!];
    expect(await takeFreePlace(sessionId, player.id, crypto.randomUUID())).toEqual(["not_found"]);
    await registerAs(player, sessionId);
    expect(await takeFreePlace(sessionId, player.id)).toEqual(["listed"]);

    const setSession = (values: Partial<typeof sessions.$inferInsert>) =>
      t.db.update(sessions).set(values).where(eq(sessions.id, sessionId));
    await setSession({ paymentRequired: true, paymentAmount: 1000 });
    expect(await takeFreePlace(sessionId, other.id)).toEqual(["paid"]);
    await setSession({ paymentRequired: false, paymentAmount: null, status: "cancelled" });
    expect(await takeFreePlace(sessionId, other.id)).toEqual(["closed"]);
    await setSession({ status: "scheduled" });

    // An unpaid hold that ran out is released first, by the full path.
    const [held] = await t.db
      .insert(sessionRegistrations)
      .values({
        organizationId: orgId,
        sessionId,
        userId: players[3]!.id,
        status: "pending_payment",
        seq: 99,
        holdExpiresAt: new Date(now.getTime() - 1000),
      })
      .returning();
    expect(await takeFreePlace(sessionId, other.id)).toEqual(["holds_run_out"]);
    const viaApi = await registerAs(other, sessionId);
    expect(viaApi.status).toBe("registered");
    const after = await statusesOf(sessionId);
    expect(after.find((r) => r.id === held!.id)?.status).toBe("cancelled");
    // The next arrival comes after the highest number given, held places included.
    expect(after.find((r) => r.id === viaApi.id)?.seq).toBe(100);
  });

  it("cancels in one statement only when nothing follows: nobody to move up, and no money", async () => {
    const sessionId = await createSession(1);
    const placed = await registerAs(players[4]!, sessionId);
    const first = await registerAs(players[5]!, sessionId);
    const second = await registerAs(players[6]!, sessionId);
    expect([placed.status, first.waitlistPosition, second.waitlistPosition]).toEqual(["registered", 1, 2]);

    // A place freed while someone waits: the full path promotes them.
    expect(await giveUpFreePlace(sessionId, placed.id, players[4]!.id)).toEqual([
      { verdict: "follows", session_now: "scheduled" },
    ]);
    // Not theirs: only an organizer may.
    expect(await giveUpFreePlace(sessionId, first.id, players[4]!.id)).toEqual([
      { verdict: "not_found", session_now: "scheduled" },
    ]);
    expect(await giveUpFreePlace(sessionId, first.id, owner.id, true)).toEqual([
      { verdict: "cancelled", session_now: "scheduled" },
    ]);
    const byId = new Map((await statusesOf(sessionId)).map((r) => [r.id, r.status]));
    expect([byId.get(placed.id), byId.get(first.id), byId.get(second.id)]).toEqual([
      "registered",
      "cancelled",
      "waitlisted",
    ]);

    // Not this club's session.
    expect(await giveUpFreePlace(sessionId, second.id, owner.id, true, crypto.randomUUID())).toEqual([
      { verdict: "not_found", session_now: null },
    ]);
    // Money to settle goes the full path too.
    await t.db.insert(payments).values({
      organizationId: orgId,
      registrationId: second.id,
      provider: "sandbox",
      amount: 1000,
    });
    expect(await giveUpFreePlace(sessionId, second.id, players[6]!.id)).toEqual([
      { verdict: "follows", session_now: "scheduled" },
    ]);
  });

  it("a place given back while places are free and others wait: the full path moves them up", async () => {
    const sessionId = await createSession(1);
    await registerAs(players[7]!, sessionId);
    const first = await registerAs(players[8]!, sessionId);
    const second = await registerAs(players[9]!, sessionId);
    // Room for everyone now, and still a waitlist until someone's place moves it.
    await t.db.update(sessions).set({ capacity: 4 }).where(eq(sessions.id, sessionId));
    expect(await giveUpFreePlace(sessionId, second.id, players[9]!.id)).toEqual([
      { verdict: "follows", session_now: "scheduled" },
    ]);
    expect((await cancelAs(players[9]!, sessionId, second.id)).statusCode).toBe(200);
    const byId = new Map((await statusesOf(sessionId)).map((r) => [r.id, r.status]));
    expect([byId.get(first.id), byId.get(second.id)]).toEqual(["registered", "cancelled"]);
  });

  it("registering and cancelling at once never leaves a place free while someone waits", async () => {
    const capacity = 4;
    const sessionId = await createSession(capacity);
    const first = [];
    for (const p of players.slice(0, 8)) first.push(await registerAs(p, sessionId));
    // Everyone placed cancels, two on the waitlist cancel, and six more arrive, all at once.
    const cancels = [...first.slice(0, 4), ...first.slice(4, 6)].map((r, i) =>
      cancelAs(players[i]!, sessionId, r.id),
    );
    const arrivals = players.slice(8, 14).map((p) => registerAs(p, sessionId));
    const answers = await Promise.all(cancels);
    await Promise.all(arrivals);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));

    const rows = await statusesOf(sessionId);
    const count = (status: string) => rows.filter((r) => r.status === status).length;
    // 8 - 6 + 6 live registrations for 4 places.
    expect(count("registered")).toBe(capacity);
    expect(count("waitlisted")).toBe(4);
    expect(new Set(rows.map((r) => r.seq)).size).toBe(rows.length);
    // The waitlist moves first come, first served, and a newcomer gets a place only when nobody
    // waits: everyone waiting arrived after everyone placed.
    const seqs = (status: string) => rows.filter((r) => r.status === status).map((r) => r.seq);
    expect(Math.min(...seqs("waitlisted"))).toBeGreaterThan(Math.max(...seqs("registered")));
  });
});
