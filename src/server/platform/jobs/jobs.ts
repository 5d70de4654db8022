// Background jobs on pg-boss, in the same PostgreSQL. Anything with a side effect outside
// the database (mail now; reminders and digests later) is queued here after the write
// commits, and retried with backoff when it fails.
import type { FastifyBaseLogger } from "fastify";
import PgBoss from "pg-boss";
import type { Mailer, MailMessage } from "../mail/mailer.js";

export const SEND_EMAIL = "send-email";

export type Jobs = {
  sendEmail(message: MailMessage): Promise<void>;
  stop(): Promise<void>;
};

export async function startJobs(databaseUrl: string, mailer: Mailer, log: FastifyBaseLogger): Promise<Jobs> {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 4 });
  boss.on("error", (error) => log.error({ err: error }, "job queue error"));
  await boss.start();
  await boss.createQueue(SEND_EMAIL, {
    name: SEND_EMAIL,
    retryLimit: 8,
    retryDelay: 5,
    retryBackoff: true,
  });
  await boss.work<MailMessage>(SEND_EMAIL, { pollingIntervalSeconds: 0.5 }, async (jobs) => {
    for (const job of jobs) await mailer.send(job.data);
  });
  return {
    async sendEmail(message) {
      await boss.send(SEND_EMAIL, message);
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000, wait: true });
    },
  };
}
