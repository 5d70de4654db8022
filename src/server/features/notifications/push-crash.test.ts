// A push whose sending process is killed (kill -9) after the call was committed is still sent:
// the job waits in PostgreSQL, another instance takes it once the first one's claim runs out,
// and the device gets the call once.
import { randomBytes, randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import webpush from "web-push";
import { startJobs } from "../../platform/jobs/jobs.js";
import { createLogger } from "../../platform/logging/logger.js";
import { admin, withDatabase } from "../../test/global-setup.js";
import { startPushService } from "../../test/push-service.js";
import { type ServerProcess, startServerProcess } from "../../test/server-process.js";
import { until } from "../../test/until.js";
import { SEND_PUSH } from "./push.js";

const processes: ServerProcess[] = [];
afterAll(() => {
  for (const server of processes) server.child.kill("SIGKILL");
});

describe("a push and a crash", () => {
  it("is sent once the sending process is killed mid-send, by the instance that carries on", async () => {
    const { serverUrl, template } = inject("testDatabase");
    const name = `t_${process.pid}_push_${randomBytes(3).toString("hex")}`;
    await admin(serverUrl, async (client) => {
      await client.query(`create database ${name} template ${template}`);
    });
    const service = await startPushService({ stallFirst: 1 });
    const databaseUrl = withDatabase(serverUrl, name);
    try {
      // A player with one opted-in device, and the call's push committed as a job (what the
      // placing transaction's outbox leaves behind).
      const phone = service.device("crash-phone");
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      const userId = randomUUID();
      await db.query(
        "insert into users (id, name, email, email_verified) values ($1, 'Kim', 'kim@crash.example', true)",
        [userId],
      );
      const { rows } = await db.query<{ id: string }>(
        "insert into push_subscriptions (user_id, endpoint, p256dh, auth, label) values ($1, $2, $3, $4, 'Kim''s phone') returning id",
        [userId, phone.subscription.endpoint, phone.subscription.keys.p256dh, phone.subscription.keys.auth],
      );
      await db.end();
      const vapid = webpush.generateVAPIDKeys();
      const env = {
        DATABASE_URL: databaseUrl,
        DATA_DIR: tmpdir(),
        PUSH_ALLOW_PRIVATE_ENDPOINTS: "1",
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
      };
      // The first instance takes the job; the push service holds its request; it is killed.
      const first = await startServerProcess(env);
      processes.push(first);
      const jobs = await startJobs(
        databaseUrl,
        { send: async () => undefined } as never,
        createLogger("silent"),
      );
      const payload = {
        title: "Court 2 now",
        body: "You're against Lee & Sam.",
        url: "/board",
        tag: "call-crash",
        organizationId: randomUUID(),
        actions: ["on-my-way"],
      };
      // Queued once the first instance has made its queues (pg-boss queues exist once handled).
      await jobs.schedule(SEND_PUSH, { subscriptionId: rows[0]!.id, payload }, new Date());
      await jobs.stop();

      const firstSentBy = Date.now() + 30_000;
      while (service.received.length === 0 && Date.now() < firstSentBy)
        await new Promise((r) => setTimeout(r, 50));
      expect(service.received).toHaveLength(1);
      first.child.kill("SIGKILL");
      await first.exited;

      const second = await startServerProcess(env);
      processes.push(second);
      const deadline = Date.now() + 90_000;
      while (service.received.length < 2 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      expect(service.received.length, "the push was sent again").toBe(2);
      // The one answered is the call, as the device reads it; nothing is sent a third time:
      // once its job is completed nothing is left to send it (a wait on that, not a sleep).
      expect(JSON.parse(phone.decrypt(service.received[1]!.body))).toEqual(payload);
      const job = new pg.Client({ connectionString: databaseUrl });
      await job.connect();
      try {
        await until(
          async () =>
            (await job.query<{ state: string }>("select state from pgboss.job where name = $1", [SEND_PUSH]))
              .rows,
          (rows) => rows.length === 1 && rows[0]!.state === "completed",
          "the push job completed",
        );
      } finally {
        await job.end();
      }
      expect(service.received).toHaveLength(2);
      second.child.kill("SIGTERM");
      await second.exited;
    } finally {
      await service.close();
      await admin(serverUrl, async (client) => {
        await client.query(`drop database if exists ${name} with (force)`);
      });
    }
  }, 180_000);
});
