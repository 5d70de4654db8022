// Mixed doubles and separate games through the API: a player's self-declared gender on their
// profile, the board's team rule, teams that follow it, and the gender seen by organizers only
// (never by members or the TV).

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BoardView } from "../../../shared/contracts/board.js";
import { profiles } from "../../db/schema/account.js";
import { displayTokens } from "../../db/schema/courts.js";
import { activeSessionWith, makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
let owner: TestUser;
let women: TestUser[];
let men: TestUser[];
let orgId: string;

const saveProfile = (who: TestUser, payload: object) =>
  t.request({ method: "PUT", url: "/api/me/profile", cookie: who.cookie, payload });

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUser(t, "owner@teams.example", "Olive Owner");
  women = await Promise.all(
    Array.from({ length: 4 }, (_, i) => makeUser(t, `w${i}@teams.example`, `Woman ${i}`)),
  );
  men = await Promise.all(
    Array.from({ length: 4 }, (_, i) => makeUser(t, `m${i}@teams.example`, `Man ${i}`)),
  );
  for (const [people, gender] of [
    [women, "woman"],
    [men, "man"],
  ] as const)
    for (const person of people)
      expect((await saveProfile(person, { fullName: person.name, avatarUrl: "", gender })).statusCode).toBe(
        200,
      );
  orgId = (
    await makeClub(
      t,
      owner,
      [...women, ...men].map((m) => [m, "member"]),
      { courtsCount: 2 },
    )
  ).id;
});
afterAll(async () => {
  await t?.close();
});

const boardAs = async (who: TestUser): Promise<BoardView> =>
  (await t.request({ method: "GET", url: `/api/orgs/${orgId}/board`, cookie: who.cookie })).json();
const settings = (payload: object) =>
  t.request({ method: "PUT", url: `/api/orgs/${orgId}/board/settings`, cookie: owner.cookie, payload });
const fill = () => t.request({ method: "POST", url: `/api/orgs/${orgId}/board/fill`, cookie: owner.cookie });

describe("a player's gender", () => {
  it("is their own to declare, keep, or clear; left out, it stays", async () => {
    const me = async () =>
      (await t.request({ method: "GET", url: "/api/me", cookie: women[0]!.cookie })).json().user.gender;
    expect(await me()).toBe("woman");
    await saveProfile(women[0]!, { fullName: "Woman 0", avatarUrl: "" });
    expect(await me()).toBe("woman");
    await saveProfile(women[0]!, { fullName: "Woman 0", avatarUrl: "", gender: "" });
    expect(await me()).toBeNull();
    await saveProfile(women[0]!, { fullName: "Woman 0", avatarUrl: "", gender: "woman" });
    expect(await me()).toBe("woman");
    const bad = await saveProfile(women[0]!, { fullName: "Woman 0", avatarUrl: "", gender: "other" });
    expect(bad.statusCode).toBe(400);
    expect(await me()).toBe("woman");
  });
});

describe("mixed doubles on the board", () => {
  it("every team is a woman and a man; organizers see who declared what, members and the TV never", async () => {
    await activeSessionWith(t, orgId, 0, [...women, ...men]);
    expect((await settings({ mode: "fair", teams: "mixed" })).statusCode).toBe(200);
    expect((await fill()).statusCode).toBe(200);

    const organizers = await boardAs(owner);
    expect(organizers.teams).toBe("mixed");
    const genderOf = organizers.organizer!.genders;
    expect(Object.values(genderOf).sort()).toEqual([...Array(4).fill("man"), ...Array(4).fill("woman")]);
    expect(organizers.organizer!.teamsNote).toBeNull();
    const teams = organizers.courts.flatMap((c) => (c.game ? [c.game.teamA, c.game.teamB] : []));
    expect(teams).toHaveLength(4);
    for (const team of teams)
      expect(team.map((p) => genderOf[p.registrationId]).sort()).toEqual(["man", "woman"]);

    const members = await t.request({
      method: "GET",
      url: `/api/orgs/${orgId}/board`,
      cookie: men[1]!.cookie,
    });
    expect(members.json().organizer).toBeNull();
    expect(members.body).not.toMatch(/"(woman|man)"/);

    const token = `tv-${Math.random().toString(36).slice(2)}`;
    await t.db.insert(displayTokens).values({ organizationId: orgId, token });
    const tv = await t.request({ method: "GET", url: `/api/display/${token}/board` });
    expect(tv.statusCode).toBe(200);
    expect(tv.json().organizer).toBeNull();
    expect(tv.body).not.toMatch(/"(woman|man)"/);
  });

  it("a rule that is not one refuses with a clear message and changes nothing", async () => {
    const refused = await settings({ mode: "fair", teams: "coed" });
    expect(refused.statusCode).toBe(400);
    expect((await boardAs(owner)).teams).toBe("mixed");
    expect((await settings({ mode: "fair", teams: "separate" })).statusCode).toBe(200);
    expect((await boardAs(owner)).teams).toBe("separate");
    // Left out, the rule stays.
    expect((await settings({ mode: "skill-balanced" })).statusCode).toBe(200);
    expect((await boardAs(owner)).teams).toBe("separate");
  });
});

describe("a change of mind", () => {
  it("reaches the board with its next change: a gender cleared is gone from the organizer's view, no copy is kept", async () => {
    const registrationOf = async (who: TestUser) =>
      (await boardAs(owner)).courts
        .flatMap((c) => (c.game ? [...c.game.teamA, ...c.game.teamB] : []))
        .concat((await boardAs(owner)).queue)
        .find((p) => p.name === who.name)?.registrationId;
    const hal = men[2]!;
    const id = await registrationOf(hal);
    expect(id).toBeDefined();
    expect((await boardAs(owner)).organizer!.genders[id!]).toBe("man");
    await saveProfile(hal, { fullName: hal.name, avatarUrl: "", gender: "" });
    // The board is built once per change and shared: the next action reads the profile again.
    expect((await settings({ mode: "fair", teams: "mixed" })).statusCode).toBe(200);
    expect((await boardAs(owner)).organizer!.genders[id!]).toBeUndefined();
  });
});

describe("deleting an account", () => {
  it("forgets the declared gender", async () => {
    const leaving = men[3]!;
    const deleted = await t.request({ method: "DELETE", url: "/api/me", cookie: leaving.cookie });
    expect(deleted.statusCode).toBe(204);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, leaving.id));
    expect(profile?.gender ?? null).toBeNull();
  });
});
