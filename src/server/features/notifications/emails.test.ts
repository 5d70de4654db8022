// The notification emails as the SMTP peer receives them: session reminders, match results and
// the weekly summary, each to the right person, honouring their preference, never twice
// however often its sweep runs, and each with a one-click unsubscribe that needs no sign-in.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizations } from "../../db/schema/clubs.js";
import { notificationPreferences } from "../../db/schema/notifications.js";
import { sessionRegistrations, sessions } from "../../db/schema/sessions.js";
import { followUps } from "../../platform/jobs/follow-ups.js";
import { SEND_EMAIL } from "../../platform/jobs/jobs.js";
import { runCourtNoticeJobs } from "../../test/court-notice-jobs.js";
import { activeSessionWith, makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { startFilling } from "../courts/service.js";
import { sendWeeklySummaries } from "../dashboard/weekly-summary.js";
import { sendMatchResults } from "../ladder/result-emails.js";
import { sendDueReminders } from "../sessions/reminders.js";
import { unsubscribeToken } from "./unsubscribe.js";

let t: TestApp;
let now = new Date();
let owner: TestUser;
let player: TestUser;
let quiet: TestUser;
let orgId: string;

beforeAll(async () => {
  // One player is sent 250 results' mails at once below: more than an address gets in a day.
  t = await createTestApp({ now: () => now, env: { MAILS_PER_ADDRESS_PER_DAY: "1000" } });
  owner = await makeUser(t, "owner@emails.example", "Olive Owner");
  player = await makeUser(t, "player@emails.example", "Pat Player");
  quiet = await makeUser(t, "quiet@emails.example", "Quinn Quiet");
  orgId = (
    await makeClub(
      t,
      owner,
      [
        [player, "member"],
        [quiet, "member"],
      ],
      { name: "Riverside Pickleball Club" },
    )
  ).id;
  await t.db.insert(notificationPreferences).values({
    userId: quiet.id,
    sessionReminders: false,
    matchResults: false,
    weeklySummary: false,
  });
});
afterAll(() => t.close());

/** Every email ever queued to `address` whose subject matches (sent or not yet). */
async function queued(address: string, subject: RegExp): Promise<string[]> {
  // A board action's court notices are queued just after its commit (courts/court-notices.ts).
  await followUps(t.deps.database).settled();
  const rows = await t.db.execute(
    sql`select data->>'subject' as subject from pgboss.job where name = ${SEND_EMAIL} and data->>'to' = ${address}`,
  );
  return rows.rows.map((r) => String(r.subject)).filter((s) => subject.test(s));
}

async function sessionIn(hours: number, name: string) {
  const startsAt = new Date(now.getTime() + hours * 3_600_000);
  const created = await t.request({
    method: "POST",
    url: `/api/orgs/${orgId}/sessions`,
    cookie: owner.cookie,
    payload: {
      name,
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 2 * 3_600_000).toISOString(),
    },
  });
  const id = created.json().sessions[0].id as string;
  for (const who of [player, quiet]) {
    const registered = await t.request({
      method: "POST",
      url: `/api/orgs/${orgId}/sessions/${id}/registrations`,
      cookie: who.cookie,
    });
    expect(registered.statusCode).toBe(201);
  }
  return id;
}

