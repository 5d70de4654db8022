// Members' guests: the club's rules (allowed, per month, a guest price), a guest taking a place
// as anyone does (or the waitlist), paid for by the member, given back by them, checked in, and
// their nights following them when they join the club. Refusals are clear and leave nothing.
import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AccessRulesBody } from "../../../shared/contracts/access-rules.js";
import type { CreateSessionBody } from "../../../shared/contracts/session-form.js";
import { sessionsEndpoints } from "../../../shared/contracts/sessions-endpoints.js";
import { organizationMembers } from "../../db/schema/members.js";
import { payments, sessionRegistrations } from "../../db/schema/sessions.js";
import { makeClub, makeSessions, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { connectSandboxPayouts } from "../../test/payouts.js";

let t: TestApp;
let clock = new Date("2026-12-01T12:00:00Z");
let owner: TestUser;
let organizer: TestUser;
let alice: TestUser;
let ben: TestUser;
let cara: TestUser;
let orgId: string;
let otherOrgId: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  owner = await makeUser(t, "owner@guests.example", "Olive Owner");
  organizer = await makeUser(t, "organizer@guests.example", "Oscar Organizer");
  alice = await makeUser(t, "alice@guests.example", "Alice Abbott");
  ben = await makeUser(t, "ben@guests.example", "Ben Brooks");
  cara = await makeUser(t, "cara@guests.example", "Cara Cole");
  orgId = (
    await makeClub(t, owner, [
      [organizer, "organizer"],
      [alice, "member"],
      [ben, "member"],
      [cara, "member"],
    ])
  ).id;
  otherOrgId = (await makeClub(t, await makeUser(t, "rival@guests.example", "Rival"))).id;
  await connectSandboxPayouts(t, orgId, owner.cookie);
});
afterAll(async () => {
  await t?.close();
});

/** A page with no definition (the sandbox's checkout), as the browser asks for it. */
const page = (who: TestUser, method: "GET" | "POST", url: string) =>
  t.request({ method, url, cookie: who.cookie });
const putRules = (body: AccessRulesBody, who = owner) =>
  t.call(sessionsEndpoints.updateAccessRules, { params: { orgId }, body }, { cookie: who.cookie });
/** The club's access rules with these guest rules, the strike rule left as it was made. */
const setRules = (rules: { allowed: boolean; perMonth: number; price: string }, who = owner) =>
  putRules(
    {
      guestsAllowed: rules.allowed,
      guestsPerMonth: rules.perMonth,
      guestPrice: rules.price,
      strikeLimit: 3,
      strikeDays: 60,
      refundNoShows: false,
    },
    who,
  );
const bring = (sessionId: string, name: string, who = alice, email?: string) =>
  t.call(
    sessionsEndpoints.bringGuest,
    { params: { orgId, sessionId }, body: { name, ...(email ? { email } : {}) } },
    { cookie: who.cookie },
  );
const details = (sessionId: string, who = alice) =>
  t.call(sessionsEndpoints.details, { params: { orgId, sessionId } }, { cookie: who.cookie });
const register = (sessionId: string, who: TestUser) =>
  t.call(sessionsEndpoints.register, { params: { orgId, sessionId } }, { cookie: who.cookie });
const giveBack = (sessionId: string, registrationId: string, who: TestUser) =>
  t.call(
    sessionsEndpoints.cancelRegistration,
    { params: { orgId, sessionId, registrationId } },
    { cookie: who.cookie },
  );
const session = async (body: Partial<CreateSessionBody> = {}) =>
  (
    await makeSessions(t, orgId, organizer, {
      startsAt: "2026-12-10T23:00:00Z",
      endsAt: "2026-12-11T01:00:00Z",
      ...body,
    })
  )[0]!.id;

