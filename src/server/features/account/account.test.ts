// Settings, Account: a profile that clubs show, a password change that ends the other
// sessions, signing out everywhere, and deleting the account (owners hand their club over
// first; what other members rely on stays, anonymised).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meEndpoints } from "../../../shared/contracts/account-endpoints.js";
import { ladderEndpoints } from "../../../shared/contracts/ladder-endpoints.js";
import { membersEndpoints } from "../../../shared/contracts/members-endpoints.js";
import { messages } from "../../../shared/domain/messages.js";
import { makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { cookiesFrom, createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
let owner: TestUser;
let orgId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUser(t, "owner@account.example", "Olive Owner");
});
afterAll(() => t.close());

const signIn = async (email: string, password: string) => {
  const response = await t.request({
    method: "POST",
    url: "/api/auth/sign-in/email",
    payload: { email, password },
  });
  return { status: response.statusCode, cookie: cookiesFrom(response) };
};
const meStatus = async (cookie: string) => (await t.call(meEndpoints.me, {}, { cookie })).status;
const saveProfile = (who: TestUser, body: { fullName: string; avatarUrl: string }) =>
  t.call(meEndpoints.saveProfile, { body }, { cookie: who.cookie });
const membersOf = (club: string) =>
  t.call(membersEndpoints.members, { params: { orgId: club }, query: {} }, { cookie: owner.cookie });

describe("profile", () => {
  it("saves the full name and avatar the clubs show, and refuses what is not a name or a web address", async () => {
    const player = await makeUser(t, "pat@account.example", "Pat Player");
    orgId = (await makeClub(t, owner, [[player, "member"]])).id;
    const saved = await saveProfile(player, {
      fullName: "Patricia Player",
      avatarUrl: "https://img.example/pat.png",
    });
    expect(saved.status).toBe(200);
    expect(saved.body.user).toMatchObject({
      fullName: "Patricia Player",
      avatarUrl: "https://img.example/pat.png",
    });
    const members = await membersOf(orgId);
    expect(members.body.members.map((m) => m.name)).toContain("Patricia Player");

    for (const [payload, message] of [
      [{ fullName: "P", avatarUrl: "" }, messages.validation.nameTooShort],
      [{ fullName: "Pat\nPlayer", avatarUrl: "" }, messages.validation.nameCharacters],
      [{ fullName: "Pat \u202Ereyalp", avatarUrl: "" }, messages.validation.nameCharacters],
      [{ fullName: "Pat", avatarUrl: "javascript:alert(1)" }, messages.validation.urlInvalid],
    ] as const) {
      const refused = await saveProfile(player, payload);
      expect(refused.status).toBe(400);
      expect(refused.error?.message).toBe(message);
    }
    const cleared = await saveProfile(player, { fullName: "Pat Player", avatarUrl: "" });
    expect(cleared.body.user.avatarUrl).toBeNull();
  });
});

describe("sessions", () => {
  it("changing the password ends every other session and keeps this one", async () => {
    const user = await makeUser(t, "change@account.example", "Cam Change");
    const other = await signIn(user.email, "factory-password-1");
    expect(other.status).toBe(200);
    const changed = await t.request({
      method: "POST",
      url: "/api/auth/change-password",
      cookie: user.cookie,
      payload: {
        currentPassword: "factory-password-1",
        newPassword: "a brand new password",
        revokeOtherSessions: true,
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const here = cookiesFrom(changed) || user.cookie;
    expect(await meStatus(here)).toBe(200);
    expect(await meStatus(other.cookie)).toBe(401);
    expect((await signIn(user.email, "factory-password-1")).status).toBe(401);
    expect((await signIn(user.email, "a brand new password")).status).toBe(200);
  });

  it("signing out everywhere ends every session, this one too", async () => {
    const user = await makeUser(t, "everywhere@account.example", "Eve Everywhere");
    const phone = await signIn(user.email, "factory-password-1");
    const out = await t.request({
      method: "POST",
      url: "/api/auth/revoke-sessions",
      cookie: user.cookie,
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(await meStatus(user.cookie)).toBe(401);
    expect(await meStatus(phone.cookie)).toBe(401);
  });

  it("better-auth's other account endpoints are closed: a profile goes through our own rules", async () => {
    const user = await makeUser(t, "closed@account.example", "Cleo Closed");
    for (const path of [
      "/api/auth/update-user",
      "/api/auth/delete-user",
      "/api/auth/revoke-other-sessions",
    ]) {
      const response = await t.request({
        method: "POST",
        url: path,
        cookie: user.cookie,
        payload: { name: "X" },
      });
      expect(response.statusCode, path).toBe(404);
    }
  });
});

describe("deleting an account", () => {
  it("an owner hands the club over first", async () => {
    const refused = await t.call(meEndpoints.deleteAccount, { body: undefined }, { cookie: owner.cookie });
    expect(refused.status).toBe(409);
    expect(refused.error).toMatchObject({ code: "OWNER_MUST_TRANSFER" });
    expect(await meStatus(owner.cookie)).toBe(200);
  });

  it("a member leaves every club and cannot sign in again; the matches others played with them stay", async () => {
    const leaving = await makeUser(t, "leaving@account.example", "Lee Leaving");
    const club = (await makeClub(t, owner, [[leaving, "member"]])).id;
    const logged = await t.call(
      ladderEndpoints.logMatch,
      {
        params: { orgId: club },
        body: {
          format: "singles",
          teamA: [owner.id],
          teamB: [leaving.id],
          target: 11,
          games: [{ a: 11, b: 9 }],
          // Today in the club's zone: a match is dated within the club's life.
          playedAt: new Date().toLocaleDateString("en-CA", { timeZone: "America/New_York" }),
        },
      },
      { cookie: owner.cookie },
    );
    expect(logged.status).toBe(201);

    const deleted = await t.call(meEndpoints.deleteAccount, { body: undefined }, { cookie: leaving.cookie });
    expect(deleted.status).toBe(204);
    expect(await meStatus(leaving.cookie)).toBe(401);
    expect((await signIn("leaving@account.example", "factory-password-1")).status).toBe(401);
    const members = await membersOf(club);
    expect(members.body.members.map((m) => m.userId)).not.toContain(leaving.id);
    const matches = await t.call(
      ladderEndpoints.matches,
      { params: { orgId: club }, query: {} },
      { cookie: owner.cookie },
    );
    expect(matches.status).toBe(200);
    // The answer as sent, every field of it: the parsed body would drop any the schema does not name.
    expect(matches.response.text).toContain("Former member");
    expect(matches.response.text).not.toContain("Lee Leaving");
    expect(matches.response.text).not.toContain("leaving@account.example");
  });
});