describe("session reminders", () => {
  it("go to registered players who want them, the day before and two hours before, once each", async () => {
    await sessionIn(20, "Evening Open Play");
    expect(await sendDueReminders(t.deps)).toBe(1);
    const mail = await t.smtp.waitForMail("player@emails.example", /^Reminder: Evening Open Play tomorrow$/);
    expect(mail.text).toContain("Riverside Pickleball Club");
    expect(mail.html).toContain("Riverside Pickleball Club");
    expect(mail.headers["list-unsubscribe"]).toMatch(/^<http:\/\/localhost:3000\/unsubscribe\/[\w-]+>$/);
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");

    // The sweep runs every minute, on every instance: nothing goes twice.
    expect(await sendDueReminders(t.deps)).toBe(0);
    // 18 hours later the session is 2 hours away: the second reminder, once.
    now = new Date(now.getTime() + 18 * 3_600_000 + 60_000);
    expect(await sendDueReminders(t.deps)).toBe(1);
    expect(await sendDueReminders(t.deps)).toBe(0);
    await t.smtp.waitForMail("player@emails.example", /^Reminder: Evening Open Play in 2 hours$/);
    expect(await queued("player@emails.example", /Reminder/)).toHaveLength(2);
    // The player who turned reminders off got none.
    expect(await queued("quiet@emails.example", /Reminder/)).toEqual([]);
  });

  it("a session an hour away gets only the 2-hour reminder", async () => {
    await sessionIn(1, "Last Minute Doubles");
    expect(await sendDueReminders(t.deps)).toBe(1);
    expect(await queued("player@emails.example", /Last Minute Doubles/)).toEqual([
      "Reminder: Last Minute Doubles in 2 hours",
    ]);
  });
});

describe("unsubscribing without signing in", () => {
  const prefs = async (userId: string) =>
    (await t.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)))[0];

  it("the link opens a page that changes nothing; its button turns off that kind only", async () => {
    const token = unsubscribeToken(t.deps.config.sessionSecret, player.id, "sessionReminders");
    const page = await t.request({ method: "GET", url: `/unsubscribe/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Stop session reminders?");
    expect((await prefs(player.id))?.sessionReminders ?? true).toBe(true);

    const confirmed = await t.request({
      method: "POST",
      url: `/unsubscribe/${token}`,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000" },
      payload: "",
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toMatch(/You(&#39;|')re unsubscribed/);
    expect(await prefs(player.id)).toMatchObject({ sessionReminders: false, matchResults: true });
  });

  it("a mail program's one-click POST works, and a forged or altered token does nothing", async () => {
    const token = unsubscribeToken(t.deps.config.sessionSecret, player.id, "weeklySummary");
    // RFC 8058: the mail program posts this body, from its own servers (no Origin, no cookie).
    const oneClick = await t.request({
      method: "POST",
      url: `/unsubscribe/${token}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.statusCode).toBe(200);
    expect(await prefs(player.id)).toMatchObject({ weeklySummary: false });

    const forged = unsubscribeToken("another-secret-of-at-least-32-characters", owner.id, "matchResults");
    const altered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const bad of [forged, altered, "short"]) {
      const response = await t.request({
        method: "POST",
        url: `/unsubscribe/${bad}`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "List-Unsubscribe=One-Click",
      });
      expect(response.statusCode).toBe(404);
    }
    expect((await prefs(owner.id))?.matchResults ?? true).toBe(true);
    await t.db
      .update(notificationPreferences)
      .set({ sessionReminders: true, weeklySummary: true })
      .where(eq(notificationPreferences.userId, player.id));
  });
});

