// One definition per endpoint, shared by the server and the client: its method and path, what
// it takes (params, query, body), what it answers on success, the error codes its handler may
// answer beyond those every route of its kind answers, and who may call it. The server
// registers the route from it (platform/web/serve-endpoint.ts), the client calls it through
// one typed function (web/lib/call.ts), and the OpenAPI document describes it from the same
// facts (platform/web/openapi.ts). Neither side writes the path or the shapes again.
import type { z } from "zod";
import type { Capability } from "../domain/capabilities.js";
import type { ErrorCode } from "../domain/error-codes.js";
import { unmarkedText } from "./text-fields.js";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Who may call: anyone, any signed-in person, or a member of the path's club who may do this. */
export type Access = "public" | "signed-in" | { readonly club: Capability };

export type Endpoint = {
  readonly method: Method;
  /** Fastify's form: `:name` for each parameter. */
  readonly path: `/api/${string}`;
  /** Stable and unique: what a generated client names the call. */
  readonly operationId: string;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly access: Access;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /**
   * The answer on success: its status and body (null: no content, or a file). A file answer
   * names its content type in `file`: the handler returns the file's text, sent as it is.
   */
  readonly success: {
    readonly status: 200 | 201 | 202 | 204;
    readonly body: z.ZodType | null;
    readonly file?: string;
  };
  readonly errors?: readonly ErrorCode[];
};

/**
 * Checks a definition's shape and keeps its literal types for both sides; refuses, when the
 * contract is loaded, a body with a string whose kind of text is not said (text-fields.ts).
 */
export const endpoint = <const E extends Endpoint>(definition: E): E => {
  const unmarked = definition.body ? unmarkedText(definition.body) : [];
  if (unmarked.length > 0)
    throw new Error(
      `${definition.operationId}: ${unmarked.join(", ")} must say what text it is (displayName, displayText, privateText or patternText in contracts/common.ts)`,
    );
  return definition;
};

type Part<E, K extends "params" | "query" | "body"> = E extends {
  readonly [P in K]: infer S extends z.ZodType;
}
  ? S
  : undefined;

/** What a caller sends: each part the endpoint takes, as the caller writes it (before parsing). */
export type EndpointInput<E extends Endpoint> = (Part<E, "params"> extends z.ZodType
  ? { params: z.input<Part<E, "params">> }
  : { params?: undefined }) &
  (Part<E, "query"> extends z.ZodType ? { query: z.input<Part<E, "query">> } : { query?: undefined }) &
  (Part<E, "body"> extends z.ZodType ? { body: z.input<Part<E, "body">> } : { body?: undefined });

/** What a handler receives: each part as parsed. */
export type EndpointParsed<E extends Endpoint, K extends "params" | "query" | "body"> =
  Part<E, K> extends z.ZodType ? z.output<Part<E, K>> : undefined;

/** The body of the success answer, as the client reads it (null for no content). */
export type EndpointAnswer<E extends Endpoint> = E["success"]["body"] extends z.ZodType
  ? z.output<E["success"]["body"]>
  : null;

/** The endpoint's path with its parameters filled in, each encoded. */
export function pathOf(definition: Endpoint, params: unknown = {}): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return definition.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) throw new Error(`${definition.operationId} needs :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The query string for `query` (empty when there is nothing to send), keys in their order. */
export function queryOf(query: unknown): string {
  if (!query || typeof query !== "object") return "";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : "";
}
