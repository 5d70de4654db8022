import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../shared/domain/messages.js";
import { organizations } from "../../db/schema/clubs.js";
import {
  invitations,
  organizationJoinRequests,
  organizationMembers,
  userRoles,
} from "../../db/schema/members.js";
import { makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { firstLink } from "../../test/smtp-peer.js";

let now = new Date("2026-04-01T10:00:00Z");
let t: TestApp;
let owner: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  owner = await makeUser(t, "owner@members.example", "Olive Owner");
  admin = await makeUser(t, "admin@members.example", "Adam Admin");
});
afterAll(async () => {
  await t?.close();
});

const later = (days: number) => {
  now = new Date(now.getTime() + days * 86_400_000);
};

async function invite(orgId: string, email: string, by = owner) {
  const response = await t.request({
    method: "POST",
    url: `/api/orgs/${orgId}/invitations`,
    cookie: by.cookie,
    payload: { email },
  });
  expect(response.statusCode, response.body).toBe(201);
  const mail = await t.smtp.waitForMail(email, /invited to join/);
  return { invitation: response.json(), token: firstLink(mail).split("/invite/")[1]! };
}

describe("invitations", () => {
  it("mails a link that joins the club once", async () => {
    const club = await makeClub(t, owner, [[admin, "admin"]]);
    const { token } = await invite(club.id, "newbie@members.example", admin);
    const newbie = await makeUser(t, "newbie@members.example");

    const preview = await t.request({
      method: "GET",
      url: `/api/invitations/${token}`,
      cookie: newbie.cookie,
    });
    expect(preview.json()).toMatchObject({
      status: "valid",
      email: "newbie@members.example",
      alreadyMember: false,
    });

    const accept = await t.request({
      method: "POST",
      url: `/api/invitations/${token}/accept`,
      cookie: newbie.cookie,
    });
    expect(accept.statusCode).toBe(200);
    expect(accept.json()).toEqual({ organizationId: club.id });
    const [role] = await t.db
      .select()
      .from(userRoles)
      .where(and(eq(userRoles.organizationId, club.id), eq(userRoles.userId, newbie.id)));
    expect(role?.role).toBe("member");

    const other = await makeUser(t, "forwarded@members.example");
    const reused = await t.request({
      method: "POST",
      url: `/api/invitations/${token}/accept`,
      cookie: other.cookie,
    });
    expect(reused.statusCode).toBe(410);
    expect(reused.json().error.message).toBe("This invitation has already been used.");
    const again = await t.request({ method: "GET", url: `/api/invitations/${token}`, cookie: newbie.cookie });
    expect(again.json()).toMatchObject({ status: "used", alreadyMember: true });
  });

  it("is bound to the invited address: a forwarded admin invitation gives nothing to another account", async () => {
    const club = await makeClub(t, owner);
    const response = await t.request({
      method: "POST",
      url: `/api/orgs/${club.id}/invitations`,
      cookie: owner.cookie,
      payload: { email: "meant-for@members.example", role: "admin" },
    });
    expect(response.statusCode).toBe(201);
    const token = firstLink(await t.smtp.waitForMail("meant-for@members.example", /invited to join/)).split(
      "/invite/",
    )[1]!;
    const holder = await makeUser(t, "link-holder@members.example");
    const preview = await t.request({
      method: "GET",
      url: `/api/invitations/${token}`,
      cookie: holder.cookie,
    });
    expect(preview.json()).toMatchObject({ status: "valid", forSomeoneElse: true });
    const taken = await t.request({
      method: "POST",
      url: `/api/invitations/${token}/accept`,
      cookie: holder.cookie,
    });
    expect(taken.statusCode).toBe(403);
    expect(taken.json().error).toEqual({
      code: "INVITATION_FOR_SOMEONE_ELSE",
      message: messages.invitationForSomeoneElse("meant-for@members.example"),
    });
    const roles = await t.db.select().from(userRoles).where(eq(userRoles.userId, holder.id));
    expect(roles).toHaveLength(0);
    // The invited person, whatever the case of the address, still can.
    const invited = await makeUser(t, "Meant-For@members.example");
    const accepted = await t.request({
      method: "POST",
      url: `/api/invitations/${token}/accept`,
      cookie: invited.cookie,
    });
    expect(accepted.statusCode).toBe(200);
  });

  it("allows 50 invitations per club per hour, then says how long to wait", async () => {
    const club = await makeClub(t, owner);
    const send = (i: number) =>
      t.request({
        method: "POST",
        url: `/api/orgs/${club.id}/invitations`,
        cookie: owner.cookie,
        payload: { email: `flood${i}@members.example` },
      });
    const statuses = await Promise.all(
      Array.from({ length: 55 }, (_, i) => send(i)).map(async (r) => (await r).statusCode),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(50);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });

  it("expires after 7 days, and a resend gives a fresh link that retires the old one", async () => {
    const club = await makeClub(t, owner);
    const first = await invite(club.id, "slow@members.example");
    const slow = await makeUser(t, "slow@members.example");
    later(8);
    const expired = await t.request({
      method: "POST",
      url: `/api/invitations/${first.token}/accept`,
      cookie: slow.cookie,
    });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.code).toBe("INVITATION_EXPIRED");
    // Expired invitations drop off the pending list.
    const list = await t.request({
      method: "GET",
      url: `/api/orgs/${club.id}/invitations`,
      cookie: owner.cookie,
    });
    expect(list.json().invitations).toEqual([]);

    const [row] = await t.db.select().from(invitations).where(eq(invitations.email, "slow@members.example"));
    later(-8);
    const resend = await t.request({
      method: "POST",
      url: `/api/orgs/${club.id}/invitations/${row!.id}/resend`,
      cookie: owner.cookie,
    });
    expect(resend.statusCode).toBe(200);
    const fresh = firstLink(await t.smtp.waitForMail("slow@members.example", /invited/)).split(
      "/invite/",
    )[1]!;
    expect(fresh).not.toBe(first.token);
    expect((await t.request({ method: "GET", url: `/api/invitations/${first.token}` })).statusCode).toBe(404);
    const ok = await t.request({
      method: "POST",
      url: `/api/invitations/${fresh}/accept`,
      cookie: slow.cookie,
    });
    expect(ok.statusCode).toBe(200);
  });

  it("a revoked link says so, and members are told they already belong", async () => {
    const club = await makeClub(t, owner, [[admin, "admin"]]);
    const { invitation, token } = await invite(club.id, "maybe@members.example");
    const revoke = await t.request({
      method: "DELETE",
      url: `/api/orgs/${club.id}/invitations/${invitation.id}`,
      cookie: owner.cookie,
    });
    expect(revoke.statusCode).toBe(204);
    const maybe = await makeUser(t, "maybe@members.example");
    const response = await t.request({
      method: "POST",
      url: `/api/invitations/${token}/accept`,
      cookie: maybe.cookie,
    });
    expect(response.json().error.message).toBe("This invitation was withdrawn by the club.");

    const dup = await t.request({
      method: "POST",
      url: `/api/orgs/${club.id}/invitations`,
      cookie: owner.cookie,
      payload: { email: admin.email },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe("ALREADY_MEMBER");
  });

  it("only the owner invites admins", async () => {
    const club = await makeClub(t, owner, [[admin, "admin"]]);
    const response = await t.request({
      method: "POST",
      url: `/api/orgs/${club.id}/invitations`,
      cookie: admin.cookie,
      payload: { email: "boss@members.example", role: "admin" },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe("join requests", () => {
  it("20 concurrent requests from one person leave exactly one pending", async () => {
    const club = await makeClub(t, owner);
    const slug = (await t.db.select().from(organizations).where(eq(organizations.id, club.id)))[0]!.slug;
    const eager = await makeUser(t, "eager@members.example");
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.request({
          method: "POST",
          url: `/api/public/clubs/${slug}/join-requests`,
          cookie: eager.cookie,
          payload: { message: "Let me in!" },
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    // The rest are refused as pending, or (past 10 in an hour) by the per-person limit.
    expect(statuses.filter((s) => s === 409).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 409 || s === 429)).toHaveLength(19);
    const rows = await t.db
      .select()
      .from(organizationJoinRequests)
      .where(eq(organizationJoinRequests.organizationId, club.id));
    expect(rows).toHaveLength(1);
  });

  it("approval makes a member and mails them; a rejected person may ask again", async () => {
    const club = await makeClub(t, owner, [[admin, "admin"]]);
    const slug = (await t.db.select().from(organizations).where(eq(organizations.id, club.id)))[0]!.slug;
    const hopeful = await makeUser(t, "hopeful@members.example", "Hope Hopeful");
    const ask = () =>
      t.request({
        method: "POST",
        url: `/api/public/clubs/${slug}/join-requests`,
        cookie: hopeful.cookie,
        payload: {},
      });

    expect((await ask()).statusCode).toBe(201);
    const page = await t.request({ method: "GET", url: `/api/public/clubs/${slug}`, cookie: hopeful.cookie });
    expect(page.json().viewer).toBe("pending");

    const list = await t.request({
      method: "GET",
      url: `/api/orgs/${club.id}/join-requests`,
      cookie: admin.cookie,
    });
    const [request] = list.json().requests;
    expect(request).toMatchObject({ name: "Hope Hopeful", email: "hopeful@members.example", message: null });
    const reject = await t.request({
      method: "POST",
      url: `/api/orgs/${club.id}/join-requests/${request.id}/reject`,
      cookie: admin.cookie,
    });
    expect(reject.statusCode).toBe(204);
    await t.smtp.waitForMail("hopeful@members.example", /Your request to join/);

    expect((await ask()).statusCode).toBe(201);
    const [second] = (
      await t.request({ method: "GET", url: `/api/orgs/${club.id}/join-requests`, cookie: admin.cookie })
    ).json().requests;
    const approve = await t.request({
      method: "POST",
      url: `/api/orgs/${club.id}/join-requests/${second.id}/approve`,
      cookie: admin.cookie,
    });
    expect(approve.statusCode).toBe(204);
    await t.smtp.waitForMail("hopeful@members.example", /Welcome to/);
    const after = await t.request({
      method: "GET",
      url: `/api/public/clubs/${slug}`,
      cookie: hopeful.cookie,
    });
    expect(after.json()).toMatchObject({ viewer: "member", memberCount: 3 });
    expect((await ask()).statusCode).toBe(409);
  });
});

describe("plan limits", () => {
  it("a trial club takes 50 members, then refuses with the upgrade message", async () => {
    const club = await makeClub(t, owner);
    // 49 more members directly, then the 51st person arrives through an invitation.
    const filler = await Promise.all(
      Array.from({ length: 49 }, (_, i) => makeUser(t, `filler-${i}@members.example`)),
    );
    await t.db
      .insert(organizationMembers)
      .values(filler.map((f) => ({ organizationId: club.id, userId: f.id })));
    const { token } = await invite(club.id, "one-too-many@members.example");
    const late = await makeUser(t, "one-too-many@members.example");
    const response = await t.request({
      method: "POST",
      url: `/api/invitations/${token}/accept`,
      cookie: late.cookie,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: "PLAN_LIMIT_REACHED",
      message:
        "Your trial (Basic plan limits) allows up to 50 members. Upgrade to Pro for unlimited members.",
    });
  });

  it("a trial club has at most 2 active courts, adding or reactivating", async () => {
    const club = await makeClub(t, owner, [], { courtsCount: 1 });
    const add = (name: string) =>
      t.request({
        method: "POST",
        url: `/api/orgs/${club.id}/courts`,
        cookie: owner.cookie,
        payload: { name },
      });
    expect((await add("Court 2")).statusCode).toBe(201);
    const third = await add("Court 3");
    expect(third.statusCode).toBe(409);
    expect(third.json().error.message).toBe(
      "Your trial (Basic plan limits) allows up to 2 active courts. Upgrade to Pro for unlimited courts.",
    );
    const courtList = (
      await t.request({ method: "GET", url: `/api/orgs/${club.id}/courts`, cookie: owner.cookie })
    ).json().courts;
    const courtTwo = courtList.find((c: { name: string }) => c.name === "Court 2");
    const off = await t.request({
      method: "PATCH",
      url: `/api/orgs/${club.id}/courts/${courtTwo.id}`,
      cookie: owner.cookie,
      payload: { isActive: false },
    });
    expect(off.json()).toMatchObject({ isActive: false });
    expect((await add("Court 3")).statusCode).toBe(201);
    const nothing = await t.request({
      method: "PATCH",
      url: `/api/orgs/${club.id}/courts/${courtTwo.id}`,
      cookie: owner.cookie,
      payload: {},
    });
    expect(nothing.statusCode).toBe(400);
    const back = await t.request({
      method: "PATCH",
      url: `/api/orgs/${club.id}/courts/${courtTwo.id}`,
      cookie: owner.cookie,
      payload: { isActive: true },
    });
    expect(back.statusCode).toBe(409);
  });
});

describe("owner rules", () => {
  it("nobody removes the owner or themself; the owner leaves only after a transfer", async () => {
    const member = await makeUser(t, "plain@members.example");
    const club = await makeClub(t, owner, [
      [admin, "admin"],
      [member, "member"],
    ]);
    const del = (who: TestUser, target: TestUser) =>
      t.request({ method: "DELETE", url: `/api/orgs/${club.id}/members/${target.id}`, cookie: who.cookie });
    expect((await del(admin, owner)).statusCode).toBe(403);
    expect((await del(owner, owner)).statusCode).toBe(403);
    expect((await del(admin, admin)).statusCode).toBe(403);

    const leave = await t.request({
      method: "POST",
      url: `/api/orgs/${club.id}/leave`,
      cookie: owner.cookie,
    });
    expect(leave.statusCode).toBe(409);

    const transfer = await t.request({
      method: "POST",
      url: `/api/orgs/${club.id}/transfer-ownership`,
      cookie: owner.cookie,
      payload: { userId: member.id },
    });
    expect(transfer.statusCode).toBe(204);
    const roles = await t.db.select().from(userRoles).where(eq(userRoles.organizationId, club.id));
    expect(roles.filter((r) => r.role === "owner").map((r) => r.userId)).toEqual([member.id]);
    expect(roles.find((r) => r.userId === owner.id)?.role).toBe("admin");

    expect(
      (await t.request({ method: "POST", url: `/api/orgs/${club.id}/leave`, cookie: owner.cookie }))
        .statusCode,
    ).toBe(204);
  });

  it("an admin cannot promote to admin or touch another admin", async () => {
    const otherAdmin = await makeUser(t, "admin2@members.example");
    const member = await makeUser(t, "plain2@members.example");
    const club = await makeClub(t, owner, [
      [admin, "admin"],
      [otherAdmin, "admin"],
      [member, "member"],
    ]);
    const patch = (target: TestUser, role: string) =>
      t.request({
        method: "PATCH",
        url: `/api/orgs/${club.id}/members/${target.id}`,
        cookie: admin.cookie,
        payload: { role },
      });
    expect((await patch(member, "admin")).statusCode).toBe(403);
    expect((await patch(otherAdmin, "member")).statusCode).toBe(403);
    expect((await patch(member, "organizer")).statusCode).toBe(204);
    const owner2 = await t.request({
      method: "PATCH",
      url: `/api/orgs/${club.id}/members/${owner.id}`,
      cookie: admin.cookie,
      payload: { role: "owner" },
    });
    expect(owner2.statusCode).toBe(400);
  });

  it("the database itself refuses a second owner", async () => {
    const club = await makeClub(t, owner, [[admin, "admin"]]);
    await expect(
      t.db
        .update(userRoles)
        .set({ role: "owner" })
        .where(and(eq(userRoles.organizationId, club.id), eq(userRoles.userId, admin.id))),
    ).rejects.toThrow();
  });
});
