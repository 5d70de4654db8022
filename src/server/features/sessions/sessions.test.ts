import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boardEndpoints } from "../../../shared/contracts/board-endpoints.js";
import { publicClubEndpoints } from "../../../shared/contracts/clubs-endpoints.js";
import type { CreateSessionBody } from "../../../shared/contracts/session-form.js";
import { sessionsEndpoints } from "../../../shared/contracts/sessions-endpoints.js";
import { messages } from "../../../shared/domain/messages.js";
import { organizations } from "../../db/schema/clubs.js";
import { payments, sessionRegistrations, sessions } from "../../db/schema/sessions.js";
import { makeClub, makeSessions, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { connectSandboxPayouts } from "../../test/payouts.js";
import type { Called } from "../../test/typed-client.js";
import { until } from "../../test/until.js";
import { EXPIRE_HOLDS } from "./effects.js";
import { sweepHolds } from "./registrations.js";

let now = new Date("2026-02-20T12:00:00Z");
let t: TestApp;
let owner: TestUser;
let orgId: string;
const players: TestUser[] = [];

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  owner = await makeUser(t, "owner@sessions.example", "Sally Scheduler");
  for (let i = 0; i < 50; i++) players.push(await makeUser(t, `player${i}@sessions.example`, `Player ${i}`));
  const club = await makeClub(
    t,
    owner,
    players.map((p) => [p, "member"] as [TestUser, "member"]),
  );
  orgId = club.id;
  // 50 members is the trial's limit with the owner counted; makeClub adds members directly.
  // Its paid sessions need a payout account that takes charges: connected as the owner would.
  await connectSandboxPayouts(t, orgId, owner.cookie);
});
afterAll(async () => {
  await t?.close();
});

const createSession = (body: Record<string, unknown>) => makeSessions(t, orgId, owner, body);

const registerAs = (who: TestUser, sessionId: string) =>
  t.call(sessionsEndpoints.register, { params: { orgId, sessionId } }, { cookie: who.cookie });
/** One session as `who` sees it. */
const detailsAs = (who: TestUser, sessionId: string) =>
  t.call(sessionsEndpoints.details, { params: { orgId, sessionId } }, { cookie: who.cookie });

