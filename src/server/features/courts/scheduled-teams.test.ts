// A mixed night scheduled ahead: the session carries who may make a team, its board starts
// with it, the board's setting writes it back, and once under way only the board changes it.

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meEndpoints } from "../../../shared/contracts/account-endpoints.js";
import { boardEndpoints, dashboardEndpoints } from "../../../shared/contracts/board-endpoints.js";
import { publicClubEndpoints } from "../../../shared/contracts/clubs-endpoints.js";
import type { EndpointInput } from "../../../shared/contracts/endpoint.js";
import { TEAMS_CHOICE } from "../../../shared/contracts/session-form.js";
import { sessionsEndpoints } from "../../../shared/contracts/sessions-endpoints.js";
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
    const saved = await t.call(
      meEndpoints.saveProfile,
      { body: { fullName: person.name, avatarUrl: "", gender } },
      { cookie: person.cookie },
    );
    expect(saved.status).toBe(200);
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
const asOwner = () => ({ cookie: owner.cookie });
const sessionOf = async (sessionId: string) =>
  (await t.call(sessionsEndpoints.details, { params: { orgId, sessionId } }, asOwner())).body.session;
const edit = (sessionId: string, body: Partial<EndpointInput<typeof sessionsEndpoints.update>["body"]>) =>
  t.call(
    sessionsEndpoints.update,
    { params: { orgId, sessionId }, body: { name: "Mixed Night", ...tonight(), ...body } },
    asOwner(),
  );
const board = async () => (await t.call(boardEndpoints.board, { params: { orgId } }, asOwner())).body;
const cancel = (sessionId: string) =>
  t.call(sessionsEndpoints.cancel, { params: { orgId, sessionId } }, asOwner());

describe("a session scheduled as mixed doubles", () => {
  it("refuses a rule that is not one, saying what to choose, and schedules nothing", async () => {
    // Raw on purpose: a rule of "coed" is what the types refuse.
    const refused = await t.request({
      method: "POST",
      url: `/api/orgs/${orgId}/sessions`,
      cookie: owner.cookie,
      payload: { name: "Coed Night", ...tonight(), teams: "coed" },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(TEAMS_CHOICE);
    const listed = await t.call(sessionsEndpoints.list, { params: { orgId }, query: {} }, asOwner());
    expect(listed.response.text).not.toContain("Coed Night");
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
    const page = await t.call(publicClubEndpoints.page, { params: { slug: club!.slug } });
    expect(page.status).toBe(200);
    expect(page.body.upcomingSessions).toEqual([
      expect.objectContaining({ id: future!.id, name: "Saturday Mixer", teams: "mixed" }),
    ]);
    const dashboard = await t.call(dashboardEndpoints.dashboard, { params: { orgId } }, asOwner());
    expect(dashboard.body.upcoming).toEqual([expect.objectContaining({ id: future!.id, teams: "mixed" })]);
    // A calendar app shows the rule where the notes go; an open night says nothing of teams.
    const ics = await t.call(
      sessionsEndpoints.calendarFile,
      { params: { orgId, sessionId: future!.id } },
      { cookie: players[0]!.cookie },
    );
    expect(ics.status).toBe(200);
    expect(ics.response.text).toContain("DESCRIPTION:Mixed doubles\r\n");
    await cancel(future!.id);
  });

  it("is open play unless asked, and a scheduled session's rule can be edited", async () => {
    const [plain] = await makeSessions(t, orgId, owner, { name: "Open Night", ...tonight() });
    expect((await sessionOf(plain!.id)).teams).toBe("open");
    const edited = await edit(plain!.id, { name: "Open Night", teams: "separate" });
    expect(edited.status, edited.response.text).toBe(200);
    expect(edited.body.teams).toBe("separate");
    // Left out of an edit, as a form from before the field sends it, it stays as it was.
    expect((await edit(plain!.id, { name: "Open Night" })).body.teams).toBe("separate");
    const cancelled = await cancel(plain!.id);
    expect(cancelled.status).toBeLessThan(300);
  });

  it("starts its board mixed, takes the board's change back, and once under way changes only there", async () => {
    const [night] = await makeSessions(t, orgId, owner, {
      name: "Mixed Night",
      ...tonight(),
      teams: "mixed",
    });
    expect((await sessionOf(night!.id)).teams).toBe("mixed");
    const checkedIn = await t.call(
      sessionsEndpoints.bulkCheckIn,
      { params: { orgId, sessionId: night!.id }, body: { memberIds: players.map((p) => p.id) } },
      asOwner(),
    );
    expect(checkedIn.status, checkedIn.response.text).toBe(201);
    const started = await t.call(
      sessionsEndpoints.start,
      { params: { orgId, sessionId: night!.id } },
      asOwner(),
    );
    expect(started.status, started.response.text).toBe(204);

    expect((await board()).teams).toBe("mixed");
    const filled = await t.call(boardEndpoints.fill, { params: { orgId } }, asOwner());
    expect(filled.status).toBe(200);
    const live = await board();
    expect(live.teams).toBe("mixed");
    const genderOf = live.organizer!.genders;
    const teams = live.courts.flatMap((c) => (c.game ? [c.game.teamA, c.game.teamB] : []));
    expect(teams).toHaveLength(2);
    for (const team of teams)
      expect(team.map((p) => genderOf[p.registrationId]).sort()).toEqual(["man", "woman"]);

    // Under way, the session's form cannot change it: the board holds it.
    const refused = await edit(night!.id, { teams: "open" });
    expect(refused.status).toBe(409);
    expect(refused.error?.code).toBe("TEAMS_ON_BOARD");
    expect((await board()).teams).toBe("mixed");

    const settings = (body: EndpointInput<typeof boardEndpoints.settings>["body"]) =>
      t.call(boardEndpoints.settings, { params: { orgId }, body }, asOwner());
    const set = await settings({ mode: "fair", teams: "separate" });
    expect(set.status).toBe(200);
    expect((await sessionOf(night!.id)).teams).toBe("separate");
    // The form leaves it out once under way (or sends what the board holds): the rest of the
    // session stays editable.
    const renamed = await edit(night!.id, { name: "Mixed Night Late" });
    expect(renamed.status, renamed.response.text).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Mixed Night Late", teams: "separate" });
    expect((await edit(night!.id, { name: "Mixed Night Late", teams: "separate" })).status).toBe(200);

    // The other formats make their own teams: the session says open play while the board runs one.
    const kings = await settings({ mode: "king-of-the-court" });
    expect(kings.status).toBe(200);
    expect((await sessionOf(night!.id)).teams).toBe("open");
  });
});
