// A small multipart/form-data reader (RFC 7578) for the one route that must take it: RFC 8058's
// one-click unsubscribe, which mail programs may post as a multipart form (the RFC's own
// example) as well as urlencoded. Text fields only, in a few kilobytes: no file uploads, no
// streaming, no dependency. A scope opts in with acceptMultipartForms, and its routes must
// also say acceptsMultipart (same-origin.ts), so no other route takes such bodies.
import type { FastifyInstance } from "fastify";
import { AppError } from "../errors/app-error.js";

/** Enough for a handful of short fields; a longer body answers 413. */
export const MULTIPART_BODY_LIMIT = 4096;

const malformed = (why: string) =>
  new AppError("BAD_REQUEST", `The form is not valid multipart/form-data: ${why}.`);

/** `key=value` and `key="quoted value"` parameters after a header's first `;`. */
function headerParams(value: string): Map<string, string> {
  const params = new Map<string, string>();
  for (const m of value.matchAll(/;\s*([\w*-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/g)) {
    params.set(m[1]!.toLowerCase(), m[2] !== undefined ? m[2].replace(/\\(.)/g, "$1") : m[3]!);
  }
  return params;
}

/** The boundary named by a Content-Type header (RFC 2046 §5.1.1: 1 to 70 characters). */
export function boundaryOf(contentType: string | undefined): string {
  const boundary = headerParams(contentType ?? "").get("boundary");
  if (!boundary || !/^[0-9A-Za-z'()+_,./:=? -]{0,69}[0-9A-Za-z'()+_,./:=?-]$/.test(boundary)) {
    throw malformed("no valid boundary in its Content-Type");
  }
  return boundary;
}

/** The text fields of a multipart/form-data body, by name (a repeated name keeps its last value). */
export function parseMultipartForm(body: string, boundary: string): Record<string, string> {
  // RFC 8058's own example writes its delimiter lines as the boundary alone, without the "--"
  // RFC 2046 puts before it, and senders copy examples: when the proper delimiter appears
  // nowhere and the boundary itself starts with "--", its lines are read as delimiters.
  const strict = `--${boundary}`;
  const delimiter = body.includes(strict) || !boundary.startsWith("--") ? strict : boundary;
  // Each delimiter starts a line; the CRLF before it belongs to the delimiter, not the part.
  const pieces = `\r\n${body}`.split(`\r\n${delimiter}`);
  // Gathered as entries: a field named __proto__ becomes an own property, not a prototype.
  const fields: Array<[string, string]> = [];
  // pieces[0] is the preamble, which readers ignore.
  for (const piece of pieces.slice(1)) {
    if (piece.startsWith("--")) {
      if (fields.length === 0) throw malformed("it has no parts");
      return Object.fromEntries(fields);
    }
    const open = /^[ \t]*\r\n/.exec(piece);
    const headerEnd = open ? piece.indexOf("\r\n\r\n", open[0].length - 2) : -1;
    if (!open || headerEnd < 0) throw malformed("a part has no header block");
    const headers = piece.slice(open[0].length, headerEnd).split("\r\n");
    const disposition = headers.find((h) => /^content-disposition\s*:\s*form-data\s*(;|$)/i.test(h));
    const params = headerParams(disposition ?? "");
    const name = params.get("name");
    if (name === undefined) throw malformed("a part is not a named form-data field");
    if (params.has("filename")) throw malformed("files are not accepted");
    fields.push([name, piece.slice(headerEnd + 4)]);
  }
  throw malformed("it has no closing boundary");
}

/** Lets this plugin scope read multipart/form-data bodies (text fields, small). */
export function acceptMultipartForms(app: FastifyInstance): void {
  app.addContentTypeParser(
    "multipart/form-data",
    { parseAs: "string", bodyLimit: MULTIPART_BODY_LIMIT },
    (request, body, done) => {
      try {
        done(null, parseMultipartForm(String(body), boundaryOf(request.headers["content-type"])));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
}
