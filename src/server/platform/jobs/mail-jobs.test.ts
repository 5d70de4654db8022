// A burst of mail all leaves, each message once, and a mail whose sender died on the way is
// sent again within a minute. (How fast mail leaves is a benchmark's question, not a test's:
// a wall-clock rate fails on a busy machine for reasons that are not bugs.)
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { afterAll, describe, expect, inject, it } from "vitest";
import { admin, withDatabase } from "../../test/global-setup.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { type ServerProcess, startServerProcess } from "../../test/server-process.js";
import { startSmtpPeer } from "../../test/smtp-peer.js";
import { until } from "../../test/until.js";
import { SEND_EMAIL, startJobs } from "./jobs.js";

let t: TestApp | undefined;
const processes: ServerProcess[] = [];
afterAll(async () => {
  for (const server of processes) server.child.kill("SIGKILL");
  await t?.close();
});

describe("mail jobs", () => {
  it("send a burst of 300 mails to a local SMTP peer, each exactly once", async () => {
    t = await createTestApp();
    const count = 300;
    await Promise.all(
      Array.from({ length: count }, (_, i) =>
        t!.deps.jobs.sendEmail({
          to: `bulk${i}@mail.example`,
          subject: `Bulk ${i}`,
          text: "Hello",
          html: "<p>Hello</p>",
        }),
      ),
    );
    // Every job finished: none is waiting, running or due for a retry that could send again.
    const app = t;
    await until(
      async () =>
        (
          await app.deps.database.pool.query<{ state: string; count: number }>(
            "select state, count(*)::int as count from pgboss.job where name = $1 group by state",
            [SEND_EMAIL],
          )
        ).rows,
      (states) => states.length === 1 && states[0]!.state === "completed" && states[0]!.count === count,
      `all ${count} mail jobs completed`,
    );
    expect(t.smtp.inbox).toHaveLength(count);
    expect(t.smtp.inbox.map((mail) => mail.subject).sort()).toEqual(
      Array.from({ length: count }, (_, i) => `Bulk ${i}`).sort(),
    );
  }, 90_000);

  it("a mail whose sending process was killed is sent again within a minute", async () => {
    const { serverUrl, template } = inject("testDatabase");
    const name = `t_${process.pid}_mail_${randomBytes(3).toString("hex")}`;
    await admin(serverUrl, async (client) => {
      await client.query(`create database ${name} template ${template}`);
    });
    // The first server takes the job and is killed while the SMTP peer holds its message.
    const smtp = await startSmtpPeer({ stallFirst: 1 });
    try {
      const env = { DATABASE_URL: withDatabase(serverUrl, name), DATA_DIR: tmpdir(), SMTP_URL: smtp.url };
      const first = await startServerProcess(env);
      processes.push(first);
      const signUp = await fetch(`${first.url}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: first.url },
        body: JSON.stringify({
          name: "Crash Test",
          email: "crash@mail.example",
          password: "crash-test-password",
        }),
      });
      expect(signUp.status).toBe(200);
      // Once the worker has handed the message to the stalled conversation, kill it.
      await until(
        async () => smtp.stalled,
        (stalled) => stalled === 1,
        "the first server's mail to reach the SMTP peer",
      );
      expect(smtp.inbox).toHaveLength(0);
      first.child.kill("SIGKILL");
      await first.exited;

      // The second server takes the job over once the first one's claim expires (20 s, then the
      // supervisor's next look): waiting a minute for it bounds the wait, it is not a speed test.
      const second = await startServerProcess(env);
      processes.push(second);
      const mail = await smtp.waitForMail("crash@mail.example", /Confirm/, 60_000);
      expect(mail.subject).toMatch(/Confirm/);
      second.child.kill("SIGTERM");
      await second.exited;
    } finally {
      await smtp.close();
      await admin(serverUrl, async (client) => {
        await client.query(`drop database if exists ${name} with (force)`);
      });
    }
  }, 120_000);

  it("a job that timed out is not run again once its first attempt has finished (no second mail)", async () => {
    t ??= await createTestApp();
    const jobs = await startJobs(t.deps.database.url, t.deps.mailer, t.app.log, { jobTimeoutMs: 300 });
    try {
      let calls = 0;
      await jobs.handle<{ n: number }>("slow-once", async () => {
        calls += 1;
        await new Promise((resolve) => setTimeout(resolve, 1_500));
      });
      await jobs.schedule("slow-once", { n: 1 }, new Date());
      // The first attempt times out at 0.3 s and is retried about 5 s later: by then the
      // attempt itself has finished, so the retry completes the job without running it again.
      const deadline = Date.now() + 30_000;
      let state = "";
      while (state !== "completed" && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        const { rows } = await t.deps.database.pool.query<{ state: string; retry_count: number }>(
          "select state, retry_count from pgboss.job where name = 'slow-once'",
        );
        state = rows[0]?.state ?? "";
        if (state === "completed") expect(rows[0]!.retry_count).toBeGreaterThanOrEqual(1);
      }
      expect(state).toBe("completed");
      expect(calls).toBe(1);
    } finally {
      await jobs.stop();
    }
  }, 60_000);
});
