// The app's logger. A log is read by more people than the database is, so nothing that lets
// someone act as another person is written to it: cookies, passwords and tokens in known
// fields are replaced, query-string values and token-like path segments of URLs are hidden,
// and the parameters of failed SQL (better-auth's include raw session tokens) are dropped.
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

/** Text with any URL in it redacted, and SQL parameter lists cut off. */
export function redactText(text: string): string {
  return text
    .replace(/\nparams: [\s\S]*$/, `\nparams: ${REDACTED}`)
    .replace(/https?:\/\/[^\s"'<>]+/g, (url) => {
      const parsed = URL.canParse(url) ? new URL(url) : undefined;
      return parsed ? `${parsed.origin}${redactUrl(parsed.pathname + parsed.search)}` : REDACTED;
    });
}

type SerializedError = { message?: string; stack?: string; [key: string]: unknown };

export function serializeError(error: unknown): SerializedError {
  const serialized = pino.stdSerializers.err(error as Error) as SerializedError;
  if (!serialized || typeof serialized !== "object") return serialized;
  const { params: _params, query: _query, ...rest } = serialized;
  return {
    ...rest,
    ...(typeof rest.message === "string" ? { message: redactText(rest.message) } : {}),
    ...(typeof rest.stack === "string" ? { stack: redactText(rest.stack) } : {}),
    ...(rest.cause ? { cause: serializeError(rest.cause) } : {}),
  };
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
