// Deleting a club: the owner types its name; its open sessions are cancelled as an organizer's
// cancel does (paid places refunded, through the sandbox provider), every member is told, the
// club answers 404 at once, and its rows go once the refunds are made. An owner deleting their
// account may take their club with it.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meEndpoints } from "../../../shared/contracts/account-endpoints.js";
import { clubsEndpoints, publicClubEndpoints } from "../../../shared/contracts/clubs-endpoints.js";
import { sessionsEndpoints } from "../../../shared/contracts/sessions-endpoints.js";
import { organizations } from "../../db/schema/clubs.js";
import { organizationMembers } from "../../db/schema/members.js";
import { payments, sessions } from "../../db/schema/sessions.js";
import { makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { connectSandboxPayouts } from "../../test/payouts.js";
import { until } from "../../test/until.js";
import { REFUND_PAYMENT } from "../sessions/refunds.js";
import { REMOVE_CLOSED_CLUB, removeClosedClub } from "./closing.js";

let t: TestApp;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function people() {
  const tag = ++n;
  return {
    owner: await makeUser(t, `owner${tag}@deletion.example`, "Olive Owner"),
    admin: await makeUser(t, `admin${tag}@deletion.example`, "Ada Admin"),
    member: await makeUser(t, `member${tag}@deletion.example`, "Max Member"),
  };
}

async function clubOf(crew: Awaited<ReturnType<typeof people>>, name: string) {
  return makeClub(
    t,
    crew.owner,
    [
      [crew.admin, "admin"],
      [crew.member, "member"],
    ],
    { name },
  );
}

/** A paid session in a club whose owner has connected its payout account, as paid sessions need. */
async function paidSessionIn(
  crew: Awaited<ReturnType<typeof people>>,
  organizationId: string,
  startsInHours: number,
) {
  await connectSandboxPayouts(t, organizationId, crew.owner.cookie);
  const startsAt = new Date(Date.now() + startsInHours * 3_600_000);
  const [row] = await t.db
    .insert(sessions)
    .values({
      organizationId,
      name: "Saturday Doubles",
      startsAt,
      endsAt: new Date(startsAt.getTime() + 7_200_000),
      paymentRequired: true,
      paymentAmount: 1500,
      // Inside the cut-off: a place cancelled by its player would keep the money, a closing club refunds it.
      refundCutoffHours: 48,
    })
    .returning();
  return row!;
}

async function registerAndPay(organizationId: string, person: TestUser, sessionId: string) {
  const response = await t.call(
    sessionsEndpoints.register,
    { params: { orgId: organizationId, sessionId } },
    { cookie: person.cookie },
  );
  expect(response.status, response.response.text).toBe(201);
  // The sandbox's checkout page has no definition: paid as its form posts.
  const pay = await t.request({
    method: "POST",
    url: `${new URL(response.body.checkoutUrl!).pathname}/confirm`,
    cookie: person.cookie,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "",
  });
  expect(pay.statusCode).toBe(303);
  return response.body.registration.id;
}

const deleteClub = (organizationId: string, cookie: string, confirmName: string) =>
  t.call(clubsEndpoints.deleteClub, { params: { orgId: organizationId }, body: { confirmName } }, { cookie });
const readClub = (organizationId: string, who: TestUser) =>
  t.call(clubsEndpoints.club, { params: { orgId: organizationId } }, { cookie: who.cookie });
const deleteAccount = (who: TestUser, deleteOwnedClubs?: boolean) =>
  t.call(
    meEndpoints.deleteAccount,
    { body: deleteOwnedClubs === undefined ? undefined : { deleteOwnedClubs } },
    { cookie: who.cookie },
  );

const clubRow = async (organizationId: string) =>
  (await t.db.select().from(organizations).where(eq(organizations.id, organizationId)))[0];

/** The states of the jobs of `queue` whose data has `key` = `value`. */
async function jobStates(queue: string, key: string, value: string): Promise<string[]> {
  const result = await t.db.execute(
    `select state from pgboss.job where name = '${queue}' and data->>'${key}' = '${value}'`,
  );
  return (result.rows as Array<{ state: string }>).map((row) => row.state);
}

/** The jobs of `queue` queued for this club (pg-boss keeps them in its own schema). */
async function jobsFor(queue: string, key: string, value: string): Promise<number> {
  const result = await t.db.execute(
    `select count(*)::int as n from pgboss.job where name = '${queue}' and data->>'${key}' = '${value}'`,
  );
  return (result.rows[0] as { n: number }).n;
}

describe("deleting a club", () => {
  it("refunds the paid place once, tells every member, answers 404 at once and removes its rows after the refunds", async () => {
    const crew = await people();
    const club = await clubOf(crew, "Doomed Dinks");
    const session = await paidSessionIn(crew, club.id, 24);
    const registrationId = await registerAndPay(club.id, crew.member, session.id);
    const [payment] = await t.db.select().from(payments).where(eq(payments.registrationId, registrationId));
    expect(payment!.status).toBe("paid");

    const deleted = await deleteClub(club.id, crew.owner.cookie, "Doomed Dinks");
    expect(deleted.status, deleted.response.text).toBe(204);
    // Read at once: on a quick machine the refund and the removal job that follows it can be
    // done before the reads below are, and the session's row goes with the club.
    const [cancelled] = await t.db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(cancelled?.status).toBe("cancelled");

    // At once, for everyone: the club, its sessions, its public page, and /api/me's list.
    for (const person of [crew.owner, crew.admin, crew.member]) {
      const read = await readClub(club.id, person);
      expect(read.status).toBe(404);
      const list = await t.call(
        sessionsEndpoints.list,
        { params: { orgId: club.id }, query: {} },
        { cookie: person.cookie },
      );
      expect(list.status).toBe(404);
      const me = await t.call(meEndpoints.me, {}, { cookie: person.cookie });
      expect(me.body.organizations).toEqual([]);
    }
    expect((await t.call(publicClubEndpoints.page, { params: { slug: club.slug } })).status).toBe(404);
    // Twice is not found, not a second closing.
    expect((await deleteClub(club.id, crew.owner.cookie, "Doomed Dinks")).status).toBe(404);

    // The session is cancelled as an organizer's cancel would, with exactly one refund, made.
    expect(await jobsFor(REFUND_PAYMENT, "paymentId", payment!.id)).toBe(1);
    // The refund job completes only once the provider's refund is made and recorded.
    await until(
      () => jobStates(REFUND_PAYMENT, "paymentId", payment!.id),
      (states) => states.includes("completed"),
      "the refund job",
    );

    const cancelMail = await t.smtp.waitForMail(crew.member.email, /Cancelled: Saturday Doubles/);
    expect(cancelMail.text).toContain("$15.00 is being refunded in full");
    for (const person of [crew.admin, crew.member]) {
      const notice = await t.smtp.waitForMail(person.email, /Doomed Dinks has been closed by its owner/);
      expect(notice.text).toContain("Doomed Dinks has been closed by its owner.");
    }

    // The removal job the closing queued runs once nothing is owed any more.
    expect(await jobsFor(REMOVE_CLOSED_CLUB, "organizationId", club.id)).toBeGreaterThanOrEqual(1);
    await until(
      () => clubRow(club.id),
      (row) => row === undefined,
      "the removal job",
    );
    expect(await t.db.select().from(sessions).where(eq(sessions.organizationId, club.id))).toEqual([]);
    expect(await t.db.select().from(payments).where(eq(payments.organizationId, club.id))).toEqual([]);
    expect(
      await t.db.select().from(organizationMembers).where(eq(organizationMembers.organizationId, club.id)),
    ).toEqual([]);
  });

  it("while a refund is still owed, the removal keeps the club's rows and looks again later", async () => {
    const crew = await people();
    const club = await clubOf(crew, "Pending Paddles");
    const session = await paidSessionIn(crew, club.id, 72);
    const registrationId = await registerAndPay(club.id, crew.member, session.id);
    // Closed, with a refund decided and not yet made (its job not run).
    await t.db.update(organizations).set({ closingAt: new Date() }).where(eq(organizations.id, club.id));
    await t.db
      .update(payments)
      .set({ status: "refund_pending" })
      .where(eq(payments.registrationId, registrationId));
    await removeClosedClub(t.deps, club.id);
    expect(await clubRow(club.id)).toBeDefined();
    expect(await jobsFor(REMOVE_CLOSED_CLUB, "organizationId", club.id)).toBe(1);
    await t.db
      .update(payments)
      .set({ status: "refunded" })
      .where(eq(payments.registrationId, registrationId));
    await removeClosedClub(t.deps, club.id);
    expect(await clubRow(club.id)).toBeUndefined();
  });

  it("a wrong name answers 400 and deletes nothing", async () => {
    const crew = await people();
    const club = await clubOf(crew, "Careful Courts");
    for (const confirmName of ["careful courts", "Careful", ""]) {
      const response = await deleteClub(club.id, crew.owner.cookie, confirmName);
      expect(response.status).toBe(400);
      expect(response.error?.message).toBe("Type the club's name exactly as it is shown to delete it.");
    }
    // Raw on purpose: no body at all is what the types refuse.
    const missing = await t.request({
      method: "DELETE",
      url: `/api/orgs/${club.id}`,
      cookie: crew.owner.cookie,
    });
    expect(missing.statusCode).toBe(400);
    expect((await clubRow(club.id))?.closingAt).toBeNull();
    const read = await readClub(club.id, crew.member);
    expect(read.status).toBe(200);
  });

  it("only the owner may: an admin or member answers 403, another club's owner 404", async () => {
    const crew = await people();
    const club = await clubOf(crew, "Guarded Greens");
    const stranger = await makeUser(t, "stranger@deletion.example", "Sam Stranger");
    await makeClub(t, stranger, [], { name: "Elsewhere" });
    expect((await deleteClub(club.id, crew.admin.cookie, "Guarded Greens")).status).toBe(403);
    expect((await deleteClub(club.id, crew.member.cookie, "Guarded Greens")).status).toBe(403);
    const other = await deleteClub(club.id, stranger.cookie, "Guarded Greens");
    expect(other.status).toBe(404);
    expect(other.response.text).not.toContain("Guarded Greens");
    expect((await clubRow(club.id))?.closingAt).toBeNull();
  });
});

describe("deleting an owner's account", () => {
  it("without the flag answers 409 saying the club can be deleted too; with it, the club goes with the account", async () => {
    const crew = await people();
    const club = await clubOf(crew, "Solo Smashers");
    const refused = await deleteAccount(crew.owner);
    expect(refused.status).toBe(409);
    expect(refused.error).toMatchObject({
      code: "OWNER_MUST_TRANSFER",
      message:
        "You own Solo Smashers. Transfer ownership to another member, or delete Solo Smashers too, before deleting your account.",
    });
    expect((await clubRow(club.id))?.closingAt).toBeNull();

    const deleted = await deleteAccount(crew.owner, true);
    expect(deleted.status, deleted.response.text).toBe(204);
    expect((await clubRow(club.id))?.closingAt).toBeInstanceOf(Date);
    const read = await readClub(club.id, crew.member);
    expect(read.status).toBe(404);
    await t.smtp.waitForMail(crew.member.email, /Solo Smashers has been closed by its owner/);
    expect((await t.call(meEndpoints.me, {}, { cookie: crew.owner.cookie })).status).toBe(401);
  });

  it("a member's account deletion takes the flag and leaves the clubs they do not own alone", async () => {
    const crew = await people();
    const club = await clubOf(crew, "Stays Open");
    const deleted = await deleteAccount(crew.member, true);
    expect(deleted.status).toBe(204);
    expect((await clubRow(club.id))?.closingAt).toBeNull();
    const read = await readClub(club.id, crew.admin);
    expect(read.status).toBe(200);
  });
});
