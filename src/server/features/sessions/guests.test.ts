// Members' guests: the club's rules (allowed, per month, a guest price), a guest taking a place
// as anyone does (or the waitlist), paid for by the member, given back by them, checked in, and
// their nights following them when they join the club. Refusals are clear and leave nothing.
import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

const call = (who: TestUser, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  t.request({ method, url, cookie: who.cookie, ...(payload === undefined ? {} : { payload }) });
/** The club's access rules with these guest rules, the strike rule left as it was made. */
const setRules = (rules: { allowed: boolean; perMonth: number; price: string }, who = owner) =>
  call(who, "PUT", `/api/orgs/${orgId}/access-rules`, {
    guestsAllowed: rules.allowed,
    guestsPerMonth: rules.perMonth,
    guestPrice: rules.price,
    strikeLimit: 3,
    strikeDays: 60,
    refundNoShows: false,
  });
const bring = (sessionId: string, name: string, who = alice, email?: string) =>
  call(who, "POST", `/api/orgs/${orgId}/sessions/${sessionId}/guests`, { name, ...(email ? { email } : {}) });
const details = (sessionId: string, who = alice) =>
  call(who, "GET", `/api/orgs/${orgId}/sessions/${sessionId}`);
const session = async (body: Record<string, unknown> = {}) =>
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
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: "GUESTS_NOT_ALLOWED",
      message: "This club does not take members' guests.",
    });
    expect((await details(sessionId)).json().registrations).toEqual([]);

    expect((await setRules({ allowed: true, perMonth: 2, price: "" }, organizer)).statusCode).toBe(403);
    const bad = await call(owner, "PUT", `/api/orgs/${orgId}/access-rules`, {
      guestsAllowed: true,
      guestsPerMonth: 0,
      guestPrice: "0",
      strikeLimit: 0,
      strikeDays: 400,
      refundNoShows: false,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues.map((i: { message: string }) => i.message)).toEqual([
      "Guests per month must be a whole number from 1 to 20",
      "A guest price is more than $0: leave it empty for the session's price",
      "Strikes must be a whole number from 1 to 10",
      "Days must be a whole number from 7 to 365",
    ]);
    const set = await setRules({ allowed: true, perMonth: 2, price: "12.50" });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({
      guests: { allowed: true, perMonth: 2, price: 1250 },
      strikes: { limit: 3, days: 60 },
      refundNoShows: false,
    });
    expect((await call(cara, "GET", `/api/orgs/${orgId}/access-rules`)).json()).toEqual(set.json());
    expect((await details(sessionId)).json().guestRules).toEqual(set.json().guests);
    // Another club's rules are not this member's to read.
    expect((await call(alice, "GET", `/api/orgs/${otherOrgId}/access-rules`)).statusCode).toBe(404);
  });
});

