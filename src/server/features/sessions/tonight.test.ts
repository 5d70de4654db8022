// Tonight, always: a session entered after its start is still on the list (until it ends) and
// can be started; "Start open play now" creates and starts one in a single step.

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { organizations } from "../../db/schema/clubs.js";
import { sessions } from "../../db/schema/sessions.js";
import { makeClub, makeSessions, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
let owner: TestUser;
let member: TestUser;
let orgId: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUser(t, "owner@tonight.example", "Tess Tonight");
  member = await makeUser(t, "member@tonight.example", "Mo Member");
  orgId = (await makeClub(t, owner, [[member, "member"]])).id;
});
afterAll(() => t?.close());

const listed = async () =>
  (await t.request({ method: "GET", url: `/api/orgs/${orgId}/sessions`, cookie: member.cookie })).json()
    .sessions as Array<{ id: string; name: string; status: string }>;

/** A session entered now that runs between these minutes from now (negative: in the past). */
const sessionFromNow = async (name: string, fromMinutes: number, toMinutes: number) => {
  const [session] = await makeSessions(t, orgId, owner, {
    name,
    startsAt: new Date(Date.now() + fromMinutes * 60_000).toISOString(),
    endsAt: new Date(Date.now() + toMinutes * 60_000).toISOString(),
  });
  return session!.id;
};

describe("a session created after its start", () => {
  it("is listed until it ends, and can be started", async () => {
    // Entered at 22:08 for 22:00 to 23:59.
    const id = await sessionFromNow("Late Tuesday", -8, 110);
    expect((await listed()).map((s) => s.id)).toContain(id);

    const started = await t.request({
      method: "POST",
      url: `/api/orgs/${orgId}/sessions/${id}/start`,
      cookie: owner.cookie,
    });
    expect(started.statusCode, started.body).toBe(204);
    expect((await listed()).find((s) => s.id === id)?.status).toBe("active");
  });

  it("leaves the list once it has ended", async () => {
    await sessionFromNow("Over Already", -120, -1);
    expect((await listed()).map((s) => s.name)).not.toContain("Over Already");
  });
});

describe("start open play now", () => {
  // One session runs at a time (one-session.test.ts): the night above is over first.
  beforeEach(async () => {
    await t.db
      .update(sessions)
      .set({ status: "completed" })
      .where(and(eq(sessions.organizationId, orgId), eq(sessions.status, "active")));
  });

  it("creates a session from this minute and starts it, with the board live at once", async () => {
    const answer = await t.request({
      method: "POST",
      url: `/api/orgs/${orgId}/sessions/open-play`,
      cookie: owner.cookie,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const { session } = answer.json();
    expect(session).toMatchObject({ name: "Open Play", status: "active" });
    expect(Math.abs(Date.parse(session.startsAt) - Date.now())).toBeLessThan(2 * 60_000);
    expect(Date.parse(session.endsAt) - Date.parse(session.startsAt)).toBe(3 * 3_600_000);
    const board = await t.request({ method: "GET", url: `/api/orgs/${orgId}/board`, cookie: member.cookie });
    expect(board.json().session?.id).toBe(session.id);
  });

  it("is an organizer's, and asks for an upgrade after the trial like any start", async () => {
    const refused = await t.request({
      method: "POST",
      url: `/api/orgs/${orgId}/sessions/open-play`,
      cookie: member.cookie,
    });
    expect(refused.statusCode).toBe(403);
    await t.db
      .update(organizations)
      .set({ trialEndsAt: new Date(Date.now() - 86_400_000) })
      .where(eq(organizations.id, orgId));
    const expired = await t.request({
      method: "POST",
      url: `/api/orgs/${orgId}/sessions/open-play`,
      cookie: owner.cookie,
    });
    expect(expired.statusCode).toBe(402);
    expect(expired.json().error.code).toBe("UPGRADE_REQUIRED");
  });
});