describe("match results", () => {
  it("when a match counts, each player who wants it hears the score and their rating change, once", async () => {
    const logged = await t.request({
      method: "POST",
      url: `/api/orgs/${orgId}/matches`,
      cookie: owner.cookie,
      payload: {
        format: "singles",
        teamA: [player.id],
        teamB: [quiet.id],
        target: 11,
        games: [{ a: 11, b: 6 }],
        // Today in the club's zone: a match is dated within the club's life.
        playedAt: now.toLocaleDateString("en-CA", { timeZone: "America/New_York" }),
      },
    });
    expect(logged.statusCode).toBe(201);
    expect(await sendMatchResults(t.deps)).toBe(2);
    const mail = await t.smtp.waitForMail(
      "player@emails.example",
      /^Won 11-6: your rating is \d+ \(\+\d+\)$/,
    );
    expect(mail.text).toContain("against Quinn Quiet");
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    // Settled: a second sweep finds nothing, and the player who opted out got nothing.
    expect(await sendMatchResults(t.deps)).toBe(0);
    expect(await queued("quiet@emails.example", /rating/)).toEqual([]);
    expect(await queued("player@emails.example", /rating/)).toHaveLength(1);
  });

  it("two sweeps at once share out more than a batch, email each result once, and leave results already told as they were", async () => {
    // 450 matches of the two players, a day apart: the 200 oldest told long ago, the last 250
    // (500 events, two and a half batches) not yet.
    const made = await t.db.execute(sql`
      with played as (
        insert into matches (organization_id, format, team_a, team_b, games, winner, played_at, status)
        select ${orgId}, 'singles', array[${player.id}], array[${quiet.id}], '[{"a":11,"b":7}]',
          'A', now() - make_interval(days => g), 'confirmed'
        from generate_series(1, 450) g
        returning id, played_at
      )
      insert into match_result_events (organization_id, match_id, user_id, delta, rating_after, sent_at)
      select ${orgId}, played.id, who.id, 8, 1508, case when played.played_at < now() - interval '250 days 12 hours' then now() end
      from played, (values (${player.id}), (${quiet.id})) who(id)
      returning match_id`);
    expect(made.rows).toHaveLength(900);
    // Each told result's row version (xmin): a sweep that rewrote the row would change it.
    const told = await t.db.execute(sql`select match_id, user_id from match_result_events
      where organization_id = ${orgId} and sent_at is not null`);
    expect(told.rows.length).toBeGreaterThanOrEqual(400);
    const versionsOfTold = async () =>
      (
        await t.db.execute(sql`select string_agg(e.xmin::text, ',' order by e.match_id, e.user_id) as v
          from match_result_events e
          join (values ${sql.join(
            told.rows.map((k) => sql`(${String(k.match_id)}::uuid, ${String(k.user_id)})`),
            sql`, `,
          )}) told(match_id, user_id) using (match_id, user_id)`)
      ).rows[0]!.v;
    const versionsBefore = await versionsOfTold();
    const emailsBefore = (await queued("player@emails.example", /rating/)).length;

    const settled = await Promise.all([sendMatchResults(t.deps), sendMatchResults(t.deps)]);

    // A batch each (200 at most), none taken twice; the third half-batch is left for the next sweep.
    expect(settled.every((n) => n > 0 && n <= 200)).toBe(true);
    expect(settled[0]! + settled[1]!).toBe(400);
    expect(await sendMatchResults(t.deps)).toBe(100);
    // Every one of the player's 250 results emailed once (the other player asked for none).
    expect((await queued("player@emails.example", /rating/)).length - emailsBefore).toBe(250);
    const after = await t.db.execute(sql`select count(*)::int as unsent from match_result_events
      where organization_id = ${orgId} and sent_at is null`);
    expect(after.rows[0]!.unsent).toBe(0);
    expect(await versionsOfTold()).toBe(versionsBefore);
    expect(await sendMatchResults(t.deps)).toBe(0);
  });
});

