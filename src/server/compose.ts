// Builds the app's dependencies from configuration: the one place that knows which adapter
// (SMTP or mailbox, Stripe or sandbox) stands behind each port.
import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "./app-deps.js";
import type { Config } from "./config.js";
import { connectDatabase, migrateDatabase } from "./db/database.js";
import { ensureProfile } from "./features/account/service.js";
import { DEMO_MEMBER_DOMAIN } from "./features/demo/seed.js";
import { paymentByRef } from "./features/sessions/service.js";
import { createAuth } from "./platform/auth/auth.js";
import { countRateLimitsIn } from "./platform/auth/rate-limit.js";
import { connectRedisRateLimits } from "./platform/auth/redis-rate-limits.js";
import { followUps } from "./platform/jobs/follow-ups.js";
import { startJobs } from "./platform/jobs/jobs.js";
import { createMailboxMailer, createSmtpMailer } from "./platform/mail/mailer.js";
import { cappedMailer, cappedSms } from "./platform/mail/sending-caps.js";
import { createSandboxProvider } from "./platform/payments/sandbox-provider.js";
import { startRealtimeHub } from "./platform/realtime/hub.js";
import { startRedisHub } from "./platform/realtime/redis-hub.js";
import { createMailboxSms, noSms } from "./platform/sms/sms.js";

export async function composeDeps(
  config: Config,
  databaseUrl: string,
  log: FastifyBaseLogger,
  extra: { webRoot?: string; now?: () => Date; trustedOrigins?: string[] } = {},
): Promise<AppDeps & { close: () => Promise<void> }> {
  await migrateDatabase(databaseUrl);
  const database = connectDatabase(databaseUrl, { log });
  const smtp = config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : undefined;
  const transport =
    smtp ??
    createMailboxMailer(
      database.db,
      log,
      config.mailFrom,
      config.mailboxPage ? `${config.appUrl}/dev/mailbox` : undefined,
      DEMO_MEMBER_DOMAIN,
    );
  // Every mail and text passes the caps on what the app may be made to send.
  const mailer = cappedMailer(transport, database.db, log, {
    hourlyBudget: config.hourlyBudget.mail,
    perAddressPerDay: config.mailsPerAddressPerDay,
  });
  const jobs = await startJobs(databaseUrl, mailer, log);
  const sms = cappedSms(
    config.smsProvider === "mailbox"
      ? createMailboxSms(database.db, log, config.mailboxPage ? `${config.appUrl}/dev/mailbox` : undefined)
      : noSms,
    database.db,
    log,
    config.hourlyBudget.texts,
  );
  const auth = createAuth({
    db: database.db,
    config,
    jobs,
    log,
    sms,
    extraTrustedOrigins: extra.trustedOrigins,
    // The profile keeps the full name given at sign-up.
    onUserCreated: (user) => ensureProfile(database.db, user.id, user.name),
  });
  // Stripe's SDK is loaded only with its keys: a club running on the sandbox does not carry it
  // (6 MB of heap, 15 MB resident).
  const payments = config.stripe
    ? (await import("./platform/payments/stripe-provider.js")).createStripeProvider(config.stripe, log)
    : createSandboxProvider(config.appUrl, database.db, (by, ref) => paymentByRef(database.db, by, ref));
  // With REDIS_URL, rate limits are counted in Redis (named after this app's database), and
  // board notices travel over Redis pub/sub; without it, in PostgreSQL and over LISTEN/NOTIFY.
  const rateLimits = config.redisUrl
    ? await connectRedisRateLimits(config.redisUrl, databaseName(databaseUrl), log)
    : undefined;
  if (rateLimits) countRateLimitsIn(database.db, rateLimits);
  followUps(database).onFailure = (error) =>
    log.warn({ err: error }, "work after a commit failed; its queued job does it again");
  const realtime = config.redisUrl
    ? await startRedisHub(config.redisUrl, log)
    : await startRealtimeHub(databaseUrl, database.pool, log);
  return {
    config,
    database,
    mailer,
    jobs,
    auth,
    payments,
    realtime,
    sms,
    now: extra.now ?? (() => new Date()),
    webRoot: extra.webRoot,
    close: async () => {
      // What commits owed before the pool goes: each would otherwise fail, and wait for its job.
      await followUps(database).settled();
      await realtime.close();
      await rateLimits?.close();
      await jobs.stop();
      smtp?.close();
      // And any a job started meanwhile.
      await followUps(database).settled();
      await database.pool.end();
    },
  };
}

/** "host:port/name" of the database: what names this deployment's keys in a shared Redis. */
function databaseName(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return `${url.host}${url.pathname}`;
}