describe("a paid session needs a payout account that takes charges (the sandbox too)", () => {
  const night = { name: "Paid Night", startsAt: "2026-03-05T23:00:00Z", endsAt: "2026-03-06T01:00:00Z" };
  const paid = { ...night, paymentRequired: true, paymentAmount: "12.00" };
  let newOwner: TestUser;
  let newClub: string;
  beforeAll(async () => {
    newOwner = await makeUser(t, "new-owner@sessions.example", "Nina New");
    newClub = (await makeClub(t, newOwner, [[players[0]!, "organizer"]])).id;
  });
  const create = (body: CreateSessionBody, who = newOwner) =>
    t.call(sessionsEndpoints.create, { params: { orgId: newClub }, body }, { cookie: who.cookie });
  const update = (sessionId: string, body: CreateSessionBody) =>
    t.call(
      sessionsEndpoints.update,
      { params: { orgId: newClub, sessionId }, body },
      { cookie: newOwner.cookie },
    );
  const expectNotReady = (
    answer: Called<typeof sessionsEndpoints.create | typeof sessionsEndpoints.update>,
  ) => {
    expect(answer.status, answer.response.text).toBe(409);
    expect(answer.error).toMatchObject({
      code: "PAYMENTS_NOT_READY",
      message:
        "Paid sessions need a payout account that can take charges. The owner can connect one in Settings > Payment settings.",
    });
  };
  const sessionCount = async () =>
    (await t.db.select().from(sessions).where(eq(sessions.organizationId, newClub))).length;

  it("refuses to create a paid session, or a weekly series of them, before the account is connected", async () => {
    expectNotReady(await create(paid));
    expectNotReady(await create({ ...paid, repeatWeeks: 4 }, players[0]));
    expect(await sessionCount()).toBe(0);
  });

  it("schedules free sessions as before, a price of 0 included", async () => {
    expect((await create(night)).status).toBe(201);
    const zero = await create({ ...night, paymentRequired: true, paymentAmount: "0.00" });
    expect(zero.status, zero.response.text).toBe(201);
    expect(zero.body.sessions[0]).toMatchObject({ paymentRequired: false, paymentAmount: null });
  });

  it("refuses to make a free session paid, and leaves it free", async () => {
    const [free] = await makeSessions(t, newClub, newOwner, night);
    expectNotReady(await update(free!.id, paid));
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, free!.id));
    expect(row).toMatchObject({ paymentRequired: false, paymentAmount: null });
    // Its other details stay editable.
    const renamed = await update(free!.id, { ...night, name: "Free Night" });
    expect(renamed.status, renamed.response.text).toBe(200);
  });

  it("takes no registrations for a paid session while the account does not take charges", async () => {
    // Scheduled before the rule (or before the account was disabled): players are not sent to pay.
    const [old] = await t.db
      .insert(sessions)
      .values({
        organizationId: newClub,
        name: "Old Paid",
        startsAt: new Date(night.startsAt),
        endsAt: new Date(night.endsAt),
        paymentRequired: true,
        paymentAmount: 1000,
      })
      .returning();
    const register = await t.call(
      sessionsEndpoints.register,
      { params: { orgId: newClub, sessionId: old!.id } },
      { cookie: players[0]!.cookie },
    );
    expect(register.status).toBe(409);
    expect(register.error?.code).toBe("PAYMENTS_NOT_READY");
    const held = await t.db
      .select()
      .from(sessionRegistrations)
      .where(eq(sessionRegistrations.sessionId, old!.id));
    expect(held).toEqual([]);
  });

  it("accepts paid sessions, and a free one made paid, once the owner has connected the account", async () => {
    await connectSandboxPayouts(t, newClub, newOwner.cookie);
    const created = await create(paid, players[0]);
    expect(created.status, created.response.text).toBe(201);
    expect(created.body.sessions[0]).toMatchObject({ paymentRequired: true, paymentAmount: 1200 });
    const [free] = await makeSessions(t, newClub, newOwner, night);
    const edited = await update(free!.id, paid);
    expect(edited.status, edited.response.text).toBe(200);
    expect(edited.body).toMatchObject({ paymentRequired: true, paymentAmount: 1200 });
  });
});

