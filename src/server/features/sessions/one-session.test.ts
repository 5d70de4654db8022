// A club runs one session on its courts at a time (docs/decisions/036): a second start while
// one runs is refused, naming it, and changes nothing; two starts at once leave one running;
// "Start Open Play Now" asks when a scheduled session is on now, and starts anyway when told.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../db/schema/sessions.js";
import { makeClub, makeSessions, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUser(t, "owner@one-session.example", "Olga Owner");
});
afterAll(() => t?.close());

const post = (url: string, payload?: object) =>
  t.request({ method: "POST", url, cookie: owner.cookie, ...(payload ? { payload } : {}) });
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const statusOf = async (orgId: string) =>
  (
    await t.db
      .select({ name: sessions.name, status: sessions.status })
      .from(sessions)
      .where(eq(sessions.organizationId, orgId))
  )
    .map((s) => `${s.name}: ${s.status}`)
    .sort();

describe("one session at a time", () => {
  it("refuses a second start while one runs, naming it, and changes nothing", async () => {
    const club = await makeClub(t, owner, [], { name: "One At A Time Club" });
    const [ladder] = await makeSessions(t, club.id, owner, {
      name: "Tuesday Ladder",
      startsAt: minutesFromNow(-30),
      endsAt: minutesFromNow(90),
    });
    const [clinic] = await makeSessions(t, club.id, owner, {
      name: "Beginners Clinic",
      startsAt: minutesFromNow(-10),
      endsAt: minutesFromNow(50),
    });
    expect((await post(`/api/orgs/${club.id}/sessions/${ladder!.id}/start`)).statusCode).toBe(204);

    const second = await post(`/api/orgs/${club.id}/sessions/${clinic!.id}/start`);
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().error).toMatchObject({ code: "SESSION_RUNNING" });
    expect(second.json().error.message).toContain(
      "Tuesday Ladder is on now: complete it before starting another.",
    );
    const openPlay = await post(`/api/orgs/${club.id}/sessions/open-play`, { anyway: true });
    expect(openPlay.statusCode, openPlay.body).toBe(409);
    expect(openPlay.json().error.code).toBe("SESSION_RUNNING");
    expect(await statusOf(club.id)).toEqual(["Beginners Clinic: scheduled", "Tuesday Ladder: active"]);

    // Completed, the next one starts.
    expect((await post(`/api/orgs/${club.id}/sessions/${ladder!.id}/complete`)).statusCode).toBe(204);
    expect((await post(`/api/orgs/${club.id}/sessions/${clinic!.id}/start`)).statusCode).toBe(204);
  });

  it("lets one of two starts at once win", async () => {
    const club = await makeClub(t, owner, [], { name: "Race Club" });
    const made = await makeSessions(t, club.id, owner, {
      name: "Open Play",
      startsAt: minutesFromNow(-5),
      endsAt: minutesFromNow(120),
    });
    const [other] = await makeSessions(t, club.id, owner, {
      name: "Drill Night",
      startsAt: minutesFromNow(-5),
      endsAt: minutesFromNow(120),
    });
    const answers = await Promise.all(
      [made[0]!, other!].map((s) => post(`/api/orgs/${club.id}/sessions/${s.id}/start`)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 409]);
    const active = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.organizationId, club.id), eq(sessions.status, "active")));
    expect(active).toHaveLength(1);
  });

  it("asks before open play beside a scheduled session on now, and starts it anyway when told", async () => {
    const club = await makeClub(t, owner, [], { name: "On Now Club" });
    await makeSessions(t, club.id, owner, {
      name: "Thursday Social",
      startsAt: minutesFromNow(-15),
      endsAt: minutesFromNow(105),
    });
    const asked = await post(`/api/orgs/${club.id}/sessions/open-play`);
    expect(asked.statusCode, asked.body).toBe(409);
    expect(asked.json().error).toMatchObject({
      code: "SESSION_ON_NOW",
      message: "Thursday Social is on now: start it instead, or start open play anyway.",
    });
    expect(await statusOf(club.id)).toEqual(["Thursday Social: scheduled"]);

    const anyway = await post(`/api/orgs/${club.id}/sessions/open-play`, { anyway: true });
    expect(anyway.statusCode, anyway.body).toBe(201);
    expect(await statusOf(club.id)).toEqual(["Open Play: active", "Thursday Social: scheduled"]);
  });

  it("takes a bad answer to the question as a clear error", async () => {
    const club = await makeClub(t, owner, [], { name: "Bad Body Club" });
    const bad = await post(`/api/orgs/${club.id}/sessions/open-play`, { anyway: "yes" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe("VALIDATION_ERROR");
    expect(await statusOf(club.id)).toEqual([]);
  });
});
