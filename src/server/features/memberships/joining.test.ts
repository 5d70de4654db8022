// A visitor joins a club by buying one of its visible plans from the club's page (issue 61):
// in the sandbox they are a member at once, with the role every new member has, and a request
// to join they left waiting is answered by it. What is not for sale admits nobody. By card, the
// first payment's webhook admits them (card-dues.test.ts).
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicClubEndpoints } from "../../../shared/contracts/clubs-endpoints.js";
import { membershipsEndpoints as endpoints } from "../../../shared/contracts/memberships-endpoints.js";
import { users } from "../../db/schema/auth.js";
import { organizationJoinRequests, organizationMembers, userRoles } from "../../db/schema/members.js";
import { makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { connectSandboxPayouts } from "../../test/payouts.js";
import { adultPlan } from "../../test/plans.js";

let t: TestApp;
let owner: TestUser;
let member: TestUser;
let orgId: string;
let slug: string;
let visiblePlanId: string;
let hiddenPlanId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUser(t, "owner@joining.example", "Olive Owner");
  member = await makeUser(t, "member@joining.example", "Mel Member");
  ({ id: orgId, slug } = await makeClub(t, owner, [[member, "member"]]));
  await connectSandboxPayouts(t, orgId, owner.cookie);
  const create = async (body: typeof adultPlan) =>
    (await t.call(endpoints.createPlan, { params: { orgId }, body }, { cookie: owner.cookie })).body.id;
  visiblePlanId = await create(adultPlan);
  hiddenPlanId = await create({ ...adultPlan, name: "Founders", code: "FOUND", visible: false });
});
afterAll(async () => {
  await t?.close();
});

const join = (who: TestUser | null, planId: string, clubSlug = slug) =>
  t.call(endpoints.joinWithPlan, { params: { slug: clubSlug, planId } }, who ? { cookie: who.cookie } : {});
const membershipOf = (who: TestUser) => t.call(endpoints.mine, { params: { orgId } }, { cookie: who.cookie });
const roleOf = async (who: TestUser) => {
  const [row] = await t.db
    .select({ role: userRoles.role })
    .from(organizationMembers)
    .leftJoin(
      userRoles,
      and(
        eq(userRoles.organizationId, organizationMembers.organizationId),
        eq(userRoles.userId, organizationMembers.userId),
      ),
    )
    .where(and(eq(organizationMembers.organizationId, orgId), eq(organizationMembers.userId, who.id)));
  return row ? (row.role ?? "member") : null;
};

describe("joining with a plan from the club's page", () => {
  it("makes a visitor a member on the plan at once, and answers the request to join they left waiting", async () => {
    const vera = await makeUser(t, "vera@joining.example", "Vera Visitor");
    const asked = await t.call(
      publicClubEndpoints.requestToJoin,
      { params: { slug }, body: { message: "Hello!" } },
      { cookie: vera.cookie },
    );
    expect(asked.status).toBe(201);
    expect((await membershipOf(vera)).status).toBe(404);

    const joined = await join(vera, visiblePlanId);
    expect(joined.status).toBe(200);
    expect(joined.body).toEqual({ organizationId: orgId, member: true, checkoutUrl: null });
    expect(await roleOf(vera)).toBe("member");
    const page = (await membershipOf(vera)).body;
    expect(page.membership).toMatchObject({ status: "active", plan: { id: visiblePlanId } });
    // The request is answered by the joining: the admins are not asked about her any more.
    const [request] = await t.db
      .select({ status: organizationJoinRequests.status })
      .from(organizationJoinRequests)
      .where(eq(organizationJoinRequests.userId, vera.id));
    expect(request?.status).toBe("approved");
    const seen = await t.call(publicClubEndpoints.page, { params: { slug } }, { cookie: vera.cookie });
    expect(seen.body.viewer).toBe("member");
    // Joining again is buying the plan she is on.
    expect((await join(vera, visiblePlanId)).error?.code).toBe("ALREADY_ON_PLAN");
  });

  it("lets a member buy from the club's page as from their Membership page", async () => {
    const joined = await join(member, visiblePlanId);
    expect(joined.body).toEqual({ organizationId: orgId, member: true, checkoutUrl: null });
    expect((await membershipOf(member)).body.membership?.status).toBe("active");
  });

  it("admits nobody with a plan that is not for sale, at a club that is not there, or signed out", async () => {
    const wes = await makeUser(t, "wes@joining.example", "Wes Walker");
    const hidden = await join(wes, hiddenPlanId);
    expect(hidden.error?.code).toBe("PLAN_NOT_OFFERED");
    const otherClubs = await join(wes, visiblePlanId, "no-such-club");
    expect(otherClubs.status).toBe(404);
    expect((await join(null, visiblePlanId)).status).toBe(401);
    // Another club's plan, named at this club's address, is not this club's to sell.
    const rival = await makeUser(t, "rival@joining.example", "Rita Rival");
    const other = await makeClub(t, rival);
    await connectSandboxPayouts(t, other.id, rival.cookie);
    const rivalPlan = await t.call(
      endpoints.createPlan,
      { params: { orgId: other.id }, body: adultPlan },
      { cookie: rival.cookie },
    );
    expect((await join(wes, rivalPlan.body.id)).error?.code).toBe("PLAN_NOT_OFFERED");
    // Another site's page cannot make someone join (and pay) with their cookie.
    const forged = await t.app.inject({
      method: "POST",
      url: `/api/public/clubs/${slug}/plans/${visiblePlanId}/join`,
      headers: { cookie: wes.cookie, origin: "https://evil.example", "content-type": "text/plain" },
      payload: "",
    });
    expect(forged.statusCode).toBe(403);
    expect(await roleOf(wes)).toBeNull();
    expect((await membershipOf(wes)).status).toBe(404);
  });

  it("refuses a visitor when the club is full, and changes nothing", async () => {
    // The free plan's limit is 50 members: fill the club to it.
    const n = await t.db.$count(organizationMembers, eq(organizationMembers.organizationId, orgId));
    // Members who never sign in: their accounts only, written at once.
    const fillers = Array.from({ length: 50 - n }, (_, i) => ({
      id: `filler-${i}`,
      name: `Filler ${i}`,
      email: `filler${i}@joining.example`,
    }));
    await t.db.insert(users).values(fillers);
    await t.db
      .insert(organizationMembers)
      .values(fillers.map(({ id }) => ({ organizationId: orgId, userId: id })));
    const late = await makeUser(t, "late@joining.example", "Lou Late");
    const refused = await join(late, visiblePlanId);
    expect(refused.error?.code).toBe("PLAN_LIMIT_REACHED");
    expect(await roleOf(late)).toBeNull();
    expect((await membershipOf(late)).status).toBe(404);
  });
});
