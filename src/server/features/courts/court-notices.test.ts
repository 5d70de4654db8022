// Court notices leave the board's transaction: the action decides who is told and queues a job
// for a minute later; this instance sends the calls onto a court just after the commit, and the
// job sends the "up next" notices that still hold by then (and any call this instance missed).
// Whichever comes second sends nothing; the jobs alone send everything.
import { inArray, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queuePlayers } from "../../db/schema/courts.js";
import { notificationLog } from "../../db/schema/notifications.js";
import { followUps } from "../../platform/jobs/follow-ups.js";
import { SEND_EMAIL } from "../../platform/jobs/jobs.js";
import { courtNoticeJobs, runCourtNoticeJobs } from "../../test/court-notice-jobs.js";
import { activeSessionWith, makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { sendCourtNotices } from "./court-notices.js";
import { startFilling } from "./service.js";

let t: TestApp;
let owner: TestUser;
const players: TestUser[] = [];

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUser(t, "owner@notices.example", "Olive Owner");
  for (let i = 1; i <= 8; i++) players.push(await makeUser(t, `p${i}@notices.example`, `Player ${i}`));
});
afterAll(() => t?.close());

/** The court emails queued to these addresses (subjects by address, in the order queued). */
async function courtEmails(domain = "notices.example"): Promise<Array<{ to: string; subject: string }>> {
  const rows = await t.db.execute(
    sql`select data->>'to' as to, data->>'subject' as subject from pgboss.job
      where name = ${SEND_EMAIL} and data->>'to' like ${`%@${domain}`}
        and data->>'subject' similar to '(You''re (up next on|on) Court %|Change of court%)'
      order by data->>'to', created_on`,
  );
  return rows.rows.map((r) => ({ to: String(r.to), subject: String(r.subject) }));
}