describe("creating sessions", () => {
  it("checks the spec's messages on the server too", async () => {
    const bad = async (body: Partial<CreateSessionBody>) => {
      const response = await t.call(
        sessionsEndpoints.create,
        {
          params: { orgId },
          body: {
            name: "Open Play",
            startsAt: "2026-03-03T23:00:00Z",
            endsAt: "2026-03-04T01:00:00Z",
            ...body,
          },
        },
        { cookie: owner.cookie },
      );
      expect(response.status).toBe(400);
      return (response.error!.issues as Array<{ message: string }>).map((i) => i.message);
    };
    expect(await bad({ name: "  " })).toContain(messages.validation.sessionNameRequired);
    expect(await bad({ name: "x".repeat(101) })).toContain(messages.validation.sessionNameTooLong);
    expect(await bad({ name: "Open <Play>" })).toContain(messages.validation.sessionNameCharacters);
    expect(await bad({ paymentRequired: true, paymentAmount: "10.123" })).toContain(
      messages.validation.amountFormat,
    );
    expect(await bad({ paymentRequired: true, paymentAmount: "-5" })).toContain(
      messages.validation.amountPositive,
    );
    expect(await bad({ endsAt: "2026-03-03T22:00:00Z" })).toContain(messages.validation.endAfterStart);
  });

  it("refuses a paid place under 0.50, which card processors would not charge, on create and edit", async () => {
    const body = { name: "Cheap Night", startsAt: "2026-03-03T23:00:00Z", endsAt: "2026-03-04T01:00:00Z" };
    const create = (paymentAmount: string) =>
      t.call(
        sessionsEndpoints.create,
        { params: { orgId }, body: { ...body, paymentRequired: true, paymentAmount } },
        { cookie: owner.cookie },
      );
    for (const amount of ["0.01", "0.49"]) {
      const refused = await create(amount);
      expect(refused.status).toBe(400);
      expect(refused.error?.message).toBe(messages.validation.amountTooSmall);
    }
    const cheapest = await create("0.50");
    expect(cheapest.status, cheapest.response.text).toBe(201);
    const [session] = cheapest.body.sessions;
    expect(session!.paymentAmount).toBe(50);
    const edited = await t.call(
      sessionsEndpoints.update,
      {
        params: { orgId, sessionId: session!.id },
        body: { ...body, paymentRequired: true, paymentAmount: "0.25" },
      },
      { cookie: owner.cookie },
    );
    expect(edited.status).toBe(400);
    expect(edited.error?.message).toBe(messages.validation.amountTooSmall);
  });

  it("stores the amount in cents and repeats weekly at the same club time across DST", async () => {
    const created = await createSession({ paymentRequired: true, paymentAmount: "12.5", repeatWeeks: 3 });
    expect(created.map((s) => s.paymentAmount)).toEqual([1250, 1250, 1250]);
    // The club is in New York; DST starts March 8, 2026: 6 PM local is 23:00Z, then 22:00Z.
    expect(created.map((s) => s.startsAt)).toEqual([
      "2026-03-03T23:00:00.000Z",
      "2026-03-10T22:00:00.000Z",
      "2026-03-17T22:00:00.000Z",
    ]);
  });

  it("lists only upcoming scheduled (and active) sessions, soonest first, and members cannot create", async () => {
    const member = players[0]!;
    const response = await t.call(
      sessionsEndpoints.list,
      { params: { orgId }, query: {} },
      { cookie: member.cookie },
    );
    const starts = response.body.sessions.map((s) => s.startsAt);
    expect(starts).toEqual([...starts].sort());
    const denied = await t.call(
      sessionsEndpoints.create,
      {
        params: { orgId },
        body: { name: "Mine", startsAt: "2026-03-03T23:00:00Z", endsAt: "2026-03-04T01:00:00Z" },
      },
      { cookie: member.cookie },
    );
    expect(denied.status).toBe(403);
  });
});

