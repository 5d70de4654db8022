// The strict fake Stripe's gate: a request is checked against Stripe's own OpenAPI description
// of the operation (operations.json, cut from the 2024-04-10 description by
// scripts/extract-stripe-openapi.mjs) and against the value rules Stripe documents beside it
// (rules.ts). A broken request gets what Stripe answers: 400 with an invalid_request_error
// naming the parameter, so the adapter's tests fail where production would.
import { readFileSync } from "node:fs";
import { canonical, decodeForm, type FormHash } from "./form.js";
import { VALUE_RULES } from "./rules.js";
import { checkValue, invalid, type Schema, type StripeError } from "./schema.js";

export type { StripeError } from "./schema.js";

type Operation = {
  method: string;
  path: string;
  pathParams: string[];
  query: Schema;
  body: Schema;
};

type Description = { source: Record<string, unknown>; operations: Record<string, Operation> };

const description = JSON.parse(
  readFileSync(new URL("./operations.json", import.meta.url), "utf8"),
) as Description;

/** Where the schemas came from (package, version, Stripe API version, extraction date). */
export const DESCRIPTION_SOURCE = description.source;

/**
 * A parameter the pinned SDK (API version 2026-10-28.endive) may send that the 2024-04-10
 * description does not know yet. `param` is where it goes, in Stripe's own naming with `[]`
 * for "every item of an array" (`line_items[][price_data][foo]`).
 */
export type NewerField = { operation: string; param: string; schema: Schema; why: string };

/**
 * The only way past the description: each entry says why it is there. Empty today, on purpose:
 * every parameter the adapter sends (captured from the SDK against this fake, both before and
 * after the adapter's f82ba96 fix) is in the 2024-04-10 description, `controller[...]` and
 * `capabilities[...]` included. Add an entry only for a field Stripe's current API reference
 * lists that the description lacks, never to let a wrong value through.
 */
export const NEWER_FIELDS: readonly NewerField[] = [];

export type StripeRequest = {
  method: string;
  /** The URL path, without the query. */
  path: string;
  query: URLSearchParams;
  body: URLSearchParams;
  stripeAccount: string | undefined;
  /** When it arrived, by the fake's clock (Date.now()), in milliseconds. */
  receivedAt: number;
};

export type Checked =
  | { ok: true; operation: string; pathParams: Record<string, string>; params: FormHash }
  | { ok: false; status: number; error: StripeError };

export type Validator = (request: StripeRequest) => Checked;

/** A validator over the extracted operations, with `newerFields` let through (tests pass their own). */
export function createValidator(newerFields: readonly NewerField[] = NEWER_FIELDS): Validator {
  const operations = Object.values(description.operations).map((op) => ({
    ...op,
    key: `${op.method} ${op.path}`,
    pattern: templatePattern(op.path),
  }));
  for (const field of newerFields) {
    const operation = operations.find((op) => op.key === field.operation);
    if (!operation) throw new Error(`newer field for an unknown operation: ${field.operation}`);
    const target = operation.method === "GET" ? "query" : "body";
    operation[target] = withField(operation[target], field.param, field.schema);
  }

  return (request) => {
    const matched = operations
      .filter((op) => op.method === request.method)
      .map((op) => ({ op, m: op.pattern.exec(request.path) }))
      .find((candidate) => candidate.m !== null);
    if (!matched?.m) return { ok: false, status: 404, error: unrecognized(request) };
    const { op, m } = matched;
    const pathParams = Object.fromEntries(op.pathParams.map((name, i) => [name, decoded(m[i + 1]!)]));

    // Both places are checked: a GET takes its parameters in the query, a POST in the body, and
    // anything in the other place is unknown to the operation.
    const query = decodeAndCheck(request.query, op.query);
    if (!query.ok) return query;
    const body = decodeAndCheck(request.body, op.body);
    if (!body.ok) return body;
    const params = op.method === "GET" ? query.params : body.params;
    const input = { params, stripeAccount: request.stripeAccount, receivedAt: request.receivedAt };
    for (const rule of VALUE_RULES[op.key] ?? []) {
      const problem = rule(input);
      if (problem) return { ok: false, status: 400, error: problem };
    }
    return { ok: true, operation: op.key, pathParams, params };
  };
}

function decodeAndCheck(
  form: URLSearchParams,
  schema: Schema,
): { ok: true; params: FormHash } | { ok: false; status: number; error: StripeError } {
  const decoded = decodeForm(form);
  if ("message" in decoded) {
    return { ok: false, status: 400, error: invalid("parameter_invalid", decoded.param, decoded.message) };
  }
  const problem = checkValue(schema, decoded.params, []);
  return problem ? { ok: false, status: 400, error: problem } : { ok: true, params: decoded.params };
}

/** The validator over the committed description and allow-list. */
export const validateStripeRequest: Validator = createValidator();

/**
 * Idempotency: Stripe keeps the first answer under a key and replays it for a repeat, but a
 * repeat whose parameters differ (or that goes to another endpoint) is refused with an
 * idempotency_error: the key was for a different request. Null when `again` may be replayed.
 */
export function idempotencyConflict(
  key: string,
  first: Pick<StripeRequest, "method" | "path" | "query" | "body">,
  again: Pick<StripeRequest, "method" | "path" | "query" | "body">,
): StripeError | null {
  if (first.method === again.method && first.path === again.path && sameParameters(first, again)) return null;
  return {
    type: "idempotency_error",
    message:
      `Keys for idempotent requests can only be used with the same parameters they were first ` +
      `used with. Use a key other than '${key}' for a different request.`,
  };
}

function sameParameters(a: Pick<StripeRequest, "query" | "body">, b: Pick<StripeRequest, "query" | "body">) {
  // Compared as parameters, not bytes: the same values in another order are the same request.
  const text = (form: URLSearchParams) => {
    const decoded = decodeForm(form);
    return "params" in decoded ? canonical(decoded.params) : form.toString();
  };
  return text(a.query) === text(b.query) && text(a.body) === text(b.body);
}

/** A path segment as text; a malformed escape stays as sent (it will name no object). */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function templatePattern(template: string): RegExp {
  const escaped = template
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, "\\$&"))
    .join("([^/]+)");
  return new RegExp(`^${escaped}$`);
}

function unrecognized(request: StripeRequest): StripeError {
  return {
    type: "invalid_request_error",
    message: `Unrecognized request URL (${request.method}: ${request.path}). The strict fake Stripe knows only the operations in stripe-openapi/operations.json.`,
  };
}

/** `schema` with `field` added at `param` (a copy; the description itself is not changed). */
function withField(schema: Schema, param: string, field: Schema): Schema {
  const [head, ...rest] = param.replace(/\]/g, "").split("[");
  const add = (node: Schema, parts: string[]): Schema => {
    const [part, ...more] = parts;
    if (part === undefined) return field;
    if (node.anyOf) throw new Error(`${param}: cannot add under an anyOf`);
    if (part === "") {
      if (!node.items) throw new Error(`${param}: [] on a schema that is not an array`);
      return { ...node, items: add(node.items, more) };
    }
    const properties = node.properties ?? {};
    const child = properties[part];
    if (!child && more.length > 0) throw new Error(`${param}: no ${part} to add under`);
    return { ...node, properties: { ...properties, [part]: child ? add(child, more) : add({}, more) } };
  };
  return add(schema, [head!, ...rest]);
}
