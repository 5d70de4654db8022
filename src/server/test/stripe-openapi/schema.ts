// Checks a decoded form against a request schema from Stripe's OpenAPI description, answering
// the first problem the way Stripe words it. Form values are all strings, so a schema's
// "integer" is a string of digits and "boolean" is "true" or "false", as Stripe parses them.
import { type FormHash, type FormValue, isHash, paramName } from "./form.js";

/** The part of a JSON schema Stripe's request schemas use (what the extraction keeps). */
export type Schema = {
  type?: "object" | "array" | "string" | "integer" | "number" | "boolean";
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  anyOf?: Schema[];
  items?: Schema;
  enum?: unknown[];
  maxLength?: number;
  format?: string;
  "x-stripeBypassValidation"?: boolean;
};

export type StripeError = {
  type: "invalid_request_error" | "idempotency_error";
  code?: string;
  param?: string;
  message: string;
  doc_url?: string;
};

export function invalid(code: string, param: string | undefined, message: string): StripeError {
  return {
    type: "invalid_request_error",
    code,
    ...(param !== undefined ? { param } : {}),
    message,
    doc_url: `https://stripe.com/docs/error-codes/${code.replaceAll("_", "-")}`,
  };
}

const INTEGER = /^-?\d+$/;
const DECIMAL = /^-?(\d+\.?\d*|\.\d+)$/;

/** The first problem with `value` under `schema`, or null. `path` names it in the error. */
export function checkValue(schema: Schema, value: FormValue, path: string[]): StripeError | null {
  if (schema.anyOf) return checkAnyOf(schema.anyOf, value, path);
  const param = paramName(path);
  if (value === "" && !allowsEmpty(schema)) {
    return invalid(
      "parameter_invalid_empty",
      param,
      `You passed an empty string for '${param}'. An empty value unsets a parameter, and '${param}' ` +
        `cannot be unset: leave it out of the request or give it a value.`,
    );
  }
  switch (schema.type) {
    case "object":
      return isHash(value)
        ? checkHash(schema, value, path)
        : invalid("parameter_invalid", param, "Invalid hash");
    case "array":
      return checkArray(schema, value, path);
    case "integer":
      if (typeof value === "string" && INTEGER.test(value)) return null;
      return invalid("parameter_invalid_integer", param, `Invalid integer: ${shown(value)}`);
    case "number":
      if (typeof value === "string" && DECIMAL.test(value)) return null;
      return invalid("parameter_invalid", param, `Invalid decimal: ${shown(value)}`);
    case "boolean":
      if (value === "true" || value === "false") return null;
      return invalid("parameter_invalid_boolean", param, `Invalid boolean: ${shown(value)}`);
    default:
      return checkString(schema, value, param);
  }
}

function checkString(schema: Schema, value: FormValue, param: string): StripeError | null {
  if (typeof value !== "string")
    return invalid("parameter_invalid", param, `Invalid string: ${shown(value)}`);
  // An enum Stripe marks x-stripeBypassValidation is one its servers take more values for than
  // the description lists (new payment methods, locales): refusing the others would be the
  // fake's invention, so only its type is checked.
  if (schema.enum && !schema["x-stripeBypassValidation"] && !schema.enum.includes(value)) {
    return invalid("parameter_invalid", param, `Invalid ${param}: must be one of ${oneOf(schema.enum)}`);
  }
  if (schema.maxLength !== undefined && value.length > schema.maxLength) {
    return invalid(
      "parameter_invalid",
      param,
      `Invalid string: ${shown(value)}; must be at most ${schema.maxLength} characters`,
    );
  }
  if (schema.format === "decimal" && !DECIMAL.test(value)) {
    return invalid("parameter_invalid", param, `Invalid decimal: ${shown(value)}`);
  }
  return null;
}

function checkHash(schema: Schema, value: FormHash, path: string[]): StripeError | null {
  const properties = schema.properties;
  const extra = schema.additionalProperties;
  // Stripe refuses a parameter it does not know at any depth; the description only says so
  // (additionalProperties: false) at the top, so a nested schema with properties is closed too.
  // A schema with neither properties nor additionalProperties is a free-form hash.
  for (const key of Object.keys(value)) {
    if (properties && Object.hasOwn(properties, key)) continue;
    if (typeof extra === "object") continue;
    if (properties || extra === false) {
      const param = paramName([...path, key]);
      return invalid("parameter_unknown", param, `Received unknown parameter: ${param}`);
    }
  }
  for (const name of schema.required ?? []) {
    if (!(name in value)) {
      const param = paramName([...path, name]);
      return invalid("parameter_missing", param, `Missing required param: ${param}.`);
    }
  }
  for (const [key, child] of Object.entries(value)) {
    const own = properties && Object.hasOwn(properties, key) ? properties[key] : undefined;
    const childSchema = own ?? (typeof extra === "object" ? extra : undefined);
    if (!childSchema) continue;
    const problem = checkValue(childSchema, child, [...path, key]);
    if (problem) return problem;
  }
  return null;
}

function checkArray(schema: Schema, value: FormValue, path: string[]): StripeError | null {
  const param = paramName(path);
  if (!isHash(value) || !Object.keys(value).every((k) => /^\d+$/.test(k))) {
    return invalid("parameter_invalid", param, "Invalid array");
  }
  if (!schema.items) return null;
  const indexes = Object.keys(value).sort((a, b) => Number(a) - Number(b));
  for (const index of indexes) {
    const problem = checkValue(schema.items, value[index]!, [...path, index]);
    if (problem) return problem;
  }
  return null;
}

/**
 * Stripe's anyOf is mostly "a value, or an empty string to unset it" (metadata, address), or
 * "a hash or an id". Taken if any branch takes it; otherwise the problem reported is the one of
 * the branch shaped like the value (a hash for a hash), not the empty-string branch's.
 */
function checkAnyOf(branches: Schema[], value: FormValue, path: string[]): StripeError | null {
  const problems: Array<{ branch: Schema; problem: StripeError }> = [];
  for (const branch of branches) {
    const problem = checkValue(branch, value, path);
    if (!problem) return null;
    problems.push({ branch, problem });
  }
  const unset = (s: Schema) => s.type === "string" && s.enum?.length === 1 && s.enum[0] === "";
  const shaped = (s: Schema) => isHash(value) === (s.type === "object" || s.type === "array");
  const best =
    problems.find((p) => !unset(p.branch) && shaped(p.branch)) ??
    problems.find((p) => !unset(p.branch)) ??
    problems[0];
  return best?.problem ?? null;
}

function allowsEmpty(schema: Schema): boolean {
  // A plain string may be empty; an enum only if it lists ""; nothing else can be.
  if (schema.type !== undefined && schema.type !== "string") return false;
  return !schema.enum || schema.enum.includes("");
}

const shown = (value: FormValue) => (typeof value === "string" ? value : JSON.stringify(value));

function oneOf(values: unknown[]): string {
  const words = values.map(String);
  return words.length <= 1 ? words.join("") : `${words.slice(0, -1).join(", ")}, or ${words.at(-1)}`;
}
