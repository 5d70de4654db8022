// Households (decision 039): the payer of a household plan adds a child (no sign-in) and
// invites an adult of the club, up to the plan's size; each has the plan's member price and is a
// player of their own, registered, paid for and given up by the payer; bad input changes nothing.
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authEndpoints } from "../../../shared/contracts/auth-endpoints.js";
import { membersEndpoints } from "../../../shared/contracts/members-endpoints.js";
import { membershipsEndpoints as endpoints } from "../../../shared/contracts/memberships-endpoints.js";
import { sessionsEndpoints } from "../../../shared/contracts/sessions-endpoints.js";
import { householdMembers } from "../../db/schema/memberships.js";
import { payments } from "../../db/schema/sessions.js";
import { makeClub, makeSessions, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { connectSandboxPayouts } from "../../test/payouts.js";
import { adultPlan } from "../../test/plans.js";

let t: TestApp;
let owner: TestUser;
let pat: TestUser;
let sam: TestUser;
let outsider: TestUser;
let orgId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUser(t, "owner@households.example", "Olive Owner");
  pat = await makeUser(t, "pat@households.example", "Pat Parent");
  sam = await makeUser(t, "sam@households.example", "Sam Spouse");
  outsider = await makeUser(t, "outsider@households.example", "Otto Outsider");
  orgId = (
    await makeClub(t, owner, [
      [pat, "member"],
      [sam, "member"],
    ])
  ).id;
  await connectSandboxPayouts(t, orgId, owner.cookie);
  // A family plan for three, a quarter off sessions; Pat pays for it.
  const family = await t.call(
    endpoints.createPlan,
    {
      params: { orgId },
      body: {
        ...adultPlan,
        name: "Family",
        code: "FAM",
        kind: "household",
        householdSize: "3",
        discountValue: "25",
      },
    },
    { cookie: owner.cookie },
  );
  const bought = await t.call(
    endpoints.buy,
    { params: { orgId }, body: { planId: family.body.id } },
    { cookie: pat.cookie },
  );
  expect(bought.body.membership?.status).toBe("active");
});
afterAll(async () => {
  await t?.close();
});

/** The payer registers one of the household (as several, through the same request): the answer as one place's. */
const registerOne = async (sessionId: string, userId: string, who = pat) => {
  const answer = await t.call(
    endpoints.registerHouseholdTogether,
    { params: { orgId, sessionId }, body: { userIds: [userId] } },
    { cookie: who.cookie },
  );
  const { registrations, checkoutUrl } = answer.body ?? { registrations: [], checkoutUrl: null };
  return { ...answer, body: { registration: registrations[0]!, checkoutUrl } };
};
const household = (who: TestUser) =>
  t.call(endpoints.household, { params: { orgId } }, { cookie: who.cookie });

