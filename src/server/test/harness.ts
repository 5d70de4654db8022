// Builds the real app for a test file: its own database cloned from the migrated template,
// a real SMTP peer, and helpers that act as a browser would (cookies, origin header).
import { randomBytes } from "node:crypto";
import type {
  FastifyBaseLogger,
  FastifyInstance,
  InjectOptions,
  LightMyRequestResponse,
  RouteOptions,
} from "fastify";
import type pg from "pg";
import { inject } from "vitest";
import type { Endpoint } from "../../shared/contracts/endpoint.js";
import { buildApp } from "../app.js";
import { composeDeps } from "../compose.js";
import { loadConfig } from "../config.js";
import { createLogger } from "../platform/logging/logger.js";
import type { SocketLimits } from "../platform/realtime/socket-limits.js";
import { admin, withDatabase } from "./global-setup.js";
import { firstLink, startSmtpPeer } from "./smtp-peer.js";
import { APP_URL, type CallArgs, callApp, request } from "./typed-client.js";

export { APP_URL, request };

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export async function createTestApp(
  options: {
    now?: () => Date;
    onRoute?: (route: RouteOptions) => void;
    /** Connect the app through something else (a proxy that can cut the line) to its database. */
    routeDatabase?: (directUrl: string) => string;
    /** More environment for the app's configuration (Stripe's, for instance). */
    env?: Record<string, string>;
    /** The app's logger, for a test that reads what was logged. */
    log?: FastifyBaseLogger;
    /** Other caps on open WebSockets than the app's own. */
    socketLimits?: Partial<SocketLimits>;
    /** A built web client to serve, as main.ts serves dist/web. */
    webRoot?: string;
  } = {},
) {
  const { serverUrl, template } = inject("testDatabase");
  const name = `t_${process.pid}_${randomBytes(4).toString("hex")}`;
  await admin(serverUrl, async (client) => {
    await client.query(`create database ${name} template ${template}`);
  });
  const smtp = await startSmtpPeer();
  const config = loadConfig({
    APP_URL,
    SMTP_URL: smtp.url,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    DATA_DIR: "/tmp/courtside-test-unused",
    LOG_LEVEL: "silent",
    ...options.env,
  });
  const log = options.log ?? createLogger(process.env.TEST_LOG_LEVEL ?? "silent");
  const directUrl = withDatabase(serverUrl, name);
  const deps = await composeDeps(config, options.routeDatabase?.(directUrl) ?? directUrl, log, {
    now: options.now,
    webRoot: options.webRoot,
  });
  // Tests run the sweeps themselves, on their own clock: a cron tick landing mid-test would
  // race them (and send on the real clock).
  deps.jobs.every = async () => {};
  const app = await buildApp(deps, {
    logger: log,
    onRoute: options.onRoute,
    socketLimits: options.socketLimits,
  });
  await app.ready();

  return {
    app,
    deps,
    db: deps.database.db,
    smtp,
    /** This file's database, and an administrator's connection to its server. */
    databaseName: name,
    admin: (work: (client: pg.Client) => Promise<void>) => admin(serverUrl, work),
    /** Another app instance on the same database, as a second server process would be. */
    secondInstance: async () => {
      const other = await composeDeps(config, withDatabase(serverUrl, name), log, { now: options.now });
      other.jobs.every = async () => {};
      const otherApp = await buildApp(other, { logger: log });
      await otherApp.ready();
      return {
        app: otherApp,
        close: async () => {
          await otherApp.close();
          await other.close();
        },
      };
    },
    request: (opts: InjectOptions & { cookie?: string }) => request(app, opts),
    /** Calls an endpoint by its shared definition (typed-client.ts): what new tests use. */
    call: <E extends Endpoint>(definition: E, ...args: CallArgs<E>) => callApp(app, definition, ...args),
    close: async () => {
      await app.close();
      await deps.close();
      await smtp.close();
    },
  };
}

/** The cookies a response set, as a Cookie header value. */
export function cookiesFrom(response: LightMyRequestResponse): string {
  return response.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}

/** Signs a new person up, follows the mailed confirmation link, and returns their session cookie. */
export async function signUpVerified(
  t: TestApp,
  person: { email: string; name?: string; password?: string },
): Promise<string> {
  const signUp = await t.request({
    method: "POST",
    url: "/api/auth/sign-up/email",
    payload: {
      email: person.email,
      name: person.name ?? "Test Player",
      password: person.password ?? "correct horse battery",
      callbackURL: "/onboarding",
    },
  });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`);
  const mail = await t.smtp.waitForMail(person.email, /Confirm/);
  const link = new URL(firstLink(mail));
  const verify = await t.request({ method: "GET", url: `${link.pathname}${link.search}` });
  const cookie = cookiesFrom(verify);
  if (!cookie.includes("session_token"))
    throw new Error(`verification gave no session: ${verify.statusCode}`);
  return cookie;
}

export const clubInput = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  courtsCount: 2,
  timeZone: "America/New_York",
  ...extra,
});

export async function createClub(t: TestApp, cookie: string, name = "Riverside Pickleball") {
  const response = await t.request({ method: "POST", url: "/api/orgs", cookie, payload: clubInput(name) });
  if (response.statusCode !== 201) throw new Error(`club creation failed: ${response.body}`);
  return response.json() as { organization: { id: string; slug: string } };
}