describe("the club's guest rules", () => {
  it("are off until the club turns them on, and only owners and admins change them", async () => {
    const sessionId = await session();
    const refused = await bring(sessionId, "Gina Guest");
    expect(refused.status).toBe(409);
    expect(refused.error).toMatchObject({
      code: "GUESTS_NOT_ALLOWED",
      message: "This club does not take members' guests.",
    });
    expect((await details(sessionId)).body.registrations).toEqual([]);

    expect((await setRules({ allowed: true, perMonth: 2, price: "" }, organizer)).status).toBe(403);
    const bad = await putRules({
      guestsAllowed: true,
      guestsPerMonth: 0,
      guestPrice: "0",
      strikeLimit: 0,
      strikeDays: 400,
      refundNoShows: false,
    });
    expect(bad.status).toBe(400);
    expect((bad.error!.issues as Array<{ message: string }>).map((i) => i.message)).toEqual([
      "Guests per month must be a whole number from 1 to 20",
      "A guest price is more than $0: leave it empty for the session's price",
      "Strikes must be a whole number from 1 to 10",
      "Days must be a whole number from 7 to 365",
    ]);
    const set = await setRules({ allowed: true, perMonth: 2, price: "12.50" });
    expect(set.status, set.response.text).toBe(200);
    expect(set.body).toEqual({
      guests: { allowed: true, perMonth: 2, price: 1250 },
      strikes: { limit: 3, days: 60 },
      refundNoShows: false,
    });
    const rulesAs = (who: TestUser, club = orgId) =>
      t.call(sessionsEndpoints.accessRules, { params: { orgId: club } }, { cookie: who.cookie });
    expect((await rulesAs(cara)).body).toEqual(set.body);
    expect((await details(sessionId)).body.guestRules).toEqual(set.body.guests);
    // Another club's rules are not this member's to read.
    expect((await rulesAs(alice, otherOrgId)).status).toBe(404);
  });
});

