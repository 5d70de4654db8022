// The app's logger. A log is read by more people than the database is, so nothing that lets
// someone act as another person is written to it: cookies, passwords and tokens in known
// fields are replaced, query-string values and token-like path segments of URLs are hidden,
// the parameters of failed SQL (better-auth's include raw session tokens) are dropped, and
// every string inside a logged error, however deep, is redacted the same way.
import pino, { type Logger } from "pino";
import pinoPretty from "pino-pretty";

export const REDACTED = "[redacted]";

const SECRET_FIELDS = [
  "password",
  "currentPassword",
  "newPassword",
  "token",
  "secret",
  "sessionSecret",
  "cookie",
  "authorization",
  "params",
];

const redactPaths = [
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]),
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Long runs of URL-safe characters are how our tokens look (display, invitation, calendar
// feed, better-auth's); ids are UUIDs and stay readable.
const TOKEN_LIKE = /^[A-Za-z0-9_.~-]{20,}$/;

/** A URL or path with its query values and token-like segments hidden. */
export function redactUrl(url: string): string {
  const [path = "", query] = url.split("?", 2);
  const safePath = path
    .split("/")
    .map((segment) => (TOKEN_LIKE.test(segment) && !UUID.test(segment) ? REDACTED : segment))
    .join("/");
  if (query === undefined) return safePath;
  const keys = [...new URLSearchParams(query).keys()];
  return `${safePath}?${keys.map((key) => `${key}=${REDACTED}`).join("&")}`;
}

// A secret quoted in free text: a long run of URL-safe characters that looks random, as our
// tokens, better-auth's and base32 authenticator secrets do. Words of a stack trace or of SQL,
// ids (UUIDs with their dashes in place), snake_case names and Stripe's object ids (pi_...,
// evt_..., which open nothing) stay readable.
const WORD_IN_TEXT = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{20,}/g;
const STRIPE_OBJECT_ID = /^(acct|ch|cs|cus|evt|in|pi|pm|price|prod|re|seti|sub)_[A-Za-z0-9_]+$/;
const SNAKE_CASE = /^[a-z0-9]{1,15}(?:_[a-z0-9]{1,15})+$/;

/** Letters and digits mixed, or upper and lower case switching often (camelCase switches rarely). */
function looksRandom(word: string): boolean {
  if (/[0-9]/.test(word) && /[A-Za-z]/.test(word)) return true;
  let switches = 0;
  for (let i = 1; i < word.length; i++) {
    const a = word[i - 1]!;
    const b = word[i]!;
    if (/[A-Za-z]/.test(a) && /[A-Za-z]/.test(b) && (a === a.toUpperCase()) !== (b === b.toUpperCase()))
      switches++;
  }
  return switches / word.length >= 0.3;
}

const redactWord = (word: string) =>
  UUID.test(word) || STRIPE_OBJECT_ID.test(word) || SNAKE_CASE.test(word) || !looksRandom(word)
    ? word
    : REDACTED;

/** Text with any URL in it redacted, SQL parameter lists cut off and token-like words hidden. */
export function redactText(text: string): string {
  return text
    .replace(/\nparams: [\s\S]*$/, `\nparams: ${REDACTED}`)
    .replace(/https?:\/\/[^\s"'<>]+/g, (url) => {
      const parsed = URL.canParse(url) ? new URL(url) : undefined;
      if (!parsed) return REDACTED;
      const rest = redactUrl(parsed.pathname + parsed.search);
      // A bare origin stays bare: the parser's "/" is not in what was written.
      return `${parsed.origin}${rest === "/" && !/^https?:\/\/[^/]+\//.test(url) ? "" : rest}`;
    })
    .replace(WORD_IN_TEXT, redactWord);
}

// Fields never worth keeping from an error: a failed statement's SQL and its parameters.
const DROPPED_ERROR_FIELDS = new Set(["params", "query", "parameters"]);
const SECRET_FIELD = new RegExp(`^(${SECRET_FIELDS.join("|")})$`, "i");
const MAX_DEPTH = 6;

/**
 * Every string an error carries, at any depth (better-auth nests SQL with its parameters in
 * `body.message` and `body.stack`; drivers in `cause`, `details`), passes through redactText;
 * secret-named fields are replaced and SQL parameter fields dropped. Nothing is trusted to be
 * clean because of where it sits.
 */
function redactDeep(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === "string") return redactText(value);
  if (value === null || typeof value !== "object") return value;
  if (depth > MAX_DEPTH) return "[too deep]";
  if (seen.has(value)) return "[circular]";
  seen.add(value);
  if (value instanceof Error) return redactDeep(pino.stdSerializers.errWithCause(value), depth + 1, seen);
  // Bytes are said by their size: a buffer would otherwise be written as one field per byte.
  if (ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => redactDeep(item, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (DROPPED_ERROR_FIELDS.has(key)) continue;
    out[key] = SECRET_FIELD.test(key) ? REDACTED : redactDeep(field, depth + 1, seen);
  }
  return out;
}

type SerializedError = { message?: string; stack?: string; [key: string]: unknown };

export function serializeError(error: unknown): SerializedError {
  if (!error || typeof error !== "object") return error as SerializedError;
  return redactDeep(error, 0, new WeakSet()) as SerializedError;
}

type LoggedRequest = {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

export const serializers = {
  err: serializeError,
  error: serializeError,
  req: (request: LoggedRequest) => ({
    method: request.method,
    url: redactUrl(request.url ?? ""),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};

/**
 * Where the log goes: readable lines when a person is watching (stdout is a terminal), JSON
 * lines for machines otherwise or when LOG_FORMAT=json. Redaction happens before either.
 */
export function logDestination(
  format: "json" | "pretty" | undefined,
  output: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout,
): pino.DestinationStream | undefined {
  const pretty = format === "pretty" || (format === undefined && output.isTTY === true);
  if (!pretty) return undefined;
  return pinoPretty({
    destination: output,
    colorize: output.isTTY === true,
    translateTime: "HH:MM:ss",
    // Errors keep their details (and stack); a request's own fields are in its line already.
    ignore: "pid,hostname,reqId,req,res,responseTime",
    // A request's line says what it was and how it went; the rest stays in JSON mode.
    messageFormat: (log, messageKey) => {
      const request = log.req as { method?: string; url?: string } | undefined;
      const response = log.res as { statusCode?: number } | undefined;
      if (request) return `${request.method} ${request.url}`;
      if (response) return `${response.statusCode} in ${Math.round(Number(log.responseTime ?? 0))} ms`;
      return String(log[messageKey] ?? "");
    },
    sync: true,
  });
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      serializers,
      redact: { paths: redactPaths, censor: REDACTED },
      // The message itself is text we wrote, but it may quote a URL or an error.
      hooks: {
        logMethod(args, method) {
          const redacted = args.map((arg) => (typeof arg === "string" ? redactText(arg) : arg));
          return method.apply(this, redacted as Parameters<typeof method>);
        },
      },
    },
    destination,
  );
}