describe("registration", () => {
  it("50 simultaneous registrations for 10 places: 10 registered, 40 waitlisted in arrival order", async () => {
    const [session] = await createSession({ capacity: 10, name: "Crowded Night" });
    const responses = await Promise.all(players.map((p) => registerAs(p, session!.id)));
    expect(responses.every((r) => r.status === 201)).toBe(true);
    const rows = await t.db
      .select()
      .from(sessionRegistrations)
      .where(eq(sessionRegistrations.sessionId, session!.id));
    expect(rows.filter((r) => r.status === "registered")).toHaveLength(10);
    const waitlisted = rows.filter((r) => r.status === "waitlisted").sort((a, b) => a.seq - b.seq);
    expect(waitlisted).toHaveLength(40);
    // Arrival order = the order the lock was granted = seq; every registered one came first.
    const lastRegistered = Math.max(...rows.filter((r) => r.status === "registered").map((r) => r.seq));
    expect(waitlisted[0]!.seq).toBeGreaterThan(lastRegistered);
    expect(new Set(rows.map((r) => r.seq)).size).toBe(50);
    const listed = await t.call(
      sessionsEndpoints.list,
      { params: { orgId }, query: {} },
      { cookie: owner.cookie },
    );
    expect(listed.body.sessions.find((s) => s.id === session!.id)).toMatchObject({
      registeredCount: 10,
      waitlistCount: 40,
      capacity: 10,
    });
  });

  it("a cancellation promotes the first on the waitlist and tells them", async () => {
    const [session] = await createSession({ capacity: 2, name: "Small Group" });
    const answers = [];
    for (const p of players.slice(0, 4)) {
      const registered = await registerAs(p, session!.id);
      expect(registered.status).toBe(201);
      answers.push(registered.body.registration);
    }
    const details = await detailsAs(players[0]!, session!.id);
    // Each answer is the registration as the list shows it (name, status, place on the waitlist),
    // and registering again answers the same.
    expect(answers).toEqual(details.body.registrations);
    expect((await registerAs(players[3]!, session!.id)).body.registration).toEqual(answers[3]);
    const mine = details.body.mine!;
    expect(details.body.registrations.map((r) => [r.status, r.waitlistPosition])).toEqual([
      ["registered", null],
      ["registered", null],
      ["waitlisted", 1],
      ["waitlisted", 2],
    ]);
    const cancel = await t.call(
      sessionsEndpoints.cancelRegistration,
      { params: { orgId, sessionId: session!.id, registrationId: mine.id } },
      { cookie: players[0]!.cookie },
    );
    expect(cancel.status).toBe(200);
    const mail = await t.smtp.waitForMail(players[2]!.email, /You're in: Small Group/);
    expect(mail.text).toContain("You're registered");
    const after = await detailsAs(players[2]!, session!.id);
    expect(after.body.mine!.status).toBe("registered");
    expect(after.body.registrations.find((r) => r.userId === players[3]!.id)!.waitlistPosition).toBe(1);
  });

  it("editing checks the capacity against the places taken; raising it moves the waitlist up", async () => {
    const [session] = await createSession({ capacity: 2, name: "Growing Group" });
    const answers: Array<{ id: string }> = [];
    for (const p of players.slice(20, 25)) answers.push((await registerAs(p, session!.id)).body.registration);
    const edit = (capacity: number) =>
      t.call(
        sessionsEndpoints.update,
        {
          params: { orgId, sessionId: session!.id },
          body: {
            name: "Growing Group",
            startsAt: "2026-03-03T23:00:00Z",
            endsAt: "2026-03-04T01:00:00Z",
            capacity,
          },
        },
        { cookie: owner.cookie },
      );
    const tooSmall = await edit(1);
    expect(tooSmall.status).toBe(409);
    expect(tooSmall.error?.code).toBe("CAPACITY_BELOW_REGISTERED");
    const raised = await edit(4);
    expect(raised.status, raised.response.text).toBe(200);
    expect(raised.body).toMatchObject({ capacity: 4, registeredCount: 4, waitlistCount: 1 });
    // The first two waiting, in arrival order, have the new places, and hear it.
    const statuses = await t.db
      .select({ id: sessionRegistrations.id, status: sessionRegistrations.status })
      .from(sessionRegistrations)
      .where(eq(sessionRegistrations.sessionId, session!.id));
    const statusOf = (i: number) => statuses.find((r) => r.id === answers[i]!.id)?.status;
    expect([0, 1, 2, 3, 4].map(statusOf)).toEqual([
      "registered",
      "registered",
      "registered",
      "registered",
      "waitlisted",
    ]);
    await t.smtp.waitForMail(players[22]!.email, /You're in: Growing Group/);
    await t.smtp.waitForMail(players[23]!.email, /You're in: Growing Group/);
  });

  it("editing releases a hold that ran out before it checks the capacity", async () => {
    const [session] = await createSession({ capacity: 2, name: "Held Over" });
    expect((await registerAs(players[30]!, session!.id)).status).toBe(201);
    await t.db.insert(sessionRegistrations).values({
      organizationId: orgId,
      sessionId: session!.id,
      userId: players[31]!.id,
      status: "pending_payment",
      seq: 2,
      holdExpiresAt: new Date(now.getTime() - 60_000),
    });
    const edited = await t.call(
      sessionsEndpoints.update,
      {
        params: { orgId, sessionId: session!.id },
        body: {
          name: "Held Over",
          startsAt: "2026-03-03T23:00:00Z",
          endsAt: "2026-03-04T01:00:00Z",
          capacity: 1,
        },
      },
      { cookie: owner.cookie },
    );
    expect(edited.status, edited.response.text).toBe(200);
    expect(edited.body).toMatchObject({ capacity: 1, registeredCount: 1 });
  });

  it("a member cannot cancel someone else's place (404, and it stays); an organizer can", async () => {
    const [session] = await createSession({ capacity: 4, name: "Doubles Drills" });
    const placed = await registerAs(players[40]!, session!.id);
    expect(placed.status).toBe(201);
    const id = placed.body.registration.id;
    const cancelAs = (who: TestUser) =>
      t.call(
        sessionsEndpoints.cancelRegistration,
        { params: { orgId, sessionId: session!.id, registrationId: id } },
        { cookie: who.cookie },
      );
    const refused = await cancelAs(players[41]!);
    expect(refused.status).toBe(404);
    expect(refused.error?.message).toBe("Registration not found");
    const statusOf = async () =>
      (
        await t.db
          .select({ status: sessionRegistrations.status })
          .from(sessionRegistrations)
          .where(eq(sessionRegistrations.id, id))
      )[0]?.status;
    expect(await statusOf()).toBe("registered");
    expect((await cancelAs(owner)).status).toBe(200);
    expect(await statusOf()).toBe("cancelled");
    // Cancelled once: cancelling again finds nothing to cancel.
    expect((await cancelAs(owner)).status).toBe(404);
  });

  it("a paid place is confirmed only when the sandbox checkout is paid; abandoned, it is released", async () => {
    const [session] = await createSession({
      capacity: 1,
      name: "Paid Clinic",
      paymentRequired: true,
      paymentAmount: "20",
    });
    const first = await registerAs(players[10]!, session!.id);
    expect(first.body.registration.status).toBe("pending_payment");
    // The hold's end, as registering answers it and as the list shows it, is the stored instant.
    const [stored] = await t.db
      .select({ holdExpiresAt: sessionRegistrations.holdExpiresAt })
      .from(sessionRegistrations)
      .where(eq(sessionRegistrations.id, first.body.registration.id));
    const listed = (await detailsAs(players[10]!, session!.id)).body.mine!;
    expect(first.body.registration.holdExpiresAt).toBe(stored!.holdExpiresAt!.toISOString());
    expect(listed.holdExpiresAt).toBe(stored!.holdExpiresAt!.toISOString());
    const checkout = new URL(first.body.checkoutUrl!);
    const second = await registerAs(players[11]!, session!.id);
    expect(second.body.registration.status).toBe("waitlisted");

    // The checkout is the payer's alone: a forwarded link shows nothing and does nothing.
    expect((await t.request({ method: "GET", url: checkout.pathname })).statusCode).toBe(401);
    const stranger = players[12]!.cookie;
    expect((await t.request({ method: "GET", url: checkout.pathname, cookie: stranger })).statusCode).toBe(
      404,
    );
    expect(
      (await t.request({ method: "POST", url: `${checkout.pathname}/cancel`, cookie: stranger })).statusCode,
    ).toBe(404);
    const page = await t.request({ method: "GET", url: checkout.pathname, cookie: players[10]!.cookie });
    expect(page.body).toContain("Paid Clinic");
    expect(page.body).toContain("$20.00");
    const cancelled = await t.request({
      method: "POST",
      url: `${checkout.pathname}/cancel`,
      cookie: players[10]!.cookie,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(cancelled.statusCode).toBe(303);
    // The released place goes to the waitlist's first, who now has to pay.
    await t.smtp.waitForMail(players[11]!.email, /You're in: Paid Clinic/);
    const promoted = await registerAs(players[11]!, session!.id);
    expect(promoted.body.registration.status).toBe("pending_payment");
    const pay = await t.request({
      method: "POST",
      url: `${new URL(promoted.body.checkoutUrl!).pathname}/confirm`,
      cookie: players[11]!.cookie,
    });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(`/sessions/${session!.id}?payment=success`);
    const again = await t.request({
      method: "POST",
      url: `${new URL(promoted.body.checkoutUrl!).pathname}/confirm`,
      cookie: players[11]!.cookie,
    });
    expect(again.statusCode).toBe(303);
    const details = await detailsAs(players[11]!, session!.id);
    expect(details.body.mine!.status).toBe("registered");
  });

  it("a place cancelled before it is paid: its sandbox checkout is closed, and refuses to pay", async () => {
    const [session] = await createSession({
      capacity: 2,
      name: "Second Thoughts",
      paymentRequired: true,
      paymentAmount: "8",
    });
    const payer = players[13]!;
    const held = await registerAs(payer, session!.id);
    const { id: registrationId, status } = held.body.registration;
    expect(status).toBe("pending_payment");
    const checkout = new URL(held.body.checkoutUrl!).pathname;
    const paymentId = checkout.split("/").pop()!;
    const cancel = await t.call(
      sessionsEndpoints.cancelRegistration,
      { params: { orgId, sessionId: session!.id, registrationId } },
      { cookie: payer.cookie },
    );
    expect(cancel.status).toBe(200);
    const [{ providerRef }] = (await t.db
      .select({ providerRef: payments.providerRef })
      .from(payments)
      .where(eq(payments.id, paymentId))) as [{ providerRef: string }];
    // Closed after the cancellation commits, by a job, as Stripe's checkout is.
    await until(
      () => t.deps.payments.retrieveCheckout(providerRef, null),
      (state) => state.status === "expired",
      "the checkout's closing",
    );
    const pay = await t.request({
      method: "POST",
      url: `${checkout}/confirm`,
      cookie: payer.cookie,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(checkout);
    const page = await t.request({ method: "GET", url: checkout, cookie: payer.cookie });
    expect(page.body).not.toContain("Pay $8.00");
    expect(page.body).toContain("This checkout has expired.");
    const [place] = await t.db
      .select({ status: sessionRegistrations.status })
      .from(sessionRegistrations)
      .where(eq(sessionRegistrations.id, registrationId));
    expect(place!.status).toBe("cancelled");
    const [payment] = await t.db
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.id, paymentId));
    expect(payment!.status).toBe("cancelled");
  });

  it("an unpaid hold runs out after 15 minutes and its job gives the place to the waitlist", async () => {
    const [session] = await createSession({
      capacity: 1,
      name: "Hold Test",
      paymentRequired: true,
      paymentAmount: "5",
    });
    await registerAs(players[20]!, session!.id);
    await registerAs(players[21]!, session!.id);
    const statuses = async () =>
      (await detailsAs(owner, session!.id)).body.registrations.map((r) => [r.userId, r.status]);
    // The registration queued the release for a second after the hold ends, with the place.
    const [hold] = await t.db
      .select({ holdExpiresAt: sessionRegistrations.holdExpiresAt })
      .from(sessionRegistrations)
      .where(
        and(
          eq(sessionRegistrations.sessionId, session!.id),
          eq(sessionRegistrations.userId, players[20]!.id),
        ),
      );
    const queued = await t.db.execute(
      sql`select start_after from pgboss.job where name = ${EXPIRE_HOLDS} and data->>'sessionId' = ${session!.id}`,
    );
    expect(queued.rows.map((r) => new Date(r.start_after as string).getTime())).toEqual([
      hold!.holdExpiresAt!.getTime() + 1000,
    ]);
    // Reading the session changes nothing, even after the hold has run out...
    now = new Date(now.getTime() + 16 * 60_000);
    expect(await statuses()).toEqual([
      [players[20]!.id, "pending_payment"],
      [players[21]!.id, "waitlisted"],
    ]);
    // ...the job does: the unpaid place goes, and the next in line holds it.
    await sweepHolds(t.deps, orgId, session!.id);
    expect(await statuses()).toEqual([[players[21]!.id, "pending_payment"]]);
    now = new Date(now.getTime() - 16 * 60_000);
  });
});

describe("lifecycle and check-in", () => {
  it("organizers start, check in, add walk-ins; players check themselves in with the link", async () => {
    const [session] = await createSession({ capacity: 4, name: "Check In Night" });
    const id = session!.id;
    await registerAs(players[30]!, id);
    const self = (who: TestUser, token: string) =>
      t.call(
        sessionsEndpoints.selfCheckIn,
        { params: { orgId, sessionId: id }, body: { token } },
        { cookie: who.cookie },
      );
    const asOwner = { cookie: owner.cookie };

    const ownerView = await detailsAs(owner, id);
    const token = ownerView.body.checkInToken as string;
    const memberView = await detailsAs(players[30]!, id);
    expect(memberView.body.checkInToken).toBeNull();

    expect((await self(players[30]!, token)).status).toBe(409);
    expect(
      (await t.call(sessionsEndpoints.start, { params: { orgId, sessionId: id } }, asOwner)).status,
    ).toBe(204);
    expect((await self(players[30]!, "wrong-token-value")).status).toBe(403);
    expect((await self(players[30]!, token)).body).toEqual({ standingBy: false, waitlistPosition: null });
    expect((await self(players[31]!, token)).status).toBe(200);

    const walkIn = await t.call(
      sessionsEndpoints.walkIn,
      { params: { orgId, sessionId: id }, body: { guestName: "Gwen Guest" } },
      asOwner,
    );
    expect(walkIn.status).toBe(201);
    const list = (await detailsAs(owner, id)).body.registrations;
    expect(list.map((r) => [r.name, r.checkedIn])).toEqual([
      ["Player 30", true],
      ["Player 31", true],
      ["Gwen Guest", true],
    ]);
    expect(
      (await t.call(sessionsEndpoints.start, { params: { orgId, sessionId: id } }, asOwner)).status,
    ).toBe(409);
    expect(
      (await t.call(sessionsEndpoints.complete, { params: { orgId, sessionId: id } }, asOwner)).status,
    ).toBe(204);
  });

  it("check-in opens two hours before a scheduled session, not days ahead", async () => {
    const [session] = await createSession({
      name: "Next Week",
      startsAt: new Date(now.getTime() + 40 * 86_400_000).toISOString(),
      endsAt: new Date(now.getTime() + 40 * 86_400_000 + 7_200_000).toISOString(),
    });
    expect((await registerAs(players[34]!, session!.id)).status).toBe(201);
    const roster = (await detailsAs(owner, session!.id)).body.registrations;
    const early = await t.call(
      sessionsEndpoints.checkIn,
      { params: { orgId, sessionId: session!.id, registrationId: roster[0]!.id } },
      { cookie: owner.cookie },
    );
    expect(early.status).toBe(409);
    expect(early.error).toEqual({
      code: "CHECK_IN_NOT_OPEN",
      message: "Check-in opens 2 hours before the session starts.",
    });
    const walkIn = await t.call(
      sessionsEndpoints.walkIn,
      { params: { orgId, sessionId: session!.id }, body: { guestName: "Too Early" } },
      { cookie: owner.cookie },
    );
    expect(walkIn.status).toBe(409);
  });

  it("starting a session puts everyone already checked in on the board's queue", async () => {
    await t.db.update(sessions).set({ status: "completed" }).where(eq(sessions.status, "active"));
    // Check-in opens on the day: this session starts within the hour on the test's clock.
    const [session] = await createSession({
      name: "Early Birds",
      startsAt: new Date(now.getTime() + 30 * 60_000).toISOString(),
      endsAt: new Date(now.getTime() + 150 * 60_000).toISOString(),
    });
    const id = session!.id;
    for (const player of [players[32]!, players[33]!]) await registerAs(player, id);
    const roster = (await detailsAs(owner, id)).body.registrations;
    for (const registration of roster) {
      const checkIn = await t.call(
        sessionsEndpoints.checkIn,
        { params: { orgId, sessionId: id, registrationId: registration.id } },
        { cookie: owner.cookie },
      );
      expect(checkIn.status, checkIn.response.text).toBeLessThan(300);
    }
    const started = await t.call(
      sessionsEndpoints.start,
      { params: { orgId, sessionId: id } },
      { cookie: owner.cookie },
    );
    expect(started.status).toBe(204);
    const board = await t.call(boardEndpoints.board, { params: { orgId } }, { cookie: owner.cookie });
    expect(board.body.queue.map((q) => q.name).sort()).toEqual(["Player 32", "Player 33"]);
  });

  it("cancelling a session tells the registered players", async () => {
    const [session] = await createSession({ name: "Rained Out" });
    await registerAs(players[40]!, session!.id);
    const cancel = await t.call(
      sessionsEndpoints.cancel,
      { params: { orgId, sessionId: session!.id } },
      { cookie: owner.cookie },
    );
    expect(cancel.status).toBe(204);
    await t.smtp.waitForMail(players[40]!.email, /Cancelled: Rained Out/);
    expect((await registerAs(players[41]!, session!.id)).status).toBe(409);
  });
});

describe("the public club page", () => {
  it("lists the next five sessions with club-time labels, and exposes only the public fields", async () => {
    const [row] = await t.db.select().from(organizations).where(eq(organizations.id, orgId));
    const page = await t.call(publicClubEndpoints.page, { params: { slug: row!.slug } });
    expect(page.status).toBe(200);
    const body = page.body;
    // The answer as sent, not as its schema reads it (which would drop any other field).
    expect(Object.keys(JSON.parse(page.response.text).club).sort()).toEqual([
      "description",
      "id",
      "location",
      "logoUrl",
      "name",
      "slug",
    ]);
    expect(page.response.text).not.toContain("America/New_York");
    expect(body.upcomingSessions.length).toBeLessThanOrEqual(5);
    // Sessions earlier tests left running come first (the next describe); then the next ones.
    expect(body.upcomingSessions.find((s) => !s.live)).toMatchObject({
      dateLabel: "Tuesday, March 3, 2026",
      timeLabel: "6:00 PM - 8:00 PM",
      teams: "open",
    });
    expect(body.memberCount).toBeNull();
  });
});

describe("the public club page, while a session runs", () => {
  it("lists the session running now first, said to be playing now", async () => {
    const [row] = await t.db.select().from(organizations).where(eq(organizations.id, orgId));
    // One session runs at a time: one started above is put back to scheduled, this one is on.
    const paused = await t.db
      .update(sessions)
      .set({ status: "scheduled" })
      .where(and(eq(sessions.organizationId, orgId), eq(sessions.status, "active")))
      .returning({ id: sessions.id });
    const [running] = await t.db
      .insert(sessions)
      .values({
        organizationId: orgId,
        name: "Friday Night Open Play",
        startsAt: new Date(now.getTime() - 3_600_000),
        endsAt: new Date(now.getTime() + 3_600_000),
        status: "active",
      })
      .returning();
    try {
      const page = await t.call(publicClubEndpoints.page, { params: { slug: row!.slug } });
      expect(page.status).toBe(200);
      const listed = page.body.upcomingSessions;
      expect(listed.find((s) => s.id === running!.id)?.live).toBe(true);
      // Those running first, then the scheduled ones.
      const firstScheduled = listed.findIndex((s) => !s.live);
      expect(listed.slice(firstScheduled).every((s) => !s.live)).toBe(true);
      expect(firstScheduled).toBeGreaterThan(0);
    } finally {
      await t.db.update(sessions).set({ status: "completed" }).where(eq(sessions.id, running!.id));
      for (const { id } of paused)
        await t.db.update(sessions).set({ status: "active" }).where(eq(sessions.id, id));
    }
  });
});

describe("calendars", () => {
  it("a session downloads as .ics in the club's zone; the feed URL works until rotated", async () => {
    const [session] = await createSession({ name: "Calendar Night" });
    const ics = await t.call(
      sessionsEndpoints.calendarFile,
      { params: { orgId, sessionId: session!.id } },
      { cookie: players[0]!.cookie },
    );
    expect(ics.response.headers["content-type"]).toContain("text/calendar");
    expect(ics.response.text).toContain("DTSTART;TZID=America/New_York:20260303T180000");

    const feed = await t.call(
      sessionsEndpoints.calendarFeed,
      { params: { orgId } },
      { cookie: owner.cookie },
    );
    const path = new URL(feed.body.url).pathname;
    const subscribed = await t.request({ method: "GET", url: path });
    expect(subscribed.statusCode).toBe(200);
    expect(subscribed.body).toContain("SUMMARY:Calendar Night");
    const rotated = await t.call(
      sessionsEndpoints.rotateCalendarFeed,
      { params: { orgId } },
      { cookie: owner.cookie },
    );
    expect(new URL(rotated.body.url).pathname).not.toBe(path);
    expect((await t.request({ method: "GET", url: path })).statusCode).toBe(404);
  });
});
