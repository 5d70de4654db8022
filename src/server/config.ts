// Environment parsed and checked once at start. Every variable is listed, with its
// default, in .env.example and the README.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import webpush from "web-push";
import { z } from "zod";
import { type PlanCatalog, sandboxCatalog } from "../shared/domain/plans.js";

const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);
const optionalUrl = z.preprocess(emptyAsUndefined, z.url().optional());

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("127.0.0.1"),
  APP_URL: optionalUrl,
  DATA_DIR: z.string().default("./.data"),
  DATABASE_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default("Courtside <no-reply@courtside.local>"),
  STRIPE_SECRET_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess(emptyAsUndefined, z.string().optional()),
  STRIPE_PRICE_BASIC: z.preprocess(emptyAsUndefined, z.string().optional()),
  STRIPE_PRICE_PRO: z.preprocess(emptyAsUndefined, z.string().optional()),
  STRIPE_PRODUCT_BASIC: z.preprocess(emptyAsUndefined, z.string().optional()),
  STRIPE_PRODUCT_PRO: z.preprocess(emptyAsUndefined, z.string().optional()),
  // Where the Stripe SDK sends its calls: unset for Stripe itself; a local stripe-mock or a
  // test's fake server otherwise.
  STRIPE_API_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  // How long before a session its players are reminded, in hours, comma-separated.
  REMINDER_HOURS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default("24,2")
      .transform((value) => [...new Set(value.split(",").map((h) => Number(h.trim())))].sort((a, b) => b - a))
      .refine((hours) => hours.every((h) => Number.isInteger(h) && h >= 1 && h <= 168), {
        message: "whole hours from 1 to 168, comma-separated (e.g. 24,2)",
      }),
  ),
  SESSION_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32).optional()),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // Unset: readable lines on a terminal, JSON lines otherwise.
  LOG_FORMAT: z.preprocess(emptyAsUndefined, z.enum(["json", "pretty"]).optional()),
  MAILBOX: z.preprocess(emptyAsUndefined, z.enum(["0", "1"]).optional()),
  // The local stand-ins, chosen on purpose: production refuses to start on them otherwise
  // (standIns below). Unset, each follows from its real counterpart's variable.
  PAYMENTS: z.preprocess(emptyAsUndefined, z.enum(["stripe", "sandbox"]).optional()),
  MAIL: z.preprocess(emptyAsUndefined, z.enum(["smtp", "mailbox"]).optional()),
  SMS_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(["mailbox", "none"]).optional()),
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.string().optional()),
  // Accounts one address may open in 15 minutes (platform/auth/guards.ts): a club's sign-up night,
  // or a test suite, behind one address may need more.
  SIGN_UPS_PER_ADDRESS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(10_000).default(60),
  ),
  // Clubs one account may start in a day (sending-caps.ts): each can invite in its name.
  CLUBS_PER_ACCOUNT_PER_DAY: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(10_000).default(5),
  ),
  // Mail of every kind one address may be sent in a day; past it a mail is not sent.
  MAILS_PER_ADDRESS_PER_DAY: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(100_000).default(100),
  ),
  // Everyone's mail, and texts, in an hour: the log pages the operator at 80% (sending-caps.ts).
  MAIL_HOURLY_BUDGET: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(10_000_000).default(2000),
  ),
  TEXTS_HOURLY_BUDGET: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(1_000_000).default(200),
  ),
  // The demo club: 1 allows it anywhere, 0 nowhere; unset, only on a local install.
  DEMO: z.preprocess(emptyAsUndefined, z.enum(["0", "1"]).optional()),
  // Set by `npm run demo`: build the demo club at start.
  SEED_DEMO: z.preprocess(emptyAsUndefined, z.enum(["0", "1"]).optional()),
  // Web Push's VAPID key pair (base64url); unset, one is made once and kept in DATA_DIR.
  VAPID_PUBLIC_KEY: z.preprocess(emptyAsUndefined, z.string().min(80).max(100).optional()),
  VAPID_PRIVATE_KEY: z.preprocess(emptyAsUndefined, z.string().min(40).max(50).optional()),
  // Tests only: push subscriptions may name a loopback or private address (their local push
  // service). Refused in production, where it would let anyone make the server call inside.
  PUSH_ALLOW_PRIVATE_ENDPOINTS: z.preprocess(emptyAsUndefined, z.enum(["0", "1"]).optional()),
  NODE_ENV: z.string().optional(),
});