describe("court up next", () => {
  it("the next group for a court hears it once per wait, if they want to", async () => {
    const regulars = [];
    for (let i = 1; i <= 10; i++)
      regulars.push(await makeUser(t, `regular${i}@emails.example`, `Regular ${i}`));
    const club = await makeClub(
      t,
      owner,
      regulars.map((r) => [r, "member"] as [TestUser, "member"]),
      {
        name: "Up Next Club",
      },
    );
    await t.db.insert(notificationPreferences).values({ userId: regulars[9]!.id, courtUpNext: false });
    // Two courts for twelve: eight play, four wait, and those four are up next on the court that started first.
    await activeSessionWith(t, club.id, 2, regulars);
    await startFilling(t.deps, club.id);
    const board = (
      await t.request({ method: "GET", url: `/api/orgs/${club.id}/board`, cookie: owner.cookie })
    ).json();
    const nextIds = new Set<string>(
      board.courts.flatMap((c: { nextUp: { registrationId: string }[] }) =>
        c.nextUp.map((p) => p.registrationId),
      ),
    );
    const regsByUser = await t.db.execute(
      sql`select user_id, id from session_registrations where user_id is not null and session_id = (select id from sessions where organization_id = ${club.id} and status = 'active')`,
    );
    const upNext = regsByUser.rows.filter((r) => nextIds.has(String(r.id))).map((r) => String(r.user_id));
    expect(upNext.length).toBeGreaterThan(0);
    // Another action on the board in the same wait tells nobody twice; "up next" goes with the
    // notices' jobs, a minute on, once it has held that long.
    await startFilling(t.deps, club.id);
    expect(await queued("regular1@emails.example", /^You're up next/)).toEqual([]);
    await runCourtNoticeJobs(t, club.id);
    await runCourtNoticeJobs(t, club.id);
    // Everyone hears it at most once per wait, those waiting now have heard it, the one who
    // opted out never, and those on court now not at all (their call told them).
    for (const [i, regular] of regulars.entries()) {
      const sent = await queued(`regular${i + 1}@emails.example`, /^You're up next on Court \d$/);
      expect(sent.length, `regular${i + 1}`).toBeLessThanOrEqual(1);
      if (i === 9) expect(sent, "opted out").toEqual([]);
      else if (upNext.includes(regular.id)) expect(sent, `regular${i + 1}`).toHaveLength(1);
      else expect(sent, `regular${i + 1}`).toEqual([]);
    }
    const told = regulars.findIndex((r, i) => upNext.includes(r.id) && i !== 9);
    if (told >= 0) {
      const mail = await t.smtp.waitForMail(`regular${told + 1}@emails.example`, /^You're up next/);
      expect(mail.text).toContain("Up Next Club");
      expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    }
  });
});

describe("called to a court", () => {
  it("players put straight on a court hear which court, with whom and against whom, once", async () => {
    const four = [];
    for (const name of ["Ann", "Ben", "Cal", "Dee"])
      four.push(await makeUser(t, `${name.toLowerCase()}@called.example`, name));
    const club = await makeClub(
      t,
      owner,
      four.map((p) => [p, "member"] as [TestUser, "member"]),
      {
        name: "Called Club",
        courtsCount: 1,
      },
    );
    // Checked in as the organizer opens the board: the first fill puts them straight on Court 1,
    // with no "up next" before it.
    const [session] = await t.db
      .insert(sessions)
      .values({
        organizationId: club.id,
        name: "Straight On",
        startsAt: now,
        endsAt: new Date(now.getTime() + 7_200_000),
        status: "active",
      })
      .returning();
    await t.db.insert(sessionRegistrations).values(
      four.map((p, i) => ({
        organizationId: club.id,
        sessionId: session!.id,
        userId: p.id,
        status: "registered" as const,
        seq: i + 1,
        checkedInAt: new Date(now.getTime() + i),
      })),
    );
    await startFilling(t.deps, club.id);
    await startFilling(t.deps, club.id);
    for (const p of four) {
      expect(await queued(p.email, /^You're on Court 1 now$/), p.name).toHaveLength(1);
      expect(await queued(p.email, /^You're up next/), p.name).toEqual([]);
    }
    const mail = await t.smtp.waitForMail("ann@called.example", /^You're on Court 1 now$/);
    expect(mail.text).toMatch(
      /Head to Court 1 at Called Club now: you're with (Ben|Cal|Dee), against \w+ & \w+\./,
    );
  });
});

describe("your night", () => {
  it("after Complete Session, a player who asked for it gets their night by email; others get nothing", async () => {
    const keen = await makeUser(t, "keen@night.example", "Kim Keen");
    const plain = await makeUser(t, "plain@night.example", "Pia Plain");
    const club = await makeClub(
      t,
      owner,
      [
        [keen, "member"],
        [plain, "member"],
      ],
      { name: "Night Club", courtsCount: 1 },
    );
    const prefs = await t.request({
      method: "PUT",
      url: "/api/me/notification-preferences",
      cookie: keen.cookie,
      payload: {
        session_reminders: true,
        court_up_next: false,
        match_results: false,
        weekly_summary: true,
        waitlist_notifications: true,
        night_receipt: true,
      },
    });
    expect(prefs.statusCode).toBe(200);
    const session = await activeSessionWith(t, club.id, 2, [keen, plain], "Receipt Night");
    await startFilling(t.deps, club.id);
    const board = (
      await t.request({ method: "GET", url: `/api/orgs/${club.id}/board`, cookie: owner.cookie })
    ).json();
    const scored = await t.request({
      method: "POST",
      url: `/api/orgs/${club.id}/board/games/${board.courts[0].game.id}/score`,
      cookie: owner.cookie,
      payload: { scoreA: 11, scoreB: 9 },
    });
    expect(scored.statusCode).toBe(200);
    const completed = await t.request({
      method: "POST",
      url: `/api/orgs/${club.id}/sessions/${session.id}/complete`,
      cookie: owner.cookie,
    });
    expect(completed.statusCode).toBe(204);
    const mail = await t.smtp.waitForMail("keen@night.example", /^Your night at Night Club$/);
    expect(mail.text).toMatch(/You played 1 game and won [01]\./);
    expect(mail.text).toContain(`/sessions/${session.id}`);
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(await queued("plain@night.example", /^Your night/)).toEqual([]);
    expect(await queued("keen@night.example", /^Your night/)).toHaveLength(1);
  });
});

describe("the weekly summary", () => {
  it("goes Monday at 8:00 in each club's own zone, before and after the clocks change, once", async () => {
    const berlinOwner = await makeUser(t, "berlin@emails.example", "Bea Berlin");
    const berlin = await makeClub(t, berlinOwner, [], { name: "Berlin Pickleball Verein" });
    await t.db
      .update(organizations)
      .set({ timeZone: "Europe/Berlin" })
      .where(eq(organizations.id, berlin.id));
    // Coming up in New York: 6 PM on Wednesday 4 November, which is 23:00 UTC.
    await t.db.insert(sessions).values({
      organizationId: orgId,
      name: "Harvest Social",
      startsAt: new Date("2026-11-04T23:00:00Z"),
      endsAt: new Date("2026-11-05T01:00:00Z"),
      paymentRequired: true,
      paymentAmount: 1500,
      teams: "mixed",
    });
    const newYorkMail = () => queued("owner@emails.example", /^Your week at Riverside/);
    const berlinMail = () => queued("berlin@emails.example", /^Your week at Berlin/);
    const at = async (iso: string) => {
      now = new Date(iso);
      await sendWeeklySummaries(t.deps);
    };

    // Monday 19 October: Berlin on summer time (UTC+2), New York on summer time (UTC-4).
    await at("2026-10-19T06:05:00Z"); // 08:05 in Berlin, 02:05 in New York
    expect(await berlinMail()).toHaveLength(1);
    expect(await newYorkMail()).toHaveLength(0);
    await at("2026-10-19T06:50:00Z"); // the same hour again: nothing twice
    expect(await berlinMail()).toHaveLength(1);
    await at("2026-10-19T12:15:00Z"); // 08:15 in New York
    expect(await newYorkMail()).toHaveLength(1);

    // Monday 26 October: Berlin has fallen back (UTC+1); New York has not yet (UTC-4).
    await at("2026-10-26T06:15:00Z"); // 07:15 in Berlin: not yet
    expect(await berlinMail()).toHaveLength(1);
    await at("2026-10-26T07:15:00Z"); // 08:15 in Berlin
    expect(await berlinMail()).toHaveLength(2);
    await at("2026-10-26T12:15:00Z");
    expect(await newYorkMail()).toHaveLength(2);

    // Monday 2 November: New York has fallen back (UTC-5): 12:15 UTC is 07:15 there.
    await at("2026-11-02T12:15:00Z");
    expect(await newYorkMail()).toHaveLength(2);
    await at("2026-11-02T13:15:00Z");
    expect(await newYorkMail()).toHaveLength(3);
    // Members who turned it off hear nothing.
    expect(await queued("quiet@emails.example", /^Your week/)).toEqual([]);

    const summary = await t.smtp.waitForMail("player@emails.example", /^Your week at Riverside/);
    expect(summary.text).toContain("Hi Pat Player");
    // The club's next sessions, in the club's time.
    expect(summary.text).toContain(
      "Harvest Social ($15.00): Wednesday, November 4, 2026, 6:00 PM - 8:00 PM · Mixed doubles",
    );
    expect(summary.headers["list-unsubscribe"]).toContain("/unsubscribe/");
  });
});
