// The OpenAPI document the server publishes (/api/docs), assembled from what the routes already
// say about themselves: their schemas give the inputs that are validated (400) and the answers
// on success; the path says whether a club's access is checked (403, 404); the method
// says whether the cross-site and media-type guards apply (403, 415). A route states only what
// cannot be seen from outside: that it is open to visitors (`security: []`; any other needs
// the session cookie, 401), a bodiless success other than 204 (`answersEmpty`), and the other
// error codes its handler can answer (`errors: [...]`), each listed under its one status
// (error-codes.ts). Sign-up, sign-in and sign-out are better-auth's, mounted behind one
// catch-all route: they are described here from the shared schemas the catch-all checks.
import type { FastifyDynamicSwaggerOptions } from "@fastify/swagger";
import type { FastifySchema } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { z } from "zod";
import { signInBody, signUpBody } from "../../../shared/contracts/auth.js";
import { errorBody } from "../../../shared/contracts/common.js";
import { type ErrorCode, errorStatus } from "../../../shared/domain/error-codes.js";

declare module "fastify" {
  interface FastifySchema {
    /**
     * Error codes the route can answer besides those every route of its kind answers (see
     * answersOf): the document lists each under its status.
     */
    errors?: readonly ErrorCode[];
    /** A write without a response schema answers 204, no content, unless it says another status here. */
    answersEmpty?: 201 | 202;
  }
}

/** better-auth's session cookie (`__Secure-` in front of it when the app is served over https). */
export const SESSION_COOKIE = "better-auth.session_token";
const SECURITY_SCHEME = "sessionCookie";
const signedIn = [{ [SECURITY_SCHEME]: [] }];
const ERROR_REF = "#/components/schemas/Error";

const errorWords: Record<number, string> = {
  400: "The request is not valid: `issues` names each field that is wrong.",
  401: "Nobody is signed in: sign in first.",
  402: "The club's plan does not include this.",
  403: "Not allowed: the caller's role does not permit it, or the request came from another site.",
  404: "Not found, or not visible to the caller.",
  409: "Refused in the current state of things: the code says why.",
  410: "The link is no longer valid.",
  413: "The body is too large.",
  415: "The body is not JSON.",
  422: "An account with this address exists.",
  429: "Too many attempts: the Retry-After header says when to try again.",
  503: "The service is briefly unavailable (its database is away): try again after Retry-After.",
};

type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";
type RouteFacts = {
  url: string;
  methods: readonly Method[];
  schema: {
    body?: unknown;
    querystring?: unknown;
    params?: unknown;
    security?: unknown;
    errors?: readonly ErrorCode[];
    /** A write without a response schema answers 204, no content, unless it says another status here. */
    answersEmpty?: 201 | 202;
  };
};

/** The error statuses a route can answer, from what it says about itself. */
export function answersOf(route: RouteFacts): number[] {
  const { schema, url } = route;
  const statuses = new Set<number>();
  const isPublic = Array.isArray(schema.security) && schema.security.length === 0;
  const writes = route.methods.some((m) => m !== "GET" && m !== "HEAD");
  if (schema.body || schema.querystring || schema.params) statuses.add(errorStatus.VALIDATION_ERROR);
  if (!isPublic) statuses.add(errorStatus.UNAUTHORIZED);
  // A club's routes check the caller's role, and hide another club's things behind a 404.
  if (url.startsWith("/api/orgs/:orgId")) statuses.add(errorStatus.FORBIDDEN).add(errorStatus.NOT_FOUND);
  // What a path names may not exist.
  if (url.includes(":")) statuses.add(errorStatus.NOT_FOUND);
  // same-origin.ts: another site's write is refused, and so is a body that is not JSON; a
  // write reads whatever body comes, so JSON that does not parse (or nests too deep) is a 400.
  if (writes)
    statuses.add(errorStatus.CROSS_SITE).add(errorStatus.UNSUPPORTED_MEDIA_TYPE).add(errorStatus.BAD_REQUEST);
  if (schema.body) statuses.add(errorStatus.PAYLOAD_TOO_LARGE);
  // Any route may find its database away for a moment (a failover): 503 with Retry-After.
  statuses.add(errorStatus.UNAVAILABLE);
  for (const code of schema.errors ?? []) statuses.add(errorStatus[code]);
  return [...statuses].sort((a, b) => a - b);
}

