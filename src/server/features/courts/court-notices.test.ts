// Court notices leave the board's transaction: the action decides who is told and queues a job
// for a minute later; this instance sends them just after the commit. Whichever comes second
// sends nothing, and the jobs alone (an instance that died after the commits) send them all.
import { like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationLog } from "../../db/schema/notifications.js";
import { followUps } from "../../platform/jobs/follow-ups.js";
import { SEND_EMAIL } from "../../platform/jobs/jobs.js";
import { activeSessionWith, makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { COURT_NOTICES, type CourtNotices, sendCourtNotices } from "./court-notices.js";
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

/** The court emails queued to the club's players (subjects by address). */
async function courtEmails(): Promise<Array<{ to: string; subject: string }>> {
  const rows = await t.db.execute(
    sql`select data->>'to' as to, data->>'subject' as subject from pgboss.job
      where name = ${SEND_EMAIL} and data->>'to' like '%@notices.example'
        and data->>'subject' similar to 'You''re (up next on|on) Court %'
      order by data->>'to'`,
  );
  return rows.rows.map((r) => ({ to: String(r.to), subject: String(r.subject) }));
}

/** The notices job the board's transaction queued, and when it is due. */
async function noticesJobs(): Promise<Array<{ data: CourtNotices; delaySeconds: number }>> {
  const rows = await t.db.execute(
    sql`select data, extract(epoch from start_after - created_on) as delay from pgboss.job
      where name = ${COURT_NOTICES} order by created_on`,
  );
  return rows.rows.map((r) => ({ data: r.data as CourtNotices, delaySeconds: Number(r.delay) }));
}

describe("court notices", () => {
  it("are sent just after the board's commit, once, and by the jobs alone when this instance never sent them", async () => {
    // One court for eight, checked in (a board action: the first four hear they are up next),
    // then the court filled (four on it now, the other four up next).
    const club = await makeClub(
      t,
      owner,
      players.map((p) => [p, "member"] as [TestUser, "member"]),
      { name: "Notice Club", courtsCount: 1 },
    );
    await activeSessionWith(t, club.id, 0, players);
    await startFilling(t.deps, club.id);
    await followUps(t.deps.database).settled();

    // One notice per wait: each of the eight heard once, whatever the two actions said.
    const sent = await courtEmails();
    expect(sent.map((m) => m.to)).toEqual(players.map((p) => p.email).sort());
    expect(sent.filter((m) => m.subject === "You're up next on Court 1").length).toBeGreaterThanOrEqual(4);

    // Each action's transaction queued its notices as a job, a minute later.
    const jobs = await noticesJobs();
    expect(jobs).toHaveLength(2);
    for (const job of jobs) expect(job.delaySeconds).toBeGreaterThanOrEqual(59);
    const [, filled] = jobs;
    expect(filled!.data.notices.map((n) => n.call.kind).sort()).toEqual([
      ...Array(4).fill("on-court"),
      ...Array(4).fill("up-next"),
    ]);

    // The jobs after the follow-ups: every notice was claimed, nothing more is queued.
    for (const job of jobs) await sendCourtNotices(t.deps, job.data);
    expect(await courtEmails()).toEqual(sent);

    // An instance that died after each commit never sent them: the jobs send every one.
    const sessionId = filled!.data.sessionId;
    await t.db.execute(
      sql`delete from pgboss.job where name = ${SEND_EMAIL} and data->>'to' like '%@notices.example'`,
    );
    for (const claims of [`up-next:${sessionId}:%`, `told:${sessionId}:%`])
      await t.db.delete(notificationLog).where(like(notificationLog.key, claims));
    for (const job of jobs) await sendCourtNotices(t.deps, job.data);
    expect(await courtEmails()).toEqual(sent);
    const claims = await t.db
      .select()
      .from(notificationLog)
      .where(like(notificationLog.key, `up-next:${sessionId}:%`));
    expect(new Set(claims.map((c) => c.userId))).toEqual(new Set(players.map((p) => p.id)));
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
    await followUps(t.deps.database).settled();
    const [, filled] = (await noticesJobs()).filter((job) => job.data.organizationId === club.id);
    const onCourt = filled!.data.notices
      .filter((n) => n.call.kind === "on-court")
      .map((n) => n.registrationId);
    const upNext = filled!.data.notices.filter((n) => n.call.kind === "up-next").map((n) => n.registrationId);
    expect(onCourt).toHaveLength(4);
    expect(upNext).toHaveLength(2);
    expect(upNext.filter((id) => onCourt.includes(id))).toEqual([]);
  });

  it("tell a player put on another court than the one they heard, and nobody put on the one they heard", async () => {
    const moved = await makeUser(t, "moved@moved-notices.example", "Mo Moved");
    const stayed = await makeUser(t, "stayed@moved-notices.example", "Stu Stayed");
    const club = await makeClub(
      t,
      owner,
      [moved, stayed].map((p) => [p, "member"] as [TestUser, "member"]),
      { name: "Moved Notice Club", courtsCount: 2 },
    );
    const sessionId = crypto.randomUUID();
    const send = (notices: CourtNotices["notices"]) =>
      sendCourtNotices(t.deps, { organizationId: club.id, sessionId, notices });
    const wait = (user: TestUser, registrationId: string) => ({
      userId: user.id,
      registrationId,
      gamesPlayed: 3,
    });
    const company = "with Ann, against Bo & Cy";
    // Both hear they are up next on Court 1; the projection then moves Mo to Court 2's group.
    await send([
      { ...wait(moved, "r-moved"), court: "Court 1", call: { kind: "up-next" } },
      { ...wait(stayed, "r-stayed"), court: "Court 1", call: { kind: "up-next" } },
    ]);
    await send([{ ...wait(moved, "r-moved"), court: "Court 2", call: { kind: "up-next" } }]);
    // Mo goes on Court 2, Stu on Court 1; the job that backs the follow-up up sends them again.
    const calls: CourtNotices["notices"] = [
      { ...wait(moved, "r-moved"), court: "Court 2", call: { kind: "on-court", company } },
      { ...wait(stayed, "r-stayed"), court: "Court 1", call: { kind: "on-court", company } },
    ];
    await send(calls);
    await send(calls);

    const rows = await t.db.execute(
      sql`select data->>'to' as to, data->>'subject' as subject from pgboss.job
        where name = ${SEND_EMAIL} and data->>'to' like '%@moved-notices.example' order by created_on`,
    );
    const subjects = (email: string) => rows.rows.filter((r) => r.to === email).map((r) => String(r.subject));
    expect(subjects(moved.email)).toEqual([
      "You're up next on Court 1",
      "Change of court: you're on Court 2 now",
    ]);
    expect(subjects(stayed.email)).toEqual(["You're up next on Court 1"]);
  });
});
