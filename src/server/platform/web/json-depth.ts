// JSON bodies nested deeper than any of our contracts are refused before they are parsed:
// recursion over a 10,000-deep document (in parsing, validation or re-serialising for
// better-auth) would overflow the stack. Everything else goes to Fastify's own parser, which
// also refuses prototype poisoning.
import type { FastifyInstance } from "fastify";
import { AppError } from "../errors/app-error.js";

export const MAX_JSON_DEPTH = 32;

/** The deepest nesting of arrays and objects in a JSON text, counted without parsing it. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === "\\") i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "{" || char === "[") deepest = Math.max(deepest, ++depth);
    else if (char === "}" || char === "]") depth--;
  }
  return deepest;
}

export function limitJsonDepth(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (jsonDepth(String(body)) > MAX_JSON_DEPTH) {
      done(new AppError("BAD_REQUEST", "The request is nested too deeply."), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
