// A request to join, as the club's owner and admins hear of it: each of them is mailed once,
// by the real SMTP peer, with the club, the person and a link to where requests are reviewed;
// organizers and players are not; a manager who turned the switch off in Settings is not; and
// asking again while the request is pending mails nobody again.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizations } from "../../db/schema/clubs.js";
import { followUps } from "../../platform/jobs/follow-ups.js";
import { SEND_EMAIL } from "../../platform/jobs/jobs.js";
import { makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { APP_URL, createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let quietAdmin: TestUser;
let organizer: TestUser;
let player: TestUser;
let orgId: string;
let slug: string;

const asking = /asks to join/;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUser(t, "owner@join-mail.example", "Olive Owner");
  admin = await makeUser(t, "admin@join-mail.example", "Adam Admin");
  quietAdmin = await makeUser(t, "quiet@join-mail.example", "Quinn Quiet");
  organizer = await makeUser(t, "organizer@join-mail.example", "Oscar Organizer");
  player = await makeUser(t, "player@join-mail.example", "Pat Player");
  orgId = (
    await makeClub(
      t,
      owner,
      [
        [admin, "admin"],
        [quietAdmin, "admin"],
        [organizer, "organizer"],
        [player, "member"],
      ],
      { name: "Riverside Pickleball Club" },
    )
  ).id;
  slug = (await t.db.select().from(organizations).where(eq(organizations.id, orgId)))[0]!.slug;
});
afterAll(() => t?.close());

/** The subjects of every email queued to `address` (sent or not yet) that match `subject`. */
async function queued(address: string, subject: RegExp): Promise<string[]> {
  await followUps(t.deps.database).settled();
  const rows = await t.db.execute(
    sql`select data->>'subject' as subject from pgboss.job where name = ${SEND_EMAIL} and data->>'to' = ${address}`,
  );
  return rows.rows.map((r) => String(r.subject)).filter((s) => subject.test(s));
}

const askToJoin = (who: TestUser, message?: string) =>
  t.request({
    method: "POST",
    url: `/api/public/clubs/${slug}/join-requests`,
    cookie: who.cookie,
    payload: message ? { message } : {},
  });

const preferences = (who: TestUser) =>
  t.request({ method: "GET", url: "/api/me/notification-preferences", cookie: who.cookie });

describe("join request emails to the club's owner and admins", () => {
  it("have a switch in Settings, on by default", async () => {
    const current = (await preferences(quietAdmin)).json() as Record<string, boolean>;
    expect(current).toMatchObject({ join_requests: true });
    const off = await t.request({
      method: "PUT",
      url: "/api/me/notification-preferences",
      cookie: quietAdmin.cookie,
      payload: { ...current, join_requests: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ join_requests: false, session_reminders: true });
    expect((await preferences(quietAdmin)).json()).toMatchObject({ join_requests: false });
  });

  it("mail the owner and each admin once, naming the club and the person, linking to the review", async () => {
    const hopeful = await makeUser(t, "hopeful@join-mail.example", "Hope Hopeful");
    expect((await askToJoin(hopeful, "I play Tuesdays at the rec centre.")).statusCode).toBe(201);

    for (const manager of [owner, admin]) {
      const mail = await t.smtp.waitForMail(manager.email, asking);
      expect(mail.subject).toBe("Hope Hopeful asks to join Riverside Pickleball Club");
      expect(mail.text).toContain(`Hi ${manager.name},`);
      expect(mail.text).toContain(
        "Hope Hopeful (hopeful@join-mail.example) asked to join Riverside Pickleball Club.",
      );
      expect(mail.text).toContain("I play Tuesdays at the rec centre.");
      expect(mail.text).toContain(`${APP_URL}/members?org=${orgId}`);
      expect(mail.html).toContain(`${APP_URL}/members?org=${orgId}`);
      // Turning these off is one click from the email itself.
      expect(mail.headers["list-unsubscribe"]).toMatch(new RegExp(`^<${APP_URL}/unsubscribe/`));
    }

    // Asking again while the request is pending is refused, and mails nobody again.
    expect((await askToJoin(hopeful)).statusCode).toBe(409);

    // A second person's request: it arrives after anything the first could have sent.
    const second = await makeUser(t, "second@join-mail.example", "Sam Second");
    expect((await askToJoin(second)).statusCode).toBe(201);
    await t.smtp.waitForMail(owner.email, /Sam Second asks to join/);
    await t.smtp.waitForMail(admin.email, /Sam Second asks to join/);

    expect(await queued(owner.email, /Hope Hopeful/)).toHaveLength(1);
    expect(await queued(admin.email, /Hope Hopeful/)).toHaveLength(1);
    expect(t.smtp.inbox.filter((m) => /Hope Hopeful/.test(m.subject))).toHaveLength(0);
    // Neither organizers nor players review requests; the admin who turned them off hears nothing.
    for (const quiet of [organizer, player, quietAdmin]) {
      expect(await queued(quiet.email, asking)).toEqual([]);
      expect(t.smtp.inbox.filter((m) => m.to === quiet.email)).toEqual([]);
    }
    // The requesters themselves are told nothing yet.
    expect(await queued(hopeful.email, /./)).toEqual([]);
  });

  it("come again for a new request once the last was decided", async () => {
    const again = await makeUser(t, "again@join-mail.example", "Ari Again");
    expect((await askToJoin(again)).statusCode).toBe(201);
    await t.smtp.waitForMail(owner.email, /Ari Again asks to join/);
    const [request] = (
      await t.request({ method: "GET", url: `/api/orgs/${orgId}/join-requests`, cookie: admin.cookie })
    )
      .json()
      .requests.filter((r: { userId: string }) => r.userId === again.id);
    const reject = await t.request({
      method: "POST",
      url: `/api/orgs/${orgId}/join-requests/${request.id}/reject`,
      cookie: admin.cookie,
    });
    expect(reject.statusCode).toBe(204);
    expect((await askToJoin(again)).statusCode).toBe(201);
    await t.smtp.waitForMail(owner.email, /Ari Again asks to join/);
    expect(await queued(owner.email, /Ari Again/)).toHaveLength(2);
  });
});