describe("bringing a guest", () => {
  it("takes a place under the guest's name, once, shown as the member's guest", async () => {
    await setRules({ allowed: true, perMonth: 2, price: "" });
    const sessionId = await session({ capacity: 2 });
    const first = await bring(sessionId, "Gina Guest");
    expect(first.status, first.response.text).toBe(201);
    expect(first.body).toMatchObject({
      registration: {
        name: "Gina Guest",
        status: "registered",
        broughtBy: alice.id,
        guestOf: "Alice Abbott",
      },
      checkoutUrl: null,
    });
    // The same guest again (in any case) is the same place.
    const again = await bring(sessionId, "gina guest");
    expect(again.body.registration.id).toBe(first.body.registration.id);
    // The session fills; the next guest waits like anyone.
    await register(sessionId, ben);
    const waiting = await bring(sessionId, "Hal Guest");
    expect(waiting.body.registration).toMatchObject({ status: "waitlisted", waitlistPosition: 1 });
    const list = (await details(sessionId, ben)).body.registrations;
    expect(list.map((r) => [r.name, r.guestOf])).toEqual([
      ["Gina Guest", "Alice Abbott"],
      ["Ben Brooks", null],
      ["Hal Guest", "Alice Abbott"],
    ]);

    // Another member cannot give Alice's guest's place back; Alice can, and the waitlist moves up.
    const place = first.body.registration.id;
    expect((await giveBack(sessionId, place, ben)).status).toBe(404);
    expect((await giveBack(sessionId, place, alice)).status).toBe(200);
    const after = (await details(sessionId)).body.registrations;
    expect(after.map((r) => [r.name, r.status])).toEqual([
      ["Ben Brooks", "registered"],
      ["Hal Guest", "registered"],
    ]);
  });

  it("stops at the club's number a month, counted by the sessions' month in the club's time", async () => {
    await setRules({ allowed: true, perMonth: 2, price: "" });
    const sessions3 = await makeSessions(t, orgId, organizer, {
      startsAt: "2026-12-15T23:00:00Z",
      endsAt: "2026-12-16T01:00:00Z",
      repeatWeeks: 3,
    });
    const [a, b, c] = sessions3.map((s) => s.id);
    expect((await bring(a!, "One", cara)).status).toBe(201);
    expect((await bring(b!, "Two", cara)).status).toBe(201);
    const third = await bring(b!, "Three", cara);
    expect(third.status).toBe(409);
    expect(third.error).toMatchObject({
      code: "GUEST_LIMIT",
      message:
        "You have brought 2 guests to December's sessions, the club's limit for a month: give a place back, or bring them another month.",
    });
    // December 29 at 6 PM in New York is still December; the week after is January's.
    expect((await bring(c!, "Three", cara)).status).toBe(409);
    const january = await session({ startsAt: "2027-01-05T23:00:00Z", endsAt: "2027-01-06T01:00:00Z" });
    expect((await bring(january, "Three", cara)).status).toBe(201);
    // Nothing half-done: the refused guests are nowhere.
    const rows = await t.db
      .select({ name: sessionRegistrations.guestName })
      .from(sessionRegistrations)
      .where(eq(sessionRegistrations.broughtBy, cara.id));
    expect(rows.map((r) => r.name).sort()).toEqual(["One", "Three", "Two"]);
  });

  it("holds the limit when a member brings guests to several sessions at once", async () => {
    const racer = await makeUser(t, "racer@guests.example", "Rae Racer");
    await t.db.insert(organizationMembers).values({ organizationId: orgId, userId: racer.id });
    const ids = (
      await makeSessions(t, orgId, organizer, {
        startsAt: "2026-12-02T23:00:00Z",
        endsAt: "2026-12-03T01:00:00Z",
        repeatWeeks: 4,
      })
    ).map((s) => s.id);
    const answers = await Promise.all(
      ids.flatMap((id, i) => [bring(id, `Guest ${i}a`, racer), bring(id, `Guest ${i}b`, racer)]),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(2);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(6);
  });

  it("waits for registration to open for everyone, and for the draw", async () => {
    await setRules({ allowed: true, perMonth: 5, price: "" });
    const windowed = await session({
      registrationOpensAt: "2026-12-05T14:00:00Z",
      earlyOpensAt: "2026-12-04T14:00:00Z",
    });
    clock = new Date("2026-12-04T15:00:00Z");
    // Alice is in good standing: she may register early, her guest may not.
    expect((await register(windowed, alice)).status).toBe(201);
    const early = await bring(windowed, "Early Guest");
    expect(early.status).toBe(409);
    expect(early.error).toMatchObject({
      code: "REGISTRATION_NOT_OPEN",
      message: "Guests can be brought once registration opens, Saturday, December 5 at 9:00 AM.",
    });
    const lottery = await session({ lotteryDrawAt: "2026-12-06T14:00:00Z" });
    const entered = await bring(lottery, "Lucky Guest");
    expect(entered.status).toBe(409);
    expect(entered.error?.code).toBe("DRAW_PENDING");
    clock = new Date("2026-12-06T14:00:30Z");
    expect((await bring(lottery, "Lucky Guest")).body.registration.status).toBe("registered");
    clock = new Date("2026-12-01T12:00:00Z");
  });

  it("in a paid session holds the place until the member pays the guest price", async () => {
    await setRules({ allowed: true, perMonth: 5, price: "12.50" });
    const sessionId = await session({ paymentRequired: true, paymentAmount: "20", capacity: 4 });
    const held = await bring(sessionId, "Paige Payer", ben);
    expect(held.status, held.response.text).toBe(201);
    expect(held.body.registration.status).toBe("pending_payment");
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.registrationId, held.body.registration.id));
    expect(payment!.amount).toBe(1250);
    const checkout = new URL(held.body.checkoutUrl!).pathname;
    // The checkout is the member's: anyone else finds nothing.
    expect((await page(alice, "GET", checkout)).statusCode).toBe(404);
    const checkoutPage = await page(ben, "GET", checkout);
    expect(checkoutPage.body).toContain("$12.50");
    const paid = await page(ben, "POST", `${checkout}/confirm`);
    expect(paid.statusCode).toBe(303);
    const listed = (await details(sessionId, ben)).body.registrations;
    expect(listed).toEqual([expect.objectContaining({ name: "Paige Payer", status: "registered" })]);
    // Given back before the cut-off: refunded to the member.
    const back = await giveBack(sessionId, held.body.registration.id, ben);
    expect(back.status).toBe(200);
    expect(back.body.refund).toMatchObject({ refunded: true, amount: 1250 });
    await t.smtp.waitForMail(ben.email, /refund/i);
  });

  it("tells the member when their waiting guest gets a place", async () => {
    await setRules({ allowed: true, perMonth: 5, price: "" });
    const sessionId = await session({ capacity: 1, name: "Tiny Night" });
    const own = await register(sessionId, cara);
    expect((await bring(sessionId, "Wade Waiter", alice)).body.registration.status).toBe("waitlisted");
    await giveBack(sessionId, own.body.registration.id, cara);
    const mail = await t.smtp.waitForMail(alice.email, /^Wade Waiter is in: Tiny Night$/);
    expect(mail.text).toContain("it's your guest Wade Waiter's");
  });

  it("is checked in at the door like anyone, and refused for another club's session", async () => {
    await setRules({ allowed: true, perMonth: 5, price: "" });
    const sessionId = await session({ startsAt: "2026-12-01T11:30:00Z", endsAt: "2026-12-01T13:30:00Z" });
    const guest = (await bring(sessionId, "Door Guest", ben)).body.registration;
    // Typed again as a walk-in, the guest would take a second place: the door is sent to the list.
    const twice = await t.call(
      sessionsEndpoints.bulkCheckIn,
      { params: { orgId, sessionId }, body: { guestNames: ["door guest"] } },
      { cookie: organizer.cookie },
    );
    expect(twice.status).toBe(409);
    expect(twice.error?.issues).toEqual([
      {
        path: ["body", "guestNames", "0"],
        message: "door guest is Ben Brooks's guest: check them in on the list",
      },
    ]);
    const checkIn = await t.call(
      sessionsEndpoints.checkIn,
      { params: { orgId, sessionId, registrationId: guest.id } },
      { cookie: organizer.cookie },
    );
    expect(checkIn.status, checkIn.response.text).toBe(204);
    expect((await details(sessionId)).body.registrations[0]).toMatchObject({
      name: "Door Guest",
      checkedIn: true,
    });
    const rival = await t.call(
      sessionsEndpoints.bringGuest,
      { params: { orgId: otherOrgId, sessionId }, body: { name: "Sneaky" } },
      { cookie: ben.cookie },
    );
    expect(rival.status).toBe(404);
  });
});

