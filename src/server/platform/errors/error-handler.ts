import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import type { ErrorBody } from "../../../shared/contracts/common.js";
import { type ErrorCode, errorStatus } from "../../../shared/domain/error-codes.js";
import { isStopping } from "../web/draining.js";
import { NOT_STORED } from "../web/private-answers.js";
import { trackAllowedMethods } from "./allowed-methods.js";
import { AppError } from "./app-error.js";

// Validation answers 400 with every issue so forms can mark fields; anything unexpected
// answers 500 with the request id and no internals. Call it before any route is declared: the
// 405s learn the routes as they come.
export function registerErrorHandler(app: FastifyInstance): void {
  const allowedMethods = trackAllowedMethods(app);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({
          error: {
            code: error.code,
            message: error.message,
            ...(error.issues ? { issues: error.issues } : {}),
          },
        });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: [error.validationContext ?? "body", ...issue.instancePath.split("/").filter(Boolean)],
        message: issue.message ?? "Invalid value",
      }));
      return reply.status(errorStatus.VALIDATION_ERROR).send({
        error: { code: "VALIDATION_ERROR", message: issues[0]?.message ?? "Invalid request", issues },
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, "response did not match its schema");
      return reply.status(500).send(body("INTERNAL", "Something went wrong.", request.id));
    }
    if (databaseUnavailable(error)) {
      // PostgreSQL restarting or shutting down: a passing condition, not a bug, so no stack
      // trace; the codes say which. While the app itself stops (Ctrl-C at a terminal stops the
      // embedded PostgreSQL at the same moment), it is what stopping means: not worth a warning.
      const codes = databaseCodes(error).join(", ") || (error instanceof Error ? error.message : "");
      request.log[isStopping(request.server) ? "debug" : "warn"](`database unavailable (${codes})`);
      return reply
        .status(errorStatus.UNAVAILABLE)
        .header("retry-after", "5")
        .send(body("UNAVAILABLE", "Courtside is restarting. Please try again in a moment."));
    }
    if (badDataForDatabase(error)) {
      // Class 22 (data exception): a value the schemas let through but PostgreSQL refuses, such
      // as a NUL byte in a text value. The caller's input, not a bug.
      return reply
        .status(errorStatus.BAD_REQUEST)
        .send(body("BAD_REQUEST", "The request contains a value that cannot be stored."));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, unsupported media type),
      // named in our catalogue rather than by Fastify's internal codes.
      return reply.status(status).send(body(clientErrorCode(status), error.message));
    }
    request.log.error({ err: error }, "unexpected error");
    return reply.status(500).send(body("INTERNAL", "Something went wrong.", request.id));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0];
    const allowed = allowedMethods(request.url);
    // The method is among them only when a route sent the request here itself: then it is the
    // thing the route did not find.
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      return reply
        .status(405)
        .header("allow", allowed.join(", "))
        .send(
          body(
            "METHOD_NOT_ALLOWED",
            `${request.method} is not allowed on ${path}: try ${allowed.join(", ")}.`,
          ),
        );
    }
    return reply
      .status(errorStatus.NOT_FOUND)
      .send(body("NOT_FOUND", `No route for ${request.method} ${path}`));
  });
}

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route or hook runs (an
 * address that does not decode, 400; a path parameter over maxParamLength, 414), in the same
 * envelope as every other error. The hooks' headers are the caller's to add.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode ?? 500;
  if (status === 414) {
    reply.status(414).send(body("URI_TOO_LONG", "The address is too long."));
  } else if (status >= 400 && status < 500) {
    reply.status(status).send(body(clientErrorCode(status), "The address is not valid."));
  } else {
    request.log.error({ err: error }, "router error");
    reply.status(500).send(body("INTERNAL", "Something went wrong.", request.id));
  }
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP server refuses before there is a request
 * (headers over its maxHeaderSize, a request that did not arrive in time, bytes that are not
 * HTTP), in the same envelope as every other error rather than Fastify's own shape. With no
 * request there are no hooks and no reply: the answer is written on the socket, which closes.
 */
export function answerClientError(error: ConnectionError, socket: Socket): void {
  // A connection the client reset has no one left to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  if (socket.writable) {
    const [code, message] = connectionRefusal(error.code);
    const status = errorStatus[code];
    const json = JSON.stringify(body(code, message));
    socket.write(
      [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        "Content-Type: application/json; charset=utf-8",
        `Content-Length: ${Buffer.byteLength(json)}`,
        `Cache-Control: ${NOT_STORED}`,
        "Connection: close",
        "",
        json,
      ].join("\r\n"),
    );
  }
  socket.destroy(error);
}

function connectionRefusal(code: string): [ErrorCode, string] {
  if (code === "HPE_HEADER_OVERFLOW")
    return [
      "HEADERS_TOO_LARGE",
      "The request's headers are too large; clearing this site's cookies may help.",
    ];
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return ["REQUEST_TIMEOUT", "The request took too long to arrive."];
  return ["BAD_REQUEST", "The request could not be read."];
}

function databaseCodes(error: unknown): string[] {
  const codes: string[] = [];
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") codes.push(code);
  }
  return codes;
}

function badDataForDatabase(error: unknown): boolean {
  return databaseCodes(error).some((code) => /^22[0-9A-Z]{3}$/.test(code));
}

// SQLSTATE class 08 (connection exception), 57P0x (shutdown, crash recovery, start-up),
// 57014 (our statement timeout) and 40P01 (a deadlock PostgreSQL broke by ending this
// transaction: rare, see migration 0013), the socket's own errors, and the driver's and pool's
// words for a connection that died or never came: the database cannot answer now, not a bug,
// and the same request may succeed if tried again.
const unavailableCodes =
  /^(08[0-9A-Z]{3}|57P0[1-3]|57014|40P01|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH)$/;
const unavailableMessages =
  /Connection terminated|Query read timeout|timeout exceeded when trying to connect|not queryable|Cannot use a pool after calling end/;

/** True for an error that says the database cannot be reached right now. */
export function databaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && unavailableCodes.test(code)) return true;
    if (typeof message === "string" && unavailableMessages.test(message)) return true;
  }
  return false;
}

function clientErrorCode(status: number): ErrorCode {
  if (status === 413) return "PAYLOAD_TOO_LARGE";
  if (status === 415) return "UNSUPPORTED_MEDIA_TYPE";
  if (status === 429) return "RATE_LIMITED";
  if (status === 404) return "NOT_FOUND";
  if (status === 405) return "METHOD_NOT_ALLOWED";
  if (status === 414) return "URI_TOO_LONG";
  return "BAD_REQUEST";
}

function body(code: ErrorCode, message: string, requestId?: string): ErrorBody {
  return { error: { code, message, ...(requestId ? { requestId } : {}) } };
}
