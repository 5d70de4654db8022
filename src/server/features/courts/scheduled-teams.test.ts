// A mixed night scheduled ahead: the session carries who may make a team, its board starts
// with it, the board's setting writes it back, and once under way only the board changes it.

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BoardView } from "../../../shared/contracts/board.js";
import { TEAMS_CHOICE } from "../../../shared/contracts/sessions.js";
import { organizations } from "../../db/schema/clubs.js";
import { makeClub, makeSessions, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
let owner: TestUser;
let players: TestUser[];
let orgId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUser(t, "owner@mixed-night.example", "Olive Owner");
  players = [];
  for (const [i, gender] of (["woman", "woman", "man", "man"] as const).entries()) {
    const person = await makeUser(t, `p${i}@mixed-night.example`, `Player ${i}`);
    const saved = await t.request({
      method: "PUT",
      url: "/api/me/profile",
      cookie: person.cookie,
      payload: { fullName: person.name, avatarUrl: "", gender },
    });
    expect(saved.statusCode).toBe(200);
    players.push(person);
  }
  orgId = (
    await makeClub(
      t,
      owner,
      players.map((p) => [p, "member"]),
      { courtsCount: 1 },
    )
  ).id;
});
afterAll(async () => {
  await t?.close();
});

const tonight = () => {
  const startsAt = new Date(Date.now() - 5 * 60_000);
  return { startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 7_200_000).toISOString() };
};
const sessionOf = async (sessionId: string) =>
  (
    await t.request({ method: "GET", url: `/api/orgs/${orgId}/sessions/${sessionId}`, cookie: owner.cookie })
  ).json().session;
const edit = (sessionId: string, body: object) =>
  t.request({
    method: "PUT",
    url: `/api/orgs/${orgId}/sessions/${sessionId}`,
    cookie: owner.cookie,
    payload: { name: "Mixed Night", ...tonight(), ...body },
  });
const board = async (): Promise<BoardView> =>
  (await t.request({ method: "GET", url: `/api/orgs/${orgId}/board`, cookie: owner.cookie })).json();

describe("a session scheduled as mixed doubles", () => {
  it("refuses a rule that is not one, saying what to choose, and schedules nothing", async () => {
    const refused = await t.request({
      method: "POST",
      url: `/api/orgs/${orgId}/sessions`,
      cookie: owner.cookie,
      payload: { name: "Coed Night", ...tonight(), teams: "coed" },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(TEAMS_CHOICE);
    const listed = await t.request({
      method: "GET",
      url: `/api/orgs/${orgId}/sessions`,
      cookie: owner.cookie,
    });
    expect(listed.body).not.toContain("Coed Night");
  });

  it("says so on the club's public page, the dashboard and the session's calendar file", async () => {
    const startsAt = new Date(Date.now() + 3 * 86_400_000);
    const [future] = await makeSessions(t, orgId, owner, {
      name: "Saturday Mixer",
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 7_200_000).toISOString(),
      teams: "mixed",
    });
    const [club] = await t.db
      .select({ slug: organizations.slug })
      .from(organizations)
      .where(eq(organizations.id, orgId));
    const page = await t.request({ method: "GET", url: `/api/public/clubs/${club!.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().upcomingSessions).toEqual([
      expect.objectContaining({ id: future!.id, name: "Saturday Mixer", teams: "mixed" }),
    ]);
    const dashboard = await t.request({
      method: "GET",
      url: `/api/orgs/${orgId}/dashboard`,
      cookie: owner.cookie,
    });
    expect(dashboard.json().upcoming).toEqual([expect.objectContaining({ id: future!.id, teams: "mixed" })]);
    // A calendar app shows the rule where the notes go; an open night says nothing of teams.
    const ics = await t.request({
      method: "GET",
      url: `/api/orgs/${orgId}/sessions/${future!.id}/calendar.ics`,
      cookie: players[0]!.cookie,
    });
    expect(ics.statusCode).toBe(200);
    expect(ics.body).toContain("DESCRIPTION:Mixed doubles\r\n");
    await t.request({
      method: "POST",
      url: `/api/orgs/${orgId}/sessions/${future!.id}/cancel`,
      cookie: owner.cookie,
    });
  });

  it("is open play unless asked, and a scheduled session's rule can be edited", async () => {
    const [plain] = await makeSessions(t, orgId, owner, { name: "Open Night", ...tonight() });
    expect((await sessionOf(plain!.id)).teams).toBe("open");
    const edited = await edit(plain!.id, { name: "Open Night", teams: "separate" });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().teams).toBe("separate");
    // Left out of an edit, as a form from before the field sends it, it stays as it was.
    expect((await edit(plain!.id, { name: "Open Night" })).json().teams).toBe("separate");
    const cancelled = await t.request({
      method: "POST",
      url: `/api/orgs/${orgId}/sessions/${plain!.id}/cancel`,
      cookie: owner.cookie,
    });
    expect(cancelled.statusCode).toBeLessThan(300);
  });

  it("starts its board mixed, takes the board's change back, and once under way changes only there", async () => {
    const [night] = await makeSessions(t, orgId, owner, {
      name: "Mixed Night",
      ...tonight(),
      teams: "mixed",
    });
    expect((await sessionOf(night!.id)).teams).toBe("mixed");
    const checkedIn = await t.request({
      method: "POST",
      url: `/api/orgs/${orgId}/sessions/${night!.id}/check-ins/bulk`,
      cookie: owner.cookie,
      payload: { memberIds: players.map((p) => p.id) },
    });
    expect(checkedIn.statusCode, checkedIn.body).toBe(201);
    const started = await t.request({
      method: "POST",
      url: `/api/orgs/${orgId}/sessions/${night!.id}/start`,
      cookie: owner.cookie,
    });
    expect(started.statusCode, started.body).toBe(204);

    expect((await board()).teams).toBe("mixed");
    const filled = await t.request({
      method: "POST",
      url: `/api/orgs/${orgId}/board/fill`,
      cookie: owner.cookie,
    });
    expect(filled.statusCode).toBe(200);
    const live = await board();
    expect(live.teams).toBe("mixed");
    const genderOf = live.organizer!.genders;
    const teams = live.courts.flatMap((c) => (c.game ? [c.game.teamA, c.game.teamB] : []));
    expect(teams).toHaveLength(2);
    for (const team of teams)
      expect(team.map((p) => genderOf[p.registrationId]).sort()).toEqual(["man", "woman"]);

    // Under way, the session's form cannot change it: the board holds it.
    const refused = await edit(night!.id, { teams: "open" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe("TEAMS_ON_BOARD");
    expect((await board()).teams).toBe("mixed");

    const set = await t.request({
      method: "PUT",
      url: `/api/orgs/${orgId}/board/settings`,
      cookie: owner.cookie,
      payload: { mode: "fair", teams: "separate" },
    });
    expect(set.statusCode).toBe(200);
    expect((await sessionOf(night!.id)).teams).toBe("separate");
    // The form leaves it out once under way (or sends what the board holds): the rest of the
    // session stays editable.
    const renamed = await edit(night!.id, { name: "Mixed Night Late" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: "Mixed Night Late", teams: "separate" });
    expect((await edit(night!.id, { name: "Mixed Night Late", teams: "separate" })).statusCode).toBe(200);

    // The other formats make their own teams: the session says open play while the board runs one.
    const kings = await t.request({
      method: "PUT",
      url: `/api/orgs/${orgId}/board/settings`,
      cookie: owner.cookie,
      payload: { mode: "king-of-the-court" },
    });
    expect(kings.statusCode).toBe(200);
    expect((await sessionOf(night!.id)).teams).toBe("open");
  });
});
