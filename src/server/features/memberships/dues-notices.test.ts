// What members hear about their dues (decision 039): a renewal coming (two weeks ahead for a
// year, three days for a month), a payment failed, a lapse; each once however often the sweep
// runs, each with its switch in Settings and a one-click unsubscribe, nobody's if they said no.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationEndpoints } from "../../../shared/contracts/account-endpoints.js";
import { membershipsEndpoints as endpoints } from "../../../shared/contracts/memberships-endpoints.js";
import { pushSubscriptions } from "../../db/schema/notifications.js";
import { makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { connectSandboxPayouts } from "../../test/payouts.js";
import { adultPlan } from "../../test/plans.js";
import { sendDuesNotices } from "./dues-notices.js";

let t: TestApp;
let clock = new Date("2026-12-01T12:00:00Z");
let owner: TestUser;
let mia: TestUser;
let quiet: TestUser;
let orgId: string;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  owner = await makeUser(t, "owner@notices.example", "Olive Owner");
  mia = await makeUser(t, "mia@notices.example", "Mia Member");
  quiet = await makeUser(t, "quiet@notices.example", "Quinn Quiet");
  orgId = (
    await makeClub(
      t,
      owner,
      [
        [mia, "member"],
        [quiet, "member"],
      ],
      { name: "Notice Club" },
    )
  ).id;
  await connectSandboxPayouts(t, orgId, owner.cookie);
  const monthly = await t.call(
    endpoints.createPlan,
    { params: { orgId }, body: adultPlan },
    { cookie: owner.cookie },
  );
  for (const who of [mia, quiet])
    await t.call(
      endpoints.buy,
      { params: { orgId }, body: { planId: monthly.body.id } },
      { cookie: who.cookie },
    );
  // Quinn turned dues emails off in Settings.
  const current = await t.call(notificationEndpoints.preferences, {}, { cookie: quiet.cookie });
  await t.call(
    notificationEndpoints.savePreferences,
    { body: { ...current.body, membership_dues: false } },
    { cookie: quiet.cookie },
  );
});
afterAll(async () => {
  await t?.close();
});

const renewal = (outcome: "paid" | "failed", who: TestUser) =>
  t.call(endpoints.sandboxRenewal, { params: { orgId }, body: { outcome } }, { cookie: who.cookie });