describe("a household", () => {
  it("takes a child with a name and a birth year, never an address, and the child cannot sign in", async () => {
    const withEmail = await t.call(
      endpoints.addChild,
      { params: { orgId }, body: { name: "Tommy Parent", birthYear: 2016, email: "tommy@example.com" } },
      { cookie: pat.cookie },
    );
    expect(withEmail.status).toBe(400);
    expect(withEmail.error?.issues).toEqual([
      expect.objectContaining({
        message: "A child has no sign-in of their own: leave the address out, or add them as an adult",
      }),
    ]);
    const tooOld = await t.call(
      endpoints.addChild,
      { params: { orgId }, body: { name: "Tommy Parent", birthYear: 1990 } },
      { cookie: pat.cookie },
    );
    expect(tooOld.error?.issues).toEqual([
      expect.objectContaining({ message: "A child's birth year is in the last 18 years" }),
    ]);
    expect(await t.db.select().from(householdMembers)).toEqual([]);

    const added = await t.call(
      endpoints.addChild,
      { params: { orgId }, body: { name: "Tommy Parent", birthYear: 2016 } },
      { cookie: pat.cookie },
    );
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ limit: 3, payer: true, invitedBy: null });
    expect(added.body.people.map((p) => [p.name, p.role, p.birthYear, p.accepted])).toEqual([
      ["Pat Parent", "payer", null, true],
      ["Tommy Parent", "child", 2016, true],
    ]);
    // Tommy is a member of the club, a player like anyone.
    const members = await t.call(
      membersEndpoints.members,
      { params: { orgId }, query: {} },
      { cookie: owner.cookie },
    );
    const tommy = members.body.members.find((m) => m.name === "Tommy Parent")!;
    expect(tommy.role).toBe("member");
    // And his account signs nobody in, whatever password is tried.
    const signIn = await t.call(authEndpoints.signIn, {
      body: { email: tommy.email!, password: "anything-at-all" },
    });
    expect(signIn.status).toBe(401);
  });

  it("invites an adult of the club, who is in once they accept; not a stranger, not past its size", async () => {
    const stranger = await t.call(
      endpoints.addAdult,
      { params: { orgId }, body: { email: "outsider@households.example" } },
      { cookie: pat.cookie },
    );
    expect(stranger.error).toMatchObject({
      code: "HOUSEHOLD_REFUSED",
      message: "That address is not a member of the club: invite them to the club first.",
    });
    const invited = await t.call(
      endpoints.addAdult,
      { params: { orgId }, body: { email: "sam@households.example" } },
      { cookie: pat.cookie },
    );
    expect(invited.status).toBe(201);
    const told = await t.smtp.waitForMail(
      "sam@households.example",
      /^Pat Parent invited you into their household at /,
    );
    expect(told.text).toContain("they pay for your places");
    expect((await household(sam)).body).toMatchObject({ payer: false, invitedBy: "Pat Parent" });
    const accepted = await t.call(endpoints.acceptHousehold, { params: { orgId } }, { cookie: sam.cookie });
    expect(accepted.body.invitedBy).toBeNull();
    expect(accepted.body.people.find((p) => p.name === "Sam Spouse")?.accepted).toBe(true);

    // Three people: the plan's size. A fourth is refused and nothing is made.
    const full = await t.call(
      endpoints.addChild,
      { params: { orgId }, body: { name: "Tina Parent", birthYear: 2019 } },
      { cookie: pat.cookie },
    );
    expect(full.error).toMatchObject({
      code: "HOUSEHOLD_REFUSED",
      message: "Your plan covers 3 people, you among them: the household is full.",
    });
    expect(await t.db.select().from(householdMembers)).toHaveLength(2);
    // Only a household plan's payer adds anyone.
    const notPayer = await t.call(
      endpoints.addChild,
      { params: { orgId }, body: { name: "Sam Junior", birthYear: 2020 } },
      { cookie: sam.cookie },
    );
    expect(notPayer.error).toMatchObject({
      code: "HOUSEHOLD_REFUSED",
      message: "Only a household plan's payer adds people to it.",
    });
  });

  it("registers its people at the member price, paid by the payer, and gives a place up", async () => {
    const [session] = await makeSessions(t, orgId, owner, {
      name: "Family Night",
      startsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      endsAt: new Date(Date.now() + 3 * 86_400_000 + 7_200_000).toISOString(),
      paymentRequired: true,
      paymentAmount: "12.00",
    });
    const people = (await household(pat)).body.people;
    const tommy = people.find((p) => p.role === "child")!;
    const placed = await registerOne(session!.id, tommy.userId);
    expect(placed.status).toBe(201);
    // Tommy's own place, at the family plan's price (a quarter off $12), to be paid by Pat.
    expect(placed.body.registration).toMatchObject({
      userId: tommy.userId,
      name: "Tommy Parent",
      status: "pending_payment",
    });
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.registrationId, placed.body.registration.id));
    expect(payment!.amount).toBe(900);
    const checkout = await t.request({
      method: "GET",
      url: new URL(placed.body.checkoutUrl!).pathname,
      cookie: pat.cookie,
    });
    expect(checkout.statusCode).toBe(200);
    expect(checkout.body).toContain("$9.00");
    // At the door and on the roster Tommy is on the family's plan, as Pat is.
    const door = await t.call(
      sessionsEndpoints.details,
      { params: { orgId, sessionId: session!.id } },
      { cookie: owner.cookie },
    );
    expect(door.body.planCodes?.[tommy.userId]).toBe("FAM");
    const roster = await t.call(
      endpoints.roster,
      { params: { orgId }, query: { status: "active" } },
      { cookie: owner.cookie },
    );
    expect(roster.body.members.map((r) => [r.name, r.plan?.code]).sort()).toEqual([
      ["Pat Parent", "FAM"],
      ["Sam Spouse", "FAM"],
      ["Tommy Parent", "FAM"],
    ]);

    // Nobody registers someone outside their household; not even its adult, who does not pay.
    const notTheirs = await registerOne(session!.id, tommy.userId, sam);
    expect(notTheirs.status).toBe(404);
    const stranger = await registerOne(session!.id, owner.id);
    expect(stranger.status).toBe(404);

    // Pat gives Tommy's place up.
    const given = await t.call(
      sessionsEndpoints.cancelRegistration,
      { params: { orgId, sessionId: session!.id, registrationId: placed.body.registration.id } },
      { cookie: pat.cookie },
    );
    expect(given.status).toBe(200);
    const details = await t.call(
      sessionsEndpoints.details,
      { params: { orgId, sessionId: session!.id } },
      { cookie: pat.cookie },
    );
    expect(details.body.registrations.filter((r) => r.userId === tommy.userId)).toEqual([]);
  });

  it("registers several of the household at once and takes one payment for them; each place is refunded alone", async () => {
    const [session] = await makeSessions(t, orgId, owner, {
      name: "Family Clinic",
      startsAt: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      endsAt: new Date(Date.now() + 5 * 86_400_000 + 7_200_000).toISOString(),
      paymentRequired: true,
      paymentAmount: "12.00",
    });
    const sessionId = session!.id;
    const people = (await household(pat)).body.people;
    const tommy = people.find((p) => p.role === "child")!;
    const together = (userIds: string[], who = pat) =>
      t.call(
        endpoints.registerHouseholdTogether,
        { params: { orgId, sessionId }, body: { userIds } },
        { cookie: who.cookie },
      );
    const listed = async () =>
      (
        await t.call(sessionsEndpoints.details, { params: { orgId, sessionId } }, { cookie: owner.cookie })
      ).body.registrations.map((r) => [r.name, r.status]);

    // Someone outside the household among them: nobody is registered.
    expect((await together([tommy.userId, owner.id])).status).toBe(404);
    expect(await listed()).toEqual([]);

    // Pat, Sam and Tommy: three places held, one checkout for $27 (a quarter off each $12).
    const placed = await together([tommy.userId, sam.id, pat.id]);
    expect(placed.status).toBe(201);
    expect(placed.body.registrations.map((r) => [r.name, r.status])).toEqual([
      ["Pat Parent", "pending_payment"],
      ["Tommy Parent", "pending_payment"],
      ["Sam Spouse", "pending_payment"],
    ]);
    const checkout = new URL(placed.body.checkoutUrl!).pathname;
    const page = await t.request({ method: "GET", url: checkout, cookie: pat.cookie });
    expect(page.body).toContain("Tommy Parent: $9.00");
    expect(page.body).toContain("Sam Spouse: $9.00");
    expect(page.body).toContain("Pay $27.00");
    // Nobody else opens the payer's checkout.
    expect((await t.request({ method: "GET", url: checkout, cookie: owner.cookie })).statusCode).toBe(404);
    const paid = await t.request({ method: "POST", url: `${checkout}/confirm`, cookie: pat.cookie });
    expect(paid.headers.location).toBe(`/sessions/${sessionId}?payment=success`);
    expect((await listed()).sort()).toEqual([
      ["Pat Parent", "registered"],
      ["Sam Spouse", "registered"],
      ["Tommy Parent", "registered"],
    ]);

    // Sam gives up his place: his part alone is refunded, the rest stays paid.
    const sams = placed.body.registrations.find((r) => r.name === "Sam Spouse")!;
    await t.call(
      sessionsEndpoints.cancelRegistration,
      { params: { orgId, sessionId, registrationId: sams.id } },
      { cookie: sam.cookie },
    );
    const money = await t.db
      .select({ registrationId: payments.registrationId, status: payments.status, amount: payments.amount })
      .from(payments)
      .where(
        inArray(
          payments.registrationId,
          placed.body.registrations.map((r) => r.id),
        ),
      );
    expect(money.find((m) => m.registrationId === sams.id)).toMatchObject({ amount: 900 });
    expect(money.find((m) => m.registrationId === sams.id)?.status).toMatch(/^refund/);
    expect(money.filter((m) => m.status === "paid").map((m) => m.amount)).toEqual([900, 900]);
  });

  it("tells the payer, not the child, when a place opens for the child, at the member price", async () => {
    const [session] = await makeSessions(t, orgId, owner, {
      name: "Full Night",
      startsAt: new Date(Date.now() + 4 * 86_400_000).toISOString(),
      endsAt: new Date(Date.now() + 4 * 86_400_000 + 7_200_000).toISOString(),
      paymentRequired: true,
      paymentAmount: "12.00",
      capacity: 1,
    });
    const sessionId = session!.id;
    const taken = await t.call(
      sessionsEndpoints.register,
      { params: { orgId, sessionId } },
      { cookie: sam.cookie },
    );
    expect(taken.body.registration.status).toBe("pending_payment");
    const tommy = (await household(pat)).body.people.find((p) => p.role === "child")!;
    const waiting = await registerOne(sessionId, tommy.userId);
    expect(waiting.body.registration.status).toBe("waitlisted");
    await t.call(
      sessionsEndpoints.cancelRegistration,
      { params: { orgId, sessionId, registrationId: taken.body.registration.id } },
      { cookie: sam.cookie },
    );
    const told = await t.smtp.waitForMail("pat@households.example", /^Tommy Parent is in: Full Night$/);
    expect(told.text).toContain("Hi Pat Parent,");
    expect(told.text).toContain("and it's Tommy Parent's.");
    // A quarter off $12: the price the payer's checkout will ask.
    expect(told.text).toContain("Pay $9.00 within 12 hours to keep it.");
    // Nothing about it goes to the child's address, which nobody reads.
    expect(t.smtp.inbox.filter((m) => m.subject.includes("Full Night"))).toEqual([]);
  });

  it("lets an adult pay for their own place; a payer on a plan for one takes the household's price away", async () => {
    const [session] = await makeSessions(t, orgId, owner, {
      name: "Adults Night",
      startsAt: new Date(Date.now() + 4 * 86_400_000).toISOString(),
      endsAt: new Date(Date.now() + 4 * 86_400_000 + 7_200_000).toISOString(),
      paymentRequired: true,
      paymentAmount: "12.00",
    });
    const sams = await t.call(
      sessionsEndpoints.register,
      { params: { orgId, sessionId: session!.id } },
      { cookie: sam.cookie },
    );
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.registrationId, sams.body.registration.id));
    expect(payment!.amount).toBe(900);
    // His own checkout, at the family's price: he may pay it, and so may Pat.
    const checkoutPath = new URL(sams.body.checkoutUrl!).pathname;
    expect((await t.request({ method: "GET", url: checkoutPath, cookie: sam.cookie })).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: checkoutPath, cookie: pat.cookie })).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: checkoutPath, cookie: owner.cookie })).statusCode).toBe(
      404,
    );
    // The payer gives an adult's place up as well as a child's.
    const givenUp = await t.call(
      sessionsEndpoints.cancelRegistration,
      { params: { orgId, sessionId: session!.id, registrationId: sams.body.registration.id } },
      { cookie: pat.cookie },
    );
    expect(givenUp.status).toBe(200);

    // Pat moves to a plan for one: the household's people pay the full price again, and Pat
    // still sees them, to take them out.
    const solo = await t.call(
      endpoints.createPlan,
      { params: { orgId }, body: { ...adultPlan, name: "Solo", code: "SOLO", discountValue: "10" } },
      { cookie: owner.cookie },
    );
    await t.call(
      endpoints.buy,
      { params: { orgId }, body: { planId: solo.body.id } },
      { cookie: pat.cookie },
    );
    const tommy = (await household(pat)).body.people.find((p) => p.role === "child")!;
    const placed = await registerOne(session!.id, tommy.userId);
    const [full] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.registrationId, placed.body.registration.id));
    expect(full!.amount).toBe(1200);
  });

  it("lets an adult leave, and the payer take someone out", async () => {
    const sams = (await household(sam)).body.people.find((p) => p.name === "Sam Spouse")!;
    const left = await t.call(
      endpoints.removeFromHousehold,
      { params: { orgId, memberId: sams.id } },
      { cookie: sam.cookie },
    );
    expect(left.body).toMatchObject({ limit: null, people: [] });
    const tommy = (await household(pat)).body.people.find((p) => p.role === "child")!;
    // Nobody else takes Tommy out.
    expect(
      (
        await t.call(
          endpoints.removeFromHousehold,
          { params: { orgId, memberId: tommy.id } },
          { cookie: sam.cookie },
        )
      ).status,
    ).toBe(404);
    const out = await t.call(
      endpoints.removeFromHousehold,
      { params: { orgId, memberId: tommy.id } },
      { cookie: pat.cookie },
    );
    // On a plan for one now, with nobody left in it: Pat has no household any more.
    expect(out.body).toMatchObject({ people: [], payer: false, limit: null });
  });
});