type Env = z.infer<typeof envSchema>;

export type StripeConfig = { secretKey: string; webhookSecrets: string[]; apiUrl: string | undefined };

// With a Stripe key, everything a real payment needs must be there: a half-configured Stripe
// would take a club's money and never hear back (no webhook secret), or sell no plan.
const STRIPE_REQUIRED = [
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_PRICE_BASIC",
  "STRIPE_PRICE_PRO",
  "STRIPE_PRODUCT_BASIC",
  "STRIPE_PRODUCT_PRO",
] as const;

function stripeConfig(e: Env): StripeConfig | undefined {
  if (!e.STRIPE_SECRET_KEY) return undefined;
  const missing = STRIPE_REQUIRED.filter((name) => !e[name]);
  if (missing.length > 0) {
    throw new Error(
      `Invalid configuration:\n  STRIPE_SECRET_KEY is set, so ${missing.join(", ")} must be too`,
    );
  }
  // Stripe sends clubs back from onboarding to APP_URL, and a live account only to https: with
  // a plain http address the app would start and fail at the first club's onboarding. A test
  // key may run on this machine's own address (local development against test mode).
  const appUrl = new URL(e.APP_URL ?? `http://localhost:${e.PORT}`);
  const testKey = /^(sk|rk)_test_/.test(e.STRIPE_SECRET_KEY);
  const loopback = LOOPBACK_HOSTS.has(appUrl.hostname.replace(/^\[|\]$/g, ""));
  if (appUrl.protocol !== "https:" && !(testKey && loopback)) {
    throw new Error(
      "Invalid configuration:\n  STRIPE_SECRET_KEY is set, so APP_URL must be an https address (a test key may also use http://localhost)",
    );
  }
  return {
    secretKey: e.STRIPE_SECRET_KEY,
    // Comma-separated: the platform endpoint's secret and the Connect endpoint's.
    webhookSecrets: e
      .STRIPE_WEBHOOK_SECRET!.split(",")
      .map((secret) => secret.trim())
      .filter(Boolean),
    apiUrl: e.STRIPE_API_URL,
  };
}

function stripeCatalog(e: Env): PlanCatalog {
  return {
    basic: { priceId: e.STRIPE_PRICE_BASIC!, productId: e.STRIPE_PRODUCT_BASIC! },
    pro: { priceId: e.STRIPE_PRICE_PRO!, productId: e.STRIPE_PRODUCT_PRO! },
  };
}

export type Config = {
  port: number;
  host: string;
  appUrl: string;
  /** The origins that are us: APP_URL's, and on a local install every loopback name for it. */
  ownOrigins: string[];
  dataDir: string;
  /** DATA_DIR was set (not the default): the embedded database stays in it or says why it cannot. */
  dataDirChosen: boolean;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Set when STRIPE_SECRET_KEY is: the Stripe adapter replaces the sandbox. */
  stripe: StripeConfig | undefined;
  /** The paid plans' provider prices and products (the sandbox's own without Stripe). */
  planCatalog: PlanCatalog;
  redisUrl: string | undefined;
  /** Hours before a session its players are reminded, largest first (24, 2). */
  reminderHours: number[];
  sessionSecret: string;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  logFormat: "json" | "pretty" | undefined;
  /** /dev/mailbox is served: every mailed link is readable there, so only on a private machine. */
  mailboxPage: boolean;
  /** Where text messages (the phone factor's codes) go: the local mailbox, or nowhere. */
  smsProvider: "mailbox" | "none";
  /** The demo club may be built (`npm run demo`, the dashboard's button): never in production unless DEMO=1. */
  demo: boolean;
  /** Build the demo club at start (`npm run demo`). */
  seedDemo: boolean;
  /** Fastify's trustProxy: which proxies' X-Forwarded-For names the client. */
  trustProxy: boolean | number | string[];
  /** Accounts one client address may open in 15 minutes. */
  signUpsPerAddress: number;
  /** Clubs one account may start in a day. */
  clubsPerAccountPerDay: number;
  /** What everyone together may be sent in an hour before mail waits and texts are refused. */
  hourlyBudget: { mail: number; texts: number };
  /** Mail of every kind one address may be sent in a day. */
  mailsPerAddressPerDay: number;
  /** Every answer is checked against its zod contract before it is sent: everywhere but production. */
  checkAnswers: boolean;
  /** Web Push: the VAPID key pair, who we are to push services, and (tests) private endpoints allowed. */
  push: { publicKey: string; privateKey: string; subject: string; allowPrivateEndpoints: boolean };
  /**
   * The local stand-ins a production server runs on because its operator said so (PAYMENTS=sandbox,
   * MAIL=mailbox, SMS_PROVIDER=mailbox): every page says so. Empty outside production, where
   * they are the ordinary way to try the app.
   */
  standIns: StandIn[];
};