describe("dues notices", () => {
  it("tell a member of a renewal, a failed payment and a lapse, once each, and nobody who said no", async () => {
    // Nothing is due yet: the month renews on Jan 1.
    expect(await sendDuesNotices(t.deps)).toBe(0);

    // Three days before the month renews.
    clock = new Date(clock.getTime() + 28 * DAY);
    expect(await sendDuesNotices(t.deps)).toBe(1);
    expect(await sendDuesNotices(t.deps)).toBe(0);
    const coming = await t.smtp.waitForMail(
      "mia@notices.example",
      /^Your Adult membership renews on January 1, 2027$/,
    );
    expect(coming.text).toContain(
      "Your Adult membership at Notice Club renews on January 1, 2027 for $30.00.",
    );
    expect(coming.headers["list-unsubscribe"]).toMatch(/^<http:\/\/localhost:3000\/unsubscribe\/[\w-]+>$/);
    expect(coming.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");

    // The renewal fails: she is told until when she is still a member, on her phone too (Quinn,
    // who said no to dues notices, on neither).
    const phones = await t.db
      .insert(pushSubscriptions)
      .values(
        [mia, quiet].map((who) => ({
          userId: who.id,
          endpoint: `https://push.example/${who.id}`,
          p256dh: "k",
          auth: "a",
          label: "Phone",
        })),
      )
      .returning({ id: pushSubscriptions.id });
    clock = new Date(clock.getTime() + 3 * DAY);
    await renewal("failed", mia);
    await renewal("failed", quiet);
    expect(await sendDuesNotices(t.deps)).toBe(1);
    expect(await sendDuesNotices(t.deps)).toBe(0);
    const pushes = await t.db.execute<{
      data: { subscriptionId: string; payload: { title: string; url: string } };
    }>(sql`select data from pgboss.job where name = 'send-push'`);
    expect(pushes.rows.map((r) => [r.data.subscriptionId, r.data.payload.title, r.data.payload.url])).toEqual(
      [[phones[0]!.id, "Your membership payment failed", "/membership"]],
    );
    const failed = await t.smtp.waitForMail(
      "mia@notices.example",
      /^Your membership payment to Notice Club failed$/,
    );
    expect(failed.text).toContain("You're still a member until January 8, 2027");

    // The grace runs out with no event: the lapse is news, once.
    clock = new Date(clock.getTime() + 8 * DAY);
    expect(await sendDuesNotices(t.deps)).toBe(1);
    expect(await sendDuesNotices(t.deps)).toBe(0);
    const lapsed = await t.smtp.waitForMail(
      "mia@notices.example",
      /^Your membership at Notice Club has lapsed$/,
    );
    expect(lapsed.text).toContain("Member prices and members-only sessions are paused.");

    // A lapse from long ago is not news.
    clock = new Date(clock.getTime() + 30 * DAY);
    expect(await sendDuesNotices(t.deps)).toBe(0);
  });

  it("emails a season's link to every member who wants dues emails, once, and the link joins the season", async () => {
    const create = async (extra: Partial<typeof adultPlan>) =>
      t.call(
        endpoints.createPlan,
        {
          params: { orgId },
          body: {
            ...adultPlan,
            name: "Summer",
            code: "SUM",
            interval: "season",
            seasonStartsOn: "2027-04-01",
            seasonEndsOn: "2027-09-30",
            ...extra,
          },
        },
        { cookie: owner.cookie },
      );
    const summer = (await create({})).body;
    const send = (planId: string, who = owner) =>
      t.call(endpoints.sendSeasonLink, { params: { orgId, planId } }, { cookie: who.cookie });

    // The owner and Mia; not Quinn, who turned dues emails off.
    expect((await send(summer.id)).body).toEqual({ sent: 2 });
    const mail = await t.smtp.waitForMail(
      "mia@notices.example",
      /^Summer at Notice Club: join for the season$/,
    );
    expect(mail.text).toContain(
      "Notice Club's Summer membership is open: $30.00 for the season, Apr 1 to Sep 30.",
    );
    expect(mail.headers["list-unsubscribe"]).toMatch(/\/unsubscribe\//);
    const link = new URL(mail.text.match(/https?:\/\/\S+\?plan=\S+/)![0]);
    expect(link.searchParams.get("plan")).toBe(summer.id);
    // Pressed again, nobody hears twice.
    expect((await send(summer.id)).body).toEqual({ sent: 0 });

    // The link is the club's page: Mia pays the season there, and is a member to its last day.
    const slug = link.pathname.split("/")[2]!;
    const joined = await t.call(
      endpoints.joinWithPlan,
      { params: { slug, planId: summer.id } },
      { cookie: mia.cookie },
    );
    expect(joined.body).toMatchObject({ member: true, checkoutUrl: null });
    const mine = await t.call(endpoints.mine, { params: { orgId } }, { cookie: mia.cookie });
    expect(mine.body.membership).toMatchObject({
      status: "active",
      currentPeriodEnd: "2027-10-01T00:00:00.000Z",
    });

    // Before the season ends she is told so, not that it renews: nothing renews a season.
    const saved = clock;
    clock = new Date("2027-09-20T12:00:00Z");
    expect(await sendDuesNotices(t.deps)).toBeGreaterThanOrEqual(1);
    const ending = await t.smtp.waitForMail("mia@notices.example", /^Your Summer season ends on /);
    expect(ending.text).toContain("a season does not renew by itself");
    clock = saved;

    // A next season's link skips those already on it.
    const winter = (
      await create({ name: "Winter", code: "WIN", seasonStartsOn: "2027-11-01", seasonEndsOn: "2028-02-28" })
    ).body;
    await t.call(endpoints.buy, { params: { orgId }, body: { planId: winter.id } }, { cookie: mia.cookie });
    expect((await send(winter.id)).body).toEqual({ sent: 1 });

    // Only a season offered on the club's page is sent; only by those who run the club's money.
    const monthly = (await create({ name: "Monthly", code: "MON", interval: "month" })).body;
    expect((await send(monthly.id)).error?.code).toBe("SEASON_LINK_REFUSED");
    const hidden = (await create({ name: "Founders", code: "FND", visible: false })).body;
    expect((await send(hidden.id)).error?.code).toBe("PLAN_NOT_OFFERED");
    expect((await send(summer.id, mia)).status).toBe(403);
  });
});
