// Background jobs on pg-boss, in the same PostgreSQL. Anything with a side effect outside
// the database (mail) or that must happen later (releasing an unpaid place) is queued here
// after the write commits, and retried with backoff when it fails.
import type { FastifyBaseLogger } from "fastify";
import PgBoss from "pg-boss";
import type { Mailer, MailMessage } from "../mail/mailer.js";

export const SEND_EMAIL = "send-email";

export type Jobs = {
  sendEmail(message: MailMessage): Promise<void>;
  /** Runs `handler` for every job of `queue`; call once per queue at start. */
  handle<T extends object>(queue: string, handler: (data: T) => Promise<void>): Promise<void>;
  /** Queues a job to run no earlier than `startAfter`. */
  schedule<T extends object>(queue: string, data: T, startAfter: Date): Promise<void>;
  stop(): Promise<void>;
};

const retries = { retryLimit: 8, retryDelay: 5, retryBackoff: true };

export async function startJobs(databaseUrl: string, mailer: Mailer, log: FastifyBaseLogger): Promise<Jobs> {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 4 });
  boss.on("error", (error) => {
    // When the process stops, the embedded PostgreSQL may go down before the queue does.
    if (/terminating connection due to administrator command|Connection terminated/.test(String(error))) {
      log.info("job queue: database connection closed");
      return;
    }
    log.error({ err: error }, "job queue error");
  });
  await boss.start();

  const jobs: Jobs = {
    async sendEmail(message) {
      await boss.send(SEND_EMAIL, message);
    },
    async handle(queue, handler) {
      await boss.createQueue(queue, { name: queue, ...retries });
      await boss.work<Parameters<typeof handler>[0]>(
        queue,
        { pollingIntervalSeconds: 0.5 },
        async (batch) => {
          for (const job of batch) await handler(job.data);
        },
      );
    },
    async schedule(queue, data, startAfter) {
      await boss.send(queue, data, { startAfter });
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000, wait: true });
    },
  };
  await jobs.handle<MailMessage>(SEND_EMAIL, (message) => mailer.send(message));
  return jobs;
}