describe("bringing a guest", () => {
  it("takes a place under the guest's name, once, shown as the member's guest", async () => {
    await setRules({ allowed: true, perMonth: 2, price: "" });
    const sessionId = await session({ capacity: 2 });
    const first = await bring(sessionId, "Gina Guest");
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
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
    expect(again.json().registration.id).toBe(first.json().registration.id);
    // The session fills; the next guest waits like anyone.
    await call(ben, "POST", `/api/orgs/${orgId}/sessions/${sessionId}/registrations`);
    const waiting = await bring(sessionId, "Hal Guest");
    expect(waiting.json().registration).toMatchObject({ status: "waitlisted", waitlistPosition: 1 });
    const list = (await details(sessionId, ben)).json().registrations;
    expect(list.map((r: { name: string; guestOf: string | null }) => [r.name, r.guestOf])).toEqual([
      ["Gina Guest", "Alice Abbott"],
      ["Ben Brooks", null],
      ["Hal Guest", "Alice Abbott"],
    ]);

    // Another member cannot give Alice's guest's place back; Alice can, and the waitlist moves up.
    const place = `/api/orgs/${orgId}/sessions/${sessionId}/registrations/${first.json().registration.id}`;
    expect((await call(ben, "DELETE", place)).statusCode).toBe(404);
    expect((await call(alice, "DELETE", place)).statusCode).toBe(200);
    const after = (await details(sessionId)).json().registrations;
    expect(after.map((r: { name: string; status: string }) => [r.name, r.status])).toEqual([
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
    expect((await bring(a!, "One", cara)).statusCode).toBe(201);
    expect((await bring(b!, "Two", cara)).statusCode).toBe(201);
    const third = await bring(b!, "Three", cara);
    expect(third.statusCode).toBe(409);
    expect(third.json().error).toMatchObject({
      code: "GUEST_LIMIT",
      message:
        "You have brought 2 guests to December's sessions, the club's limit for a month: give a place back, or bring them another month.",
    });
    // December 29 at 6 PM in New York is still December; the week after is January's.
    expect((await bring(c!, "Three", cara)).statusCode).toBe(409);
    const january = await session({ startsAt: "2027-01-05T23:00:00Z", endsAt: "2027-01-06T01:00:00Z" });
    expect((await bring(january, "Three", cara)).statusCode).toBe(201);
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
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(6);
  });

  it("waits for registration to open for everyone, and for the draw", async () => {
    await setRules({ allowed: true, perMonth: 5, price: "" });
    const windowed = await session({
      registrationOpensAt: "2026-12-05T14:00:00Z",
      earlyOpensAt: "2026-12-04T14:00:00Z",
    });
    clock = new Date("2026-12-04T15:00:00Z");
    // Alice is in good standing: she may register early, her guest may not.
    expect(
      (await call(alice, "POST", `/api/orgs/${orgId}/sessions/${windowed}/registrations`)).statusCode,
    ).toBe(201);
    const early = await bring(windowed, "Early Guest");
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatchObject({
      code: "REGISTRATION_NOT_OPEN",
      message: "Guests can be brought once registration opens, Saturday, December 5 at 9:00 AM.",
    });
    const lottery = await session({ lotteryDrawAt: "2026-12-06T14:00:00Z" });
    const entered = await bring(lottery, "Lucky Guest");
    expect(entered.statusCode).toBe(409);
    expect(entered.json().error.code).toBe("DRAW_PENDING");
    clock = new Date("2026-12-06T14:00:30Z");
    expect((await bring(lottery, "Lucky Guest")).json().registration.status).toBe("registered");
    clock = new Date("2026-12-01T12:00:00Z");
  });

  it("in a paid session holds the place until the member pays the guest price", async () => {
    await setRules({ allowed: true, perMonth: 5, price: "12.50" });
    const sessionId = await session({ paymentRequired: true, paymentAmount: "20", capacity: 4 });
    const held = await bring(sessionId, "Paige Payer", ben);
    expect(held.statusCode, held.body).toBe(201);
    expect(held.json().registration.status).toBe("pending_payment");
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.registrationId, held.json().registration.id));
    expect(payment!.amount).toBe(1250);
    const checkout = new URL(held.json().checkoutUrl).pathname;
    // The checkout is the member's: anyone else finds nothing.
    expect((await call(alice, "GET", checkout)).statusCode).toBe(404);
    const page = await call(ben, "GET", checkout);
    expect(page.body).toContain("$12.50");
    const paid = await call(ben, "POST", `${checkout}/confirm`);
    expect(paid.statusCode).toBe(303);
    const listed = (await details(sessionId, ben)).json().registrations;
    expect(listed).toEqual([expect.objectContaining({ name: "Paige Payer", status: "registered" })]);
    // Given back before the cut-off: refunded to the member.
    const back = await call(
      ben,
      "DELETE",
      `/api/orgs/${orgId}/sessions/${sessionId}/registrations/${held.json().registration.id}`,
    );
    expect(back.statusCode).toBe(200);
    expect(back.json().refund).toMatchObject({ refunded: true, amount: 1250 });
    await t.smtp.waitForMail(ben.email, /refund/i);
  });

  it("tells the member when their waiting guest gets a place", async () => {
    await setRules({ allowed: true, perMonth: 5, price: "" });
    const sessionId = await session({ capacity: 1, name: "Tiny Night" });
    const own = await call(cara, "POST", `/api/orgs/${orgId}/sessions/${sessionId}/registrations`);
    expect((await bring(sessionId, "Wade Waiter", alice)).json().registration.status).toBe("waitlisted");
    await call(
      cara,
      "DELETE",
      `/api/orgs/${orgId}/sessions/${sessionId}/registrations/${own.json().registration.id}`,
    );
    const mail = await t.smtp.waitForMail(alice.email, /^Wade Waiter is in: Tiny Night$/);
    expect(mail.text).toContain("it's your guest Wade Waiter's");
  });

  it("is checked in at the door like anyone, and refused for another club's session", async () => {
    await setRules({ allowed: true, perMonth: 5, price: "" });
    const sessionId = await session({ startsAt: "2026-12-01T11:30:00Z", endsAt: "2026-12-01T13:30:00Z" });
    const guest = (await bring(sessionId, "Door Guest", ben)).json().registration;
    // Typed again as a walk-in, the guest would take a second place: the door is sent to the list.
    const twice = await call(organizer, "POST", `/api/orgs/${orgId}/sessions/${sessionId}/check-ins/bulk`, {
      guestNames: ["door guest"],
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.issues).toEqual([
      {
        path: ["body", "guestNames", "0"],
        message: "door guest is Ben Brooks's guest: check them in on the list",
      },
    ]);
    const checkIn = await call(
      organizer,
      "POST",
      `/api/orgs/${orgId}/sessions/${sessionId}/registrations/${guest.id}/check-in`,
    );
    expect(checkIn.statusCode, checkIn.body).toBe(204);
    expect((await details(sessionId)).json().registrations[0]).toMatchObject({
      name: "Door Guest",
      checkedIn: true,
    });
    const rival = await call(ben, "POST", `/api/orgs/${otherOrgId}/sessions/${sessionId}/guests`, {
      name: "Sneaky",
    });
    expect(rival.statusCode).toBe(404);
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
    const released = await call(
      organizer,
      "POST",
      `/api/orgs/${orgId}/sessions/${sessionId}/no-shows/release`,
    );
    expect(released.json()).toEqual({ released: 1, promoted: 0 });
    const mail = await t.smtp.waitForMail(cara.email, /^Late Larry's place was released: Noon Play$/);
    expect(mail.text).toContain("your guest Late Larry wasn't checked in");
    const strikes = (await call(owner, "GET", `/api/orgs/${orgId}/attendance`)).json().members;
    expect(strikes.map((m: { name: string }) => m.name)).not.toContain("Cara Cole");
  });
});

describe("a guest who joins", () => {
  it("keeps their nights: the nights played under their address become theirs, a night to come stays the member's", async () => {
    await setRules({ allowed: true, perMonth: 20, price: "" });
    const first = await session({ startsAt: "2026-12-03T23:00:00Z", endsAt: "2026-12-04T01:00:00Z" });
    const second = await session({ startsAt: "2026-12-04T23:00:00Z", endsAt: "2026-12-05T01:00:00Z" });
    const later = await session({ startsAt: "2026-12-20T23:00:00Z", endsAt: "2026-12-21T01:00:00Z" });
    const brought = await bring(first, "Nora New", alice, "Nora.New@Guests.Example");
    expect(brought.statusCode, brought.body).toBe(201);
    // Two members brought her to the second night, under the same address: one place is hers.
    await bring(second, "Nora", ben, "nora.new@guests.example");
    await bring(second, "Nora N.", alice, "nora.new@guests.example");
    // Another person's guest of the same name, without the address, stays a guest.
    await bring(second, "Nora New", cara);
    const toCome = (await bring(later, "Nora", alice, "nora.new@guests.example")).json().registration;
    await t.db.execute(sql`update sessions set status = 'completed' where id in (${first}, ${second})`);

    const nora = await makeUser(t, "nora.new@guests.example", "Nora Newcomer");
    await t.db.insert(organizationMembers).values({ organizationId: orgId, userId: nora.id });
    const mine = await t.db
      .select({ sessionId: sessionRegistrations.sessionId, broughtBy: sessionRegistrations.broughtBy })
      .from(sessionRegistrations)
      .where(eq(sessionRegistrations.userId, nora.id));
    expect(mine.map((r) => r.sessionId).sort()).toEqual([first, second].sort());
    const page = (await details(first, nora)).json();
    expect(page.mine).toMatchObject({ name: "Nora Newcomer", guestOf: null, broughtBy: alice.id });
    // Her night is hers now: Alice cannot give it back for her.
    const claimed = `/api/orgs/${orgId}/sessions/${first}/registrations/${page.mine.id}`;
    expect((await call(alice, "DELETE", claimed)).statusCode).toBe(404);
    // The night to come is still Alice's guest's place, Alice's to pay for or give back.
    const upcoming = (await details(later, alice)).json().registrations;
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
    expect((await bring(cancelled, "Olly Once", ben)).statusCode).toBe(201);
    expect(
      (await call(organizer, "POST", `/api/orgs/${orgId}/sessions/${cancelled}/cancel`)).statusCode,
    ).toBe(204);
    const other = await session({ startsAt: "2027-02-09T23:00:00Z", endsAt: "2027-02-10T01:00:00Z" });
    const again = await bring(other, "Olly Once", ben);
    expect(again.statusCode, again.body).toBe(201);

    await setRules({ allowed: false, perMonth: 1, price: "" });
    // Asking for the same guest again answers their place (to pay for them, say), not a refusal.
    const listed = await bring(other, "olly once", ben);
    expect(listed.statusCode).toBe(201);
    expect(listed.json().registration.id).toBe(again.json().registration.id);
    expect((await bring(other, "Someone New", ben)).json().error.code).toBe("GUESTS_NOT_ALLOWED");
  });
});