describe("court notices", () => {
  it("call those put on a court just after the commit; tell the next group a minute on; the jobs alone send them all", async () => {
    // One court for eight: the fill puts four on it now and the other four up next.
    const club = await makeClub(
      t,
      owner,
      players.map((p) => [p, "member"] as [TestUser, "member"]),
      { name: "Notice Club", courtsCount: 1 },
    );
    await activeSessionWith(t, club.id, 0, players);
    await startFilling(t.deps, club.id);
    await followUps(t.deps.database).settled();

    // Just after the commit: the four called onto the court, and nobody else yet.
    const called = await courtEmails();
    expect(called.map((m) => m.subject)).toEqual(Array(4).fill("You're on Court 1 now"));

    // The fill's transaction queued its notices as a job, a minute later.
    const jobs = await courtNoticeJobs(t, club.id);
    for (const job of jobs) expect(job.delaySeconds).toBeGreaterThanOrEqual(59);
    const filled = jobs.at(-1)!;
    expect(filled.data.notices.map((n) => n.call.kind).sort()).toEqual([
      ...Array(4).fill("on-court"),
      ...Array(4).fill("up-next"),
    ]);

    // The jobs: the four waiting hear they are up next; the calls were sent, and go once.
    await runCourtNoticeJobs(t, club.id);
    await runCourtNoticeJobs(t, club.id);
    const sent = await courtEmails();
    expect(sent.map((m) => m.to)).toEqual(players.map((p) => p.email).sort());
    expect(sent.filter((m) => m.subject === "You're up next on Court 1")).toHaveLength(4);

    // An instance that died after each commit never sent them: the jobs send every one.
    const sessionId = filled.data.sessionId;
    await t.db.execute(
      sql`delete from pgboss.job where name = ${SEND_EMAIL} and data->>'to' like '%@notices.example'`,
    );
    for (const claims of [`up-next:${sessionId}:%`, `told:${sessionId}:%`])
      await t.db.delete(notificationLog).where(like(notificationLog.key, claims));
    await runCourtNoticeJobs(t, club.id);
    expect(await courtEmails()).toEqual(sent);
  });

  it("tell nobody on court now that they are up next, though they go back on after this game", async () => {
    // Six for one court: four play, and the next group is the two waiting and two coming off.
    const six = players.slice(0, 6);
    const club = await makeClub(
      t,
      owner,
      six.map((p) => [p, "member"] as [TestUser, "member"]),
      { name: "Small Notice Club", courtsCount: 1 },
    );
    await activeSessionWith(t, club.id, 0, six);
    await startFilling(t.deps, club.id);
    const filled = (await courtNoticeJobs(t, club.id)).at(-1)!;
    const onCourt = filled.data.notices
      .filter((n) => n.call.kind === "on-court")
      .map((n) => n.registrationId);
    const upNext = filled.data.notices.filter((n) => n.call.kind === "up-next");
    expect(onCourt).toHaveLength(4);
    expect(upNext).toHaveLength(2);
    expect(upNext.filter((n) => onCourt.includes(n.registrationId))).toEqual([]);
    // Each hears who else to look for: the other one waiting (those coming off are not named).
    for (const n of upNext)
      expect(n.call).toMatchObject({ kind: "up-next", company: expect.stringMatching(/^with Player \d$/) });
  });

  /** Ten guests and two members on two courts, the members sitting out the first round (a bye). */
  async function twoCourtNight(domain: string) {
    const mo = await makeUser(t, `mo@${domain}`, "Mo Moved");
    const stu = await makeUser(t, `stu@${domain}`, "Stu Stayed");
    const club = await makeClub(
      t,
      owner,
      [mo, stu].map((p) => [p, "member"] as [TestUser, "member"]),
      { name: `Two Court Club ${domain}`, courtsCount: 2 },
    );
    await activeSessionWith(t, club.id, 10, [mo, stu]);
    const board = async () =>
      (
        await t.request({ method: "GET", url: `/api/orgs/${club.id}/board`, cookie: owner.cookie })
      ).json() as {
        courts: Array<{ name: string; game: { id: string } | null; nextUp: Array<{ name: string }> }>;
      };
    // Both asked for a bye before the first fill (as the organizer's Bye does, without its fill).
    await t.db
      .update(queuePlayers)
      .set({ wantsBye: true })
      .where(inArray(queuePlayers.userId, [mo.id, stu.id]));
    await startFilling(t.deps, club.id);
    await followUps(t.deps.database).settled();
    const view = await board();
    const heard = view.courts.find((c) => c.nextUp.some((p) => p.name === "Mo Moved"))!;
    const other = view.courts.find((c) => c !== heard)!;
    const score = async (court: typeof heard) => {
      const scored = await t.request({
        method: "POST",
        url: `/api/orgs/${club.id}/board/games/${court.game!.id}/score`,
        cookie: owner.cookie,
        payload: { winner: "A" },
      });
      expect(scored.statusCode, scored.body).toBe(200);
      await followUps(t.deps.database).settled();
    };
    return { club, mo, stu, heard, other, score };
  }

  it("tell a group put on another court than the one they heard of: a change of court", async () => {
    const { club, mo, stu, heard, other, score } = await twoCourtNight("moved-notices.example");
    expect(heard.game).not.toBeNull();
    // A minute on, the two hear they are up next; then the other court ends first, and the
    // group goes on there.
    await runCourtNoticeJobs(t, club.id);
    await score(other);
    await runCourtNoticeJobs(t, club.id);
    const sent = await courtEmails("moved-notices.example");
    for (const person of [mo, stu])
      expect(sent.filter((m) => m.to === person.email).map((m) => m.subject)).toEqual([
        `You're up next on ${heard.name}`,
        `Change of court: you're on ${other.name} now`,
      ]);
  });

  it("merge calls that change within the minute into the latest: called before the minute is up, a player hears the call alone", async () => {
    const { club, mo, stu, other, score } = await twoCourtNight("merged-notices.example");
    // The other court ends within the minute: the group goes on there before "up next" went.
    await score(other);
    await runCourtNoticeJobs(t, club.id);
    await runCourtNoticeJobs(t, club.id);
    const sent = await courtEmails("merged-notices.example");
    for (const person of [mo, stu])
      expect(sent.filter((m) => m.to === person.email).map((m) => m.subject)).toEqual([
        `You're on ${other.name} now`,
      ]);
  });

  it("send nothing for a session no longer on", async () => {
    const sessionId = crypto.randomUUID();
    const club = await makeClub(t, owner, [], { name: "Gone Notice Club" });
    await sendCourtNotices(t.deps, {
      organizationId: club.id,
      sessionId,
      notices: [
        {
          userId: owner.id,
          registrationId: "r-1",
          gamesPlayed: 2,
          court: "Court 1",
          call: { kind: "up-next" },
        },
      ],
    });
    const rows = await t.db.execute(
      sql`select 1 from pgboss.job where name = ${SEND_EMAIL} and data->>'to' = ${owner.email}
        and data->>'subject' like 'You''re up next%'`,
    );
    expect(rows.rows).toEqual([]);
  });
});
