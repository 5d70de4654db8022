// The session cache (current-user.ts) and the club access cache (members/policy.ts), decision
// 011: what better-auth answered for a cookie, and a member's role, are kept for a few seconds.
// They must never let a signed-out person or a removed member read club data longer than
// that: on the instance that made the change not at all, on another instance at most
// SESSION_CACHE_MS (ACCESS_CACHE_MS for a membership).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authEndpoints } from "../../../shared/contracts/auth-endpoints.js";
import { membersEndpoints } from "../../../shared/contracts/members-endpoints.js";
import { sessionsEndpoints } from "../../../shared/contracts/sessions-endpoints.js";
import { ACCESS_CACHE_MS } from "../../features/members/policy.js";
import { makeClub, makeUser, PASSWORD } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { callApp } from "../../test/typed-client.js";
import { SESSION_CACHE_MS } from "./current-user.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Signs in, and returns the session's cookies as a Cookie header value. */
const signIn = async (email: string) =>
  (await t.call(authEndpoints.signIn, { body: { email, password: PASSWORD } })).response.cookies;
/** The input of a read of the club's sessions list. */
const sessionsOf = (orgId: string) => ({ params: { orgId }, query: {} });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks `read` again until it is no longer answered 200, and returns the first other status and
 * how long after `since` it came. Within a cache's window the other instance may still answer
 * from its cache; a little past it, it must not.
 */
async function untilRefused(read: () => Promise<{ status: number }>, since: number, windowMs: number) {
  let status = (await read()).status;
  while (status === 200 && Date.now() - since < windowMs + 2_000) {
    await sleep(250);
    status = (await read()).status;
  }
  return { status, after: Date.now() - since };
}

describe("the session cache", () => {
  it("a sign-out ends the session at once on this instance", async () => {
    const user = await makeUser(t, "ada@cache.example", "Ada Away");
    const club = await makeClub(t, user);
    const laptop = await signIn(user.email);
    const phone = await signIn(user.email);
    const sessions = sessionsOf(club.id);
    for (const cookie of [laptop, phone])
      expect((await t.call(sessionsEndpoints.list, sessions, { cookie })).status).toBe(200);

    const out = await t.call(authEndpoints.signOut, { body: {} }, { cookie: laptop });
    expect(out.status).toBe(200);
    expect((await t.call(sessionsEndpoints.list, sessions, { cookie: laptop })).status).toBe(401);
    expect((await t.call(sessionsEndpoints.list, sessions, { cookie: phone })).status).toBe(200);

    const everywhere = await t.call(authEndpoints.revokeSessions, { body: {} }, { cookie: phone });
    expect(everywhere.status).toBe(200);
    expect((await t.call(sessionsEndpoints.list, sessions, { cookie: phone })).status).toBe(401);
  });

  it("a removed member loses the club's data at once on the instance that removed them", async () => {
    const owner = await makeUser(t, "olga@cache.example", "Olga Owner");
    const member = await makeUser(t, "mo@cache.example", "Mo Member");
    const club = await makeClub(t, owner, [[member, "member"]]);
    const board = sessionsOf(club.id);
    expect((await t.call(sessionsEndpoints.list, board, { cookie: member.cookie })).status).toBe(200);
    const removed = await t.call(
      membersEndpoints.removeMember,
      { params: { orgId: club.id, userId: member.id } },
      { cookie: owner.cookie },
    );
    expect(removed.status).toBe(204);
    expect((await t.call(sessionsEndpoints.list, board, { cookie: member.cookie })).status).toBe(404);
  });

  it(`on another instance a signed-out session reads for at most ${SESSION_CACHE_MS} ms`, async () => {
    const user = await makeUser(t, "ivy@cache.example", "Ivy Instances");
    const club = await makeClub(t, user);
    const cookie = await signIn(user.email);
    const other = await t.secondInstance();
    try {
      const onOther = () => callApp(other.app, sessionsEndpoints.list, sessionsOf(club.id), { cookie });
      expect((await onOther()).status).toBe(200);
      const signedOutAt = Date.now();
      await t.call(authEndpoints.signOut, { body: {} }, { cookie });
      const { status, after } = await untilRefused(onOther, signedOutAt, SESSION_CACHE_MS);
      expect(status).toBe(401);
      expect(after).toBeLessThanOrEqual(SESSION_CACHE_MS + 500);
    } finally {
      await other.close();
    }
  });

  it(`on another instance a removed member reads for at most ${ACCESS_CACHE_MS} ms`, async () => {
    const owner = await makeUser(t, "rhea@cache.example", "Rhea Remover");
    const member = await makeUser(t, "max@cache.example", "Max Moved");
    const club = await makeClub(t, owner, [[member, "member"]]);
    const other = await t.secondInstance();
    try {
      const onOther = () =>
        callApp(other.app, sessionsEndpoints.list, sessionsOf(club.id), { cookie: member.cookie });
      expect((await onOther()).status).toBe(200);
      const removedAt = Date.now();
      const removed = await t.call(
        membersEndpoints.removeMember,
        { params: { orgId: club.id, userId: member.id } },
        { cookie: owner.cookie },
      );
      expect(removed.status).toBe(204);
      const { status, after } = await untilRefused(onOther, removedAt, ACCESS_CACHE_MS);
      expect(status).toBe(404);
      expect(after).toBeLessThanOrEqual(ACCESS_CACHE_MS + 500);
    } finally {
      await other.close();
    }
  });

  it("a demoted admin loses what the role allowed at once on this instance", async () => {
    const owner = await makeUser(t, "opal@cache.example", "Opal Owner");
    const admin = await makeUser(t, "otto@cache.example", "Otto Admin");
    const club = await makeClub(t, owner, [[admin, "admin"]]);
    const invitations = () =>
      t.call(membersEndpoints.invitations, { params: { orgId: club.id } }, { cookie: admin.cookie });
    expect((await invitations()).status).toBe(200);
    const demoted = await t.call(
      membersEndpoints.changeRole,
      { params: { orgId: club.id, userId: admin.id }, body: { role: "member" } },
      { cookie: owner.cookie },
    );
    expect(demoted.status).toBe(204);
    expect((await invitations()).status).toBe(403);
  });

  it("a forged or unknown cookie is never served from the cache", async () => {
    const user = await makeUser(t, "fay@cache.example", "Fay Forged");
    const club = await makeClub(t, user);
    const sessions = sessionsOf(club.id);
    expect((await t.call(sessionsEndpoints.list, sessions, { cookie: user.cookie })).status).toBe(200);
    const token = user.cookie.match(/session_token=([^;]+)/)?.[1] ?? "";
    const forged = user.cookie.replace(token, `${token.slice(0, -2)}xx`);
    expect((await t.call(sessionsEndpoints.list, sessions, { cookie: forged })).status).toBe(401);
    expect(
      (await t.call(sessionsEndpoints.list, sessions, { cookie: "better-auth.session_token=nope" })).status,
    ).toBe(401);
  });
});