type Transform = NonNullable<FastifyDynamicSwaggerOptions["transform"]>;
type JsonSchema = Record<string, unknown>;

/** What a route without a response schema answers on success. */
function successOf(url: string, writes: boolean, empty = 204): Record<string, JsonSchema> {
  if (writes)
    return {
      [empty]: { type: "null", description: empty === 204 ? "Done: no content." : "Accepted: no content." },
    };
  const type = url.endsWith(".csv")
    ? "text/csv"
    : /\.ics$|^\/api\/calendar\//.test(url)
      ? "text/calendar"
      : "text/plain";
  return { 200: { description: "The file.", content: { [type]: { schema: { type: "string" } } } } };
}

const transform: Transform = (input) => {
  const { route } = input;
  const result = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]) as {
    schema: JsonSchema & { hide?: boolean; response?: Record<string, JsonSchema> };
    url: string;
  };
  const schema = result.schema;
  if (schema.hide) return result;
  const methods = (Array.isArray(route.method) ? route.method : [route.method]) as Method[];
  const writes = methods.some((m) => m !== "GET" && m !== "HEAD");
  const facts: RouteFacts = { url: route.url, methods, schema: (route.schema ?? {}) as RouteFacts["schema"] };
  const response: Record<string, JsonSchema> = {
    ...(schema.response ?? successOf(route.url, writes, facts.schema.answersEmpty)),
  };
  // A placeholder: finish() puts the one error envelope in its place.
  for (const status of answersOf(facts))
    response[status] ??= { description: errorWords[status] ?? "Refused.", type: "object" };
  const { errors: _errors, answersEmpty: _empty, ...rest } = schema;
  const isPublic = Array.isArray(schema.security) && schema.security.length === 0;
  return { ...result, schema: { ...rest, security: isPublic ? [] : signedIn, response } as FastifySchema };
};

type Operation = {
  operationId?: string;
  summary?: string;
  responses?: Record<string, { description: string; content?: unknown }>;
};
type Document = {
  paths?: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown>>;
};

const words = (path: string) =>
  path
    .split("/")
    .filter((part) => part && part !== "api")
    .flatMap((part) => {
      const param = /^\{(.+)\}$/.exec(part);
      return param ? ["by", param[1]!] : part.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
const camel = (parts: string[]) =>
  parts.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join("");

/** `get /api/orgs/{orgId}/members` -> getOrgsByOrgIdMembers: stable while the path is. */
export const operationIdOf = (method: string, path: string) => camel([method.toLowerCase(), ...words(path)]);

const jsonSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { target: "openapi-3.0", io: "input", unrepresentable: "any" });

const errorAnswers = (statuses: number[], words: Record<number, string> = {}) =>
  Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description: words[status] ?? errorWords[status],
        content: { "application/json": { schema: { $ref: ERROR_REF } } },
      },
    ]),
  );
const anyJson = (description: string) => ({
  description,
  content: { "application/json": { schema: { type: "object", additionalProperties: true } } },
});
const formBody = (schema: z.ZodType) => ({
  required: true,
  content: { "application/json": { schema: jsonSchema(schema) } },
});