export type StandIn = "payments" | "mail" | "texts";

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const smsProvider = e.SMS_PROVIDER ?? (e.NODE_ENV === "production" ? "none" : "mailbox");
  return {
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    ownOrigins: ownOrigins(e.APP_URL ?? `http://localhost:${e.PORT}`),
    dataDir,
    dataDirChosen: env.DATA_DIR !== undefined && env.DATA_DIR !== "",
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    stripe: stripeConfig(e),
    planCatalog: e.STRIPE_SECRET_KEY ? stripeCatalog(e) : sandboxCatalog,
    redisUrl: e.REDIS_URL,
    reminderHours: e.REMINDER_HOURS,
    sessionSecret: e.SESSION_SECRET ?? persistedSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    mailboxPage: !e.SMTP_URL && mailboxPage(e),
    smsProvider,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    signUpsPerAddress: e.SIGN_UPS_PER_ADDRESS,
    clubsPerAccountPerDay: e.CLUBS_PER_ACCOUNT_PER_DAY,
    mailsPerAddressPerDay: e.MAILS_PER_ADDRESS_PER_DAY,
    hourlyBudget: { mail: e.MAIL_HOURLY_BUDGET, texts: e.TEXTS_HOURLY_BUDGET },
    demo: e.DEMO === undefined ? e.NODE_ENV !== "production" && e.DATABASE_URL === undefined : e.DEMO === "1",
    seedDemo: e.SEED_DEMO === "1",
    checkAnswers: e.NODE_ENV !== "production",
    push: pushConfig(e, dataDir),
    standIns: standIns(e, smsProvider),
  };
}

/**
 * Which stand-ins run, refusing in production the ones nobody chose: a production server
 * without Stripe keys used to start on the sandbox without a word, where an owner could take
 * Pro for free and members "paid" for places with no money moving; without SMTP_URL it kept
 * every mail in a mailbox nobody reads.
 */
function standIns(e: Env, smsProvider: "mailbox" | "none"): StandIn[] {
  if (e.PAYMENTS === "stripe" && !e.STRIPE_SECRET_KEY)
    throw new Error(
      "Invalid configuration:\n  PAYMENTS=stripe needs STRIPE_SECRET_KEY and the other STRIPE_ variables",
    );
  if (e.PAYMENTS === "sandbox" && e.STRIPE_SECRET_KEY)
    throw new Error(
      "Invalid configuration:\n  PAYMENTS=sandbox and STRIPE_SECRET_KEY contradict each other: unset one",
    );
  if (e.MAIL === "smtp" && !e.SMTP_URL) throw new Error("Invalid configuration:\n  MAIL=smtp needs SMTP_URL");
  if (e.MAIL === "mailbox" && e.SMTP_URL)
    throw new Error("Invalid configuration:\n  MAIL=mailbox and SMTP_URL contradict each other: unset one");
  if (e.NODE_ENV !== "production") return [];
  const refused: string[] = [];
  if (!e.STRIPE_SECRET_KEY && e.PAYMENTS !== "sandbox")
    refused.push(
      "payments need STRIPE_SECRET_KEY (and the other STRIPE_ variables); PAYMENTS=sandbox runs the sandbox, where no money moves, on purpose",
    );
  if (!e.SMTP_URL && e.MAIL !== "mailbox")
    refused.push(
      "mail needs SMTP_URL; MAIL=mailbox keeps every mail in the local mailbox, unsent, on purpose",
    );
  if (refused.length > 0)
    throw new Error(`Invalid configuration for production (NODE_ENV=production):\n  ${refused.join("\n  ")}`);
  const running: StandIn[] = [];
  if (!e.STRIPE_SECRET_KEY) running.push("payments");
  if (!e.SMTP_URL) running.push("mail");
  // Texts default to none in production: the mailbox only when the operator named it.
  if (smsProvider === "mailbox") running.push("texts");
  return running;
}

