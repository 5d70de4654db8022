import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clubsEndpoints, publicClubEndpoints } from "../../../shared/contracts/clubs-endpoints.js";
import type { assignableRoles } from "../../../shared/contracts/members.js";
import { membersEndpoints } from "../../../shared/contracts/members-endpoints.js";
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
  const response = await t.call(
    membersEndpoints.invite,
    { params: { orgId }, body: { email } },
    { cookie: by.cookie },
  );
  expect(response.status, response.response.text).toBe(201);
  const mail = await t.smtp.waitForMail(email, /invited to join/);
  return { invitation: response.body, token: firstLink(mail).split("/invite/")[1]! };
}

const preview = (token: string, who?: TestUser) =>
  t.call(membersEndpoints.previewInvitation, { params: { token } }, { cookie: who?.cookie });
const accept = (token: string, who: TestUser) =>
  t.call(membersEndpoints.acceptInvitation, { params: { token } }, { cookie: who.cookie });

describe("invitations", () => {
  it("mails a link that joins the club once", async () => {
    const club = await makeClub(t, owner, [[admin, "admin"]]);
    const { token } = await invite(club.id, "newbie@members.example", admin);
    const newbie = await makeUser(t, "newbie@members.example");

    const previewed = await preview(token, newbie);
    expect(previewed.body).toMatchObject({
      status: "valid",
      email: "newbie@members.example",
      alreadyMember: false,
    });

    const accepted = await accept(token, newbie);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ organizationId: club.id });
    const [role] = await t.db
      .select()
      .from(userRoles)
      .where(and(eq(userRoles.organizationId, club.id), eq(userRoles.userId, newbie.id)));
    expect(role?.role).toBe("member");

    const other = await makeUser(t, "forwarded@members.example");
    const reused = await accept(token, other);
    expect(reused.status).toBe(410);
    expect(reused.error?.message).toBe("This invitation has already been used.");
    const again = await preview(token, newbie);
    expect(again.body).toMatchObject({ status: "used", alreadyMember: true });
  });

  it("is bound to the invited address: a forwarded admin invitation gives nothing to another account", async () => {
    const club = await makeClub(t, owner);
    const response = await t.call(
      membersEndpoints.invite,
      { params: { orgId: club.id }, body: { email: "meant-for@members.example", role: "admin" } },
      { cookie: owner.cookie },
    );
    expect(response.status).toBe(201);
    const token = firstLink(await t.smtp.waitForMail("meant-for@members.example", /invited to join/)).split(
      "/invite/",
    )[1]!;
    const holder = await makeUser(t, "link-holder@members.example");
    const previewed = await preview(token, holder);
    expect(previewed.body).toMatchObject({ status: "valid", forSomeoneElse: true });
    const taken = await accept(token, holder);
    expect(taken.status).toBe(403);
    expect(taken.error).toEqual({
      code: "INVITATION_FOR_SOMEONE_ELSE",
      message: messages.invitationForSomeoneElse("meant-for@members.example"),
    });
    const roles = await t.db.select().from(userRoles).where(eq(userRoles.userId, holder.id));
    expect(roles).toHaveLength(0);
    // The invited person, whatever the case of the address, still can.
    const invited = await makeUser(t, "Meant-For@members.example");
    const accepted = await accept(token, invited);
    expect(accepted.status).toBe(200);
  });

  it("allows 50 invitations per club per hour, then says how long to wait", async () => {
    const club = await makeClub(t, owner);
    const send = (i: number) =>
      t.call(
        membersEndpoints.invite,
        { params: { orgId: club.id }, body: { email: `flood${i}@members.example` } },
        { cookie: owner.cookie },
      );
    const statuses = await Promise.all(
      Array.from({ length: 55 }, (_, i) => send(i)).map(async (r) => (await r).status),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(50);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });

  it("expires after 7 days, and a resend gives a fresh link that retires the old one", async () => {
    const club = await makeClub(t, owner);
    const first = await invite(club.id, "slow@members.example");
    const slow = await makeUser(t, "slow@members.example");
    later(8);
    const expired = await accept(first.token, slow);
    expect(expired.status).toBe(410);
    expect(expired.error?.code).toBe("INVITATION_EXPIRED");
    // Expired invitations drop off the pending list.
    const list = await t.call(
      membersEndpoints.invitations,
      { params: { orgId: club.id } },
      { cookie: owner.cookie },
    );
    expect(list.body.invitations).toEqual([]);

    const [row] = await t.db.select().from(invitations).where(eq(invitations.email, "slow@members.example"));
    later(-8);
    const resend = await t.call(
      membersEndpoints.resendInvitation,
      { params: { orgId: club.id, invitationId: row!.id } },
      { cookie: owner.cookie },
    );
    expect(resend.status).toBe(200);
    const fresh = firstLink(await t.smtp.waitForMail("slow@members.example", /invited/)).split(
      "/invite/",
    )[1]!;
    expect(fresh).not.toBe(first.token);
    expect((await preview(first.token)).status).toBe(404);
    const ok = await accept(fresh, slow);
    expect(ok.status).toBe(200);
  });

  it("a revoked link says so, and members are told they already belong", async () => {
    const club = await makeClub(t, owner, [[admin, "admin"]]);
    const { invitation, token } = await invite(club.id, "maybe@members.example");
    const revoke = await t.call(
      membersEndpoints.revokeInvitation,
      { params: { orgId: club.id, invitationId: invitation.id } },
      { cookie: owner.cookie },
    );
    expect(revoke.status).toBe(204);
    const maybe = await makeUser(t, "maybe@members.example");
    const response = await accept(token, maybe);
    expect(response.error?.message).toBe("This invitation was withdrawn by the club.");

    const dup = await t.call(
      membersEndpoints.invite,
      { params: { orgId: club.id }, body: { email: admin.email } },
      { cookie: owner.cookie },
    );
    expect(dup.status).toBe(409);
    expect(dup.error?.code).toBe("ALREADY_MEMBER");
  });

  it("only the owner invites admins", async () => {
    const club = await makeClub(t, owner, [[admin, "admin"]]);
    const response = await t.call(
      membersEndpoints.invite,
      { params: { orgId: club.id }, body: { email: "boss@members.example", role: "admin" } },
      { cookie: admin.cookie },
    );
    expect(response.status).toBe(403);
  });
});