// better-auth's answers are its own: the document says what a client relies on.
const authPaths = {
  "/api/auth/sign-up/email": {
    post: {
      tags: ["auth"],
      summary: "Create an account with an email address and a password",
      description: "A verification link is mailed; the person signs in once the address is verified.",
      security: [],
      requestBody: formBody(signUpBody),
      responses: { 200: anyJson("The account was made."), ...errorAnswers([400, 403, 413, 415, 422, 429]) },
    },
  },
  "/api/auth/sign-in/email": {
    post: {
      tags: ["auth"],
      summary: "Sign in with an email address and a password",
      description: `Sets the \`${SESSION_COOKIE}\` cookie; with a second factor on, answers \`twoFactorRedirect\` and the factors to finish with instead.`,
      security: [],
      requestBody: formBody(signInBody),
      responses: {
        200: anyJson("Signed in, or a second factor is asked for."),
        ...errorAnswers([400, 401, 403, 413, 415, 429], {
          401: "Wrong email or password.",
          403: "The address is not verified yet, this browser must be confirmed first, or the request came from another site.",
        }),
      },
    },
  },
  "/api/auth/sign-out": {
    post: {
      tags: ["auth"],
      summary: "Sign out of this browser",
      description: "Without a session it answers the same: there is nothing to end.",
      security: [{}, ...signedIn],
      responses: { 200: anyJson("Signed out: the session cookie is cleared."), ...errorAnswers([403, 415]) },
    },
  },
  "/api/auth/get-session": {
    get: {
      tags: ["auth"],
      summary: "The signed-in person and their session, or null",
      security: [],
      responses: {
        200: {
          description: "The session, or null when nobody is signed in.",
          content: {
            "application/json": { schema: { type: "object", nullable: true, additionalProperties: true } },
          },
        },
      },
    },
  },
};

/** Puts the error envelope in each error answer, and gives each operation an id and a summary. */
function finish({ openapiObject }: { openapiObject: Partial<Document> }) {
  const document = openapiObject as Document;
  const paths: Document["paths"] = { ...authPaths, ...document.paths };
  for (const [path, operations] of Object.entries(paths))
    for (const [method, operation] of Object.entries(operations)) {
      operation.operationId ??= operationIdOf(method, path);
      operation.summary ??= `${method.toUpperCase()} ${path}`;
      for (const [status, answer] of Object.entries(operation.responses ?? {}))
        if (Number(status) >= 400)
          operation.responses![status] = {
            description: answer.description,
            content: { "application/json": { schema: { $ref: ERROR_REF } } },
          };
    }
  for (const operations of Object.values(paths)) listNullInNullableEnums(operations);
  return {
    ...document,
    paths,
    components: {
      ...document.components,
      schemas: { ...document.components?.schemas, Error: jsonSchema(errorBody) },
    },
  };
}

/**
 * OpenAPI 3.0's `nullable: true` does not widen an `enum`: a schema with both accepts only the
 * enum's values, so a validating client refused the null the API sends for an optional enum
 * (a player's undeclared gender, a game nobody reported). Null is listed among the values.
 */
function listNullInNullableEnums(node: unknown): void {
  if (!node || typeof node !== "object") return;
  const schema = node as { nullable?: boolean; enum?: unknown[] };
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null))
    schema.enum = [...schema.enum, null];
  for (const child of Object.values(node)) listNullInNullableEnums(child);
}

/** @fastify/swagger's options for the app's document. */
export function openapiOptions(version: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: {
        title: "Courtside API",
        version,
        description:
          "Courtside runs a pickleball club: sessions, check-in, a fair court queue, a live court board and an Elo ladder. " +
          "Every error answers `{ error: { code, message, issues? } }`, its code from one catalogue with one status each.",
        license: { name: "Courtside Terms of Service", url: "/terms" },
      },
      servers: [{ url: "/", description: "This server" }],
      components: {
        securitySchemes: {
          [SECURITY_SCHEME]: {
            type: "apiKey",
            in: "cookie",
            name: SESSION_COOKIE,
            description: `The session cookie set by POST /api/auth/sign-in/email (named \`__Secure-${SESSION_COOKIE}\` over https).`,
          },
        },
      },
    },
    transform,
    transformObject: finish as FastifyDynamicSwaggerOptions["transformObject"],
  };
}