function pushConfig(e: Env, dataDir: string): Config["push"] {
  if (e.PUSH_ALLOW_PRIVATE_ENDPOINTS === "1" && e.NODE_ENV === "production")
    throw new Error(
      "Invalid configuration:\n  PUSH_ALLOW_PRIVATE_ENDPOINTS is for tests only, never in production",
    );
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined))
    throw new Error("Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together");
  const keys =
    e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
      ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
      : persistedVapidKeys(dataDir);
  // Push services contact this address about the pushes we send.
  const from = /<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM;
  return {
    ...keys,
    subject: `mailto:${from}`,
    allowPrivateEndpoints: e.PUSH_ALLOW_PRIVATE_ENDPOINTS === "1",
  };
}

// As the session secret: made once, kept in DATA_DIR, so subscriptions survive restarts (a new
// key pair would make every phone's subscription useless).
function persistedVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, "vapid-keys.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8"));
  mkdirSync(dataDir, { recursive: true });
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify({ publicKey, privateKey }), { mode: 0o600 });
  return { publicKey, privateKey };
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "::1"]);

// A local install answers at localhost and at 127.0.0.1 alike (a newcomer types either, and
// some tools print the other), so both are our own origin for cross-site checks and sign-in.
// Off loopback, APP_URL's origin alone. Links in mail still use APP_URL.
export function ownOrigins(appUrl: string): string[] {
  const url = new URL(appUrl);
  if (!LOOPBACK_HOSTS.has(url.hostname.replace(/^\[|\]$/g, ""))) return [url.origin];
  const port = url.port ? `:${url.port}` : "";
  const others = ["localhost", "127.0.0.1", "[::1]"].map((host) => `${url.protocol}//${host}${port}`);
  return [url.origin, ...others.filter((origin) => origin !== url.origin)];
}

// The mailbox page holds every reset and invitation link. It is on by default only for a
// local install (the embedded database, listening on loopback, its own address a loopback
// one, no proxy in front), can be asked for with MAILBOX=1 or refused with MAILBOX=0, and is
// never served on a reachable address. The page itself also refuses anything that did not
// come straight from this machine (mailbox-page.ts): a reverse proxy on the same machine
// would otherwise make every visitor look local.
function mailboxPage(e: Env): boolean {
  if (!LOOPBACK_HOSTS.has(e.HOST)) return false;
  if (e.MAILBOX !== undefined) return e.MAILBOX === "1";
  const appHost = e.APP_URL ? new URL(e.APP_URL).hostname.replace(/^\[|\]$/g, "") : "localhost";
  return e.DATABASE_URL === undefined && e.TRUST_PROXY === undefined && LOOPBACK_HOSTS.has(appHost);
}

// Unset: no proxy, the socket's address is the client's. "true": every hop is trusted (only
// behind a proxy that overwrites the header). A number: that many hops. Otherwise a list of
// the proxies' addresses or CIDR ranges, comma-separated.
function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
}

// Without SESSION_SECRET a random one is generated once and kept in DATA_DIR, so sessions
// survive restarts of a local install.
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