describe("join requests", () => {
  it("20 concurrent requests from one person leave exactly one pending", async () => {
    const club = await makeClub(t, owner);
    const slug = (await t.db.select().from(organizations).where(eq(organizations.id, club.id)))[0]!.slug;
    const eager = await makeUser(t, "eager@members.example");
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call(
          publicClubEndpoints.requestToJoin,
          { params: { slug }, body: { message: "Let me in!" } },
          { cookie: eager.cookie },
        ),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
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
      t.call(publicClubEndpoints.requestToJoin, { params: { slug }, body: {} }, { cookie: hopeful.cookie });
    const asAdmin = { cookie: admin.cookie };
    const requests = () => t.call(membersEndpoints.joinRequests, { params: { orgId: club.id } }, asAdmin);

    expect((await ask()).status).toBe(201);
    const page = await t.call(publicClubEndpoints.page, { params: { slug } }, { cookie: hopeful.cookie });
    expect(page.body.viewer).toBe("pending");

    const list = await requests();
    const [request] = list.body.requests;
    expect(request).toMatchObject({ name: "Hope Hopeful", email: "hopeful@members.example", message: null });
    const reject = await t.call(
      membersEndpoints.rejectJoinRequest,
      { params: { orgId: club.id, requestId: request!.id } },
      asAdmin,
    );
    expect(reject.status).toBe(204);
    await t.smtp.waitForMail("hopeful@members.example", /Your request to join/);

    expect((await ask()).status).toBe(201);
    const [second] = (await requests()).body.requests;
    const approve = await t.call(
      membersEndpoints.approveJoinRequest,
      { params: { orgId: club.id, requestId: second!.id } },
      asAdmin,
    );
    expect(approve.status).toBe(204);
    await t.smtp.waitForMail("hopeful@members.example", /Welcome to/);
    const after = await t.call(publicClubEndpoints.page, { params: { slug } }, { cookie: hopeful.cookie });
    expect(after.body).toMatchObject({ viewer: "member", memberCount: 3 });
    expect((await ask()).status).toBe(409);
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
    const response = await accept(token, late);
    expect(response.status).toBe(409);
    expect(response.error).toEqual({
      code: "PLAN_LIMIT_REACHED",
      message:
        "Your trial (Basic plan limits) allows up to 50 members. Upgrade to Pro for unlimited members.",
    });
  });

  it("a trial club has at most 2 active courts, adding or reactivating", async () => {
    const club = await makeClub(t, owner, [], { courtsCount: 1 });
    const asOwner = { cookie: owner.cookie };
    const add = (name: string) =>
      t.call(clubsEndpoints.addCourt, { params: { orgId: club.id }, body: { name } }, asOwner);
    expect((await add("Court 2")).status).toBe(201);
    const third = await add("Court 3");
    expect(third.status).toBe(409);
    expect(third.error?.message).toBe(
      "Your trial (Basic plan limits) allows up to 2 active courts. Upgrade to Pro for unlimited courts.",
    );
    const courtList = (await t.call(clubsEndpoints.courts, { params: { orgId: club.id } }, asOwner)).body
      .courts;
    const courtTwo = courtList.find((c) => c.name === "Court 2")!;
    const change = (body: { isActive?: boolean }) =>
      t.call(clubsEndpoints.updateCourt, { params: { orgId: club.id, courtId: courtTwo.id }, body }, asOwner);
    const off = await change({ isActive: false });
    expect(off.body).toMatchObject({ isActive: false });
    expect((await add("Court 3")).status).toBe(201);
    // Neither a name nor isActive: the contract's own check refuses it.
    const nothing = await change({});
    expect(nothing.status).toBe(400);
    const back = await change({ isActive: true });
    expect(back.status).toBe(409);
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
      t.call(
        membersEndpoints.removeMember,
        { params: { orgId: club.id, userId: target.id } },
        { cookie: who.cookie },
      );
    expect((await del(admin, owner)).status).toBe(403);
    expect((await del(owner, owner)).status).toBe(403);
    expect((await del(admin, admin)).status).toBe(403);

    const leave = await t.call(
      membersEndpoints.leave,
      { params: { orgId: club.id } },
      { cookie: owner.cookie },
    );
    expect(leave.status).toBe(409);

    const transfer = await t.call(
      membersEndpoints.transferOwnership,
      { params: { orgId: club.id }, body: { userId: member.id } },
      { cookie: owner.cookie },
    );
    expect(transfer.status).toBe(204);
    const roles = await t.db.select().from(userRoles).where(eq(userRoles.organizationId, club.id));
    expect(roles.filter((r) => r.role === "owner").map((r) => r.userId)).toEqual([member.id]);
    expect(roles.find((r) => r.userId === owner.id)?.role).toBe("admin");

    expect(
      (await t.call(membersEndpoints.leave, { params: { orgId: club.id } }, { cookie: owner.cookie })).status,
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
    const patch = (target: TestUser, role: (typeof assignableRoles)[number]) =>
      t.call(
        membersEndpoints.changeRole,
        { params: { orgId: club.id, userId: target.id }, body: { role } },
        { cookie: admin.cookie },
      );
    expect((await patch(member, "admin")).status).toBe(403);
    expect((await patch(otherAdmin, "member")).status).toBe(403);
    expect((await patch(member, "organizer")).status).toBe(204);
    // "owner" is no role a change gives (the contract's type refuses it): sent raw.
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
