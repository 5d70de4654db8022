import type { Config } from "./config.js";
import type { Database } from "./db/database.js";
import type { Auth } from "./platform/auth/auth.js";
import type { Jobs } from "./platform/jobs/jobs.js";
import type { Mailer } from "./platform/mail/mailer.js";
import type { PaymentProvider } from "./platform/payments/payment-provider.js";
import type { RealtimeHub } from "./platform/realtime/hub.js";
import type { SmsSender } from "./platform/sms/sms.js";

/** Everything a request handler may reach, built once at start and passed in (no globals). */
export type AppDeps = {
  config: Config;
  database: Database;
  mailer: Mailer;
  jobs: Jobs;
  auth: Auth;
  payments: PaymentProvider;
  realtime: RealtimeHub;
  /** Text messages (the phone factor's codes). */
  sms: SmsSender;
  /** The clock; tests move it to check trials and expiries. */
  now: () => Date;
  /** Where the built web client lives; absent in API-only tests. */
  webRoot?: string;
};

/** What a use case with effects needs: the database and queue, the app's address, the clock. */
export type UseCaseDeps = Pick<AppDeps, "database" | "jobs" | "config" | "now">;