describe("a guest who does not come", () => {
  it("is released like anyone, striking nobody, and the member who brought them is told", async () => {
    await setRules({ allowed: true, perMonth: 20, price: "" });
    const sessionId = await session({
      startsAt: "2026-12-01T11:00:00Z",
      endsAt: "2026-12-01T13:00:00Z",
      name: "Noon Play",
    });
    await bring(sessionId, "Late Larry", cara);
    const released = await t.call(
      sessionsEndpoints.releaseNoShows,
      { params: { orgId, sessionId } },
      { cookie: organizer.cookie },
    );
    expect(released.body).toEqual({ released: 1, promoted: 0 });
    const mail = await t.smtp.waitForMail(cara.email, /^Late Larry's place was released: Noon Play$/);
    expect(mail.text).toContain("your guest Late Larry wasn't checked in");
    const strikes = (
      await t.call(sessionsEndpoints.attendance, { params: { orgId } }, { cookie: owner.cookie })
    ).body.members;
    expect(strikes.map((m) => m.name)).not.toContain("Cara Cole");
  });
});

describe("a guest who joins", () => {
  it("keeps their nights: the nights played under their address become theirs, a night to come stays the member's", async () => {
    await setRules({ allowed: true, perMonth: 20, price: "" });
    const first = await session({ startsAt: "2026-12-03T23:00:00Z", endsAt: "2026-12-04T01:00:00Z" });
    const second = await session({ startsAt: "2026-12-04T23:00:00Z", endsAt: "2026-12-05T01:00:00Z" });
    const later = await session({ startsAt: "2026-12-20T23:00:00Z", endsAt: "2026-12-21T01:00:00Z" });
    const brought = await bring(first, "Nora New", alice, "Nora.New@Guests.Example");
    expect(brought.status, brought.response.text).toBe(201);
    // Two members brought her to the second night, under the same address: one place is hers.
    await bring(second, "Nora", ben, "nora.new@guests.example");
    await bring(second, "Nora N.", alice, "nora.new@guests.example");
    // Another person's guest of the same name, without the address, stays a guest.
    await bring(second, "Nora New", cara);
    const toCome = (await bring(later, "Nora", alice, "nora.new@guests.example")).body.registration;
    await t.db.execute(sql`update sessions set status = 'completed' where id in (${first}, ${second})`);

    const nora = await makeUser(t, "nora.new@guests.example", "Nora Newcomer");
    await t.db.insert(organizationMembers).values({ organizationId: orgId, userId: nora.id });
    const mine = await t.db
      .select({ sessionId: sessionRegistrations.sessionId, broughtBy: sessionRegistrations.broughtBy })
      .from(sessionRegistrations)
      .where(eq(sessionRegistrations.userId, nora.id));
    expect(mine.map((r) => r.sessionId).sort()).toEqual([first, second].sort());
    const hers = (await details(first, nora)).body;
    expect(hers.mine).toMatchObject({ name: "Nora Newcomer", guestOf: null, broughtBy: alice.id });
    // Her night is hers now: Alice cannot give it back for her.
    expect((await giveBack(first, hers.mine!.id, alice)).status).toBe(404);
    // The night to come is still Alice's guest's place, Alice's to pay for or give back.
    const upcoming = (await details(later, alice)).body.registrations;
    expect(upcoming).toEqual([
      expect.objectContaining({ id: toCome.id, userId: null, guestOf: "Alice Abbott" }),
    ]);
    const stillGuests = await t.db
      .select({ name: sessionRegistrations.guestName })
      .from(sessionRegistrations)
      .where(and(eq(sessionRegistrations.sessionId, second), isNull(sessionRegistrations.userId)));
    expect(stillGuests.map((r) => r.name).sort()).toEqual(["Nora N.", "Nora New"]);
  });
});

describe("guest rules changing under a guest", () => {
  it("leaves guests already brought in reach when guests are turned off, and a called-off session counts for nothing", async () => {
    await setRules({ allowed: true, perMonth: 1, price: "" });
    const cancelled = await session({ startsAt: "2027-02-02T23:00:00Z", endsAt: "2027-02-03T01:00:00Z" });
    expect((await bring(cancelled, "Olly Once", ben)).status).toBe(201);
    expect(
      (
        await t.call(
          sessionsEndpoints.cancel,
          { params: { orgId, sessionId: cancelled } },
          { cookie: organizer.cookie },
        )
      ).status,
    ).toBe(204);
    const other = await session({ startsAt: "2027-02-09T23:00:00Z", endsAt: "2027-02-10T01:00:00Z" });
    const again = await bring(other, "Olly Once", ben);
    expect(again.status, again.response.text).toBe(201);

    await setRules({ allowed: false, perMonth: 1, price: "" });
    // Asking for the same guest again answers their place (to pay for them, say), not a refusal.
    const listed = await bring(other, "olly once", ben);
    expect(listed.status).toBe(201);
    expect(listed.body.registration.id).toBe(again.body.registration.id);
    expect((await bring(other, "Someone New", ben)).error?.code).toBe("GUESTS_NOT_ALLOWED");
  });
});
