// Background jobs on pg-boss, in the same PostgreSQL. Anything with a side effect outside
// the database (mail) or that must happen later (releasing an unpaid place) is queued here,
// by the writing transaction itself (outbox.ts), and retried with backoff when it fails.
import type { FastifyBaseLogger } from "fastify";
import PgBoss from "pg-boss";
import { DATABASE_TIMEOUTS } from "../../db/database.js";
import { databaseUnavailable } from "../errors/error-handler.js";
import type { Mailer, MailMessage } from "../mail/mailer.js";
import type { Effect } from "./outbox.js";

export const SEND_EMAIL = "send-email";

/** A connection pg-boss writes its jobs through: a use case's transaction (outbox.ts). */
export type JobConnection = { executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }> };

export type Jobs = {
  /** Queues a mail on its own (no change to commit with it: better-auth's account emails). */
  sendEmail(message: MailMessage): Promise<void>;
  /** Queues effects through `connection`, so they commit with the transaction it belongs to. */
  enqueue(effects: readonly Effect[], connection: JobConnection): Promise<void>;
  /** Runs `handler` for every job of `queue`; call once per queue at start. */
  handle<T extends object>(
    queue: string,
    handler: (data: T) => Promise<void>,
    options?: { workers?: number; retryLimit?: number },
  ): Promise<void>;
  /** Queues `queue`'s job on a cron schedule in UTC: one run per tick across all instances. */
  every(queue: string, cron: string): Promise<void>;
  /** Queues a job to run no earlier than `startAfter`. */
  schedule<T extends object>(queue: string, data: T, startAfter: Date): Promise<void>;
  stop(): Promise<void>;
};

// A job whose worker died (a crash, a kill) is active until it expires; the supervisor then
// hands it back for a retry. Every job here takes seconds, so both are short: a crashed mail
// is sent again well within a minute.
const policy = { retryLimit: 8, retryDelay: 5, retryBackoff: true, expireInSeconds: 20 };
const SUPERVISE_EVERY_SECONDS = 10;
// A queue's workers fetch small batches and run a batch's jobs side by side; mail has 4, so
// at 2 polls a second it leaves at up to 80 a second instead of 2. Small batches keep one
// slow job from holding many others, and a job that runs past JOB_TIMEOUT_MS fails alone
// (and is retried) well before the batch's 20 s expiry would fail them all.
const MAIL_WORKERS = 4;
const BATCH_SIZE = 10;
const JOB_TIMEOUT_MS = 15_000;

function withTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`job took longer than ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

// How long a finished attempt is remembered: longer than the retries of a timed-out job.
const REMEMBER_DONE_MS = 10 * 60_000;

/**
 * Runs each job's handler at most once at a time per process, and not again once it has
 * succeeded. A timeout cannot cancel a mail already on its way: when it fails the job, the
 * retry waits for that first attempt, and sends only if it failed. (Across processes a mail
 * can still go twice, when the first sender died after sending: delivery is at least once.)
 */
function onceAtATime<T>(handler: (data: T) => Promise<void>) {
  const running = new Map<string, Promise<void>>();
  const done = new Set<string>();
  return (job: { id: string; data: T }): Promise<void> => {
    if (done.has(job.id)) return Promise.resolve();
    const earlier = running.get(job.id);
    const attempt = (earlier ? earlier.catch(() => handler(job.data)) : handler(job.data)).then(() => {
      done.add(job.id);
      setTimeout(() => done.delete(job.id), REMEMBER_DONE_MS).unref();
    });
    const tracked = attempt.finally(() => {
      if (running.get(job.id) === tracked) running.delete(job.id);
    });
    // Nobody may be waiting for it any more (the attempt timed out): its failure is not unhandled.
    tracked.catch(() => {});
    running.set(job.id, tracked);
    return tracked;
  };
}

export async function startJobs(
  databaseUrl: string,
  mailer: Mailer,
  log: FastifyBaseLogger,
  options: { jobTimeoutMs?: number } = {},
): Promise<Jobs> {
  const jobTimeoutMs = options.jobTimeoutMs ?? JOB_TIMEOUT_MS;
  // pg-boss hands its options to pg.Pool, whose bounded waits its types do not list.
  const poolBounds = {
    connectionTimeoutMillis: DATABASE_TIMEOUTS.connectionTimeoutMillis,
    query_timeout: 10_000,
    keepAlive: true,
  };
  const bossOptions = {
    connectionString: databaseUrl,
    max: 4,
    maintenanceIntervalSeconds: SUPERVISE_EVERY_SECONDS,
  };
  const boss = new PgBoss({ ...bossOptions, ...poolBounds });
  boss.on("error", (error) => {
    // The database going away is a passing condition: the workers poll again and carry on.
    if (databaseUnavailable(error)) {
      log.warn(`job queue: database unavailable (${error.message})`);
      return;
    }
    log.error({ err: error }, "job queue error");
  });
  await boss.start();

  const jobs: Jobs = {
    async sendEmail(message) {
      await boss.send(SEND_EMAIL, message);
    },
    async enqueue(effects, connection) {
      // pg-boss's own type for the connection says any[] where ours says unknown[].
      const db = connection as PgBoss.Db;
      if (effects.length === 0) return;
      // All in one statement: each effect was a round trip of its own inside the use case's
      // transaction (a board score queues four or five), and every one held the board's lock.
      // Each job still takes its queue's policy (retries, expiry), as a send would.
      await boss.insert(
        effects.map((effect) =>
          effect.kind === "email"
            ? { name: SEND_EMAIL, data: effect.message }
            : {
                name: effect.queue,
                data: effect.data,
                ...(effect.startAfter ? { startAfter: effect.startAfter } : {}),
              },
        ),
        { db },
      );
    },
    async handle(queue, handler, handleOptions = {}) {
      const queuePolicy = {
        name: queue,
        ...policy,
        retryLimit: handleOptions.retryLimit ?? policy.retryLimit,
      };
      await boss.createQueue(queue, queuePolicy);
      // A queue made by an older version keeps its old policy unless told.
      await boss.updateQueue(queue, queuePolicy);
      const run = onceAtATime(handler);
      for (let worker = 0; worker < (handleOptions.workers ?? 1); worker++)
        await boss.work<Parameters<typeof handler>[0]>(
          queue,
          { pollingIntervalSeconds: 0.5, batchSize: BATCH_SIZE },
          async (batch) => {
            const results = await Promise.allSettled(batch.map((job) => withTimeout(run(job), jobTimeoutMs)));
            // One failure retries that job alone; pg-boss then completes the ones still active.
            // The batch itself never fails: that would retry (and send again) the jobs that
            // succeeded. A failure that cannot be recorded (the database is away) leaves the
            // job to expire and be retried, unless pg-boss completes it first: then it is logged.
            await Promise.all(
              results.map(async (result, index) => {
                if (result.status === "fulfilled") return;
                const job = batch[index]!;
                for (let attempt = 1; ; attempt++) {
                  try {
                    await boss.fail(queue, job.id, errorData(result.reason));
                    return;
                  } catch (error) {
                    if (attempt === 3) {
                      log.error({ err: error, queue, jobId: job.id }, "could not record a failed job");
                      return;
                    }
                    await new Promise((resolve) => setTimeout(resolve, 1000));
                  }
                }
              }),
            );
          },
        );
    },
    async every(queue, cron) {
      await boss.schedule(queue, cron, {}, { tz: "UTC" });
    },
    async schedule(queue, data, startAfter) {
      await boss.send(queue, data, { startAfter });
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000, wait: true });
    },
  };
  await jobs.handle<MailMessage>(SEND_EMAIL, (message) => mailer.send(message), { workers: MAIL_WORKERS });
  return jobs;
}

const errorData = (error: unknown) => ({ message: error instanceof Error ? error.message : String(error) });
