// How answers become JSON.
//
// The zod serializer of fastify-type-provider-zod checks every answer against its schema and
// then stringifies it: on a signed-in read that check is a large share of the server's CPU
// (decision 011). Checking our own output is a test of our code, not of
// the caller's input. So each response schema is compiled once into a fast-json-stringify
// function (from its JSON Schema), which writes only the properties the contract names (an
// extra field never leaks) and costs a fraction of the check. Outside production the zod
// serializer still runs too and both must write the same text, so every test (integration,
// end to end) fails on an answer that breaks its contract or that the two would write apart.
//
// A schema JSON Schema cannot express (a transform) keeps the zod serializer.
//
// A shared answer (a kept club read, frozen all the way down: platform/memo/shared-answers) is
// written once per route and its text handed back after, for as long as the value lives.
import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify/types/schema.js";
import { createSerializerCompiler } from "fastify-type-provider-zod";
import { type ZodType, z } from "zod";
import { isSharedAnswer } from "../memo/shared-answers.js";

type JsonSchema = { [key: string]: unknown };

const checkedSerializer = createSerializerCompiler({});

export function responseSerializer(options: { checkAnswers: boolean }): FastifySerializerCompiler<ZodType> {
  return (route) => {
    const fast = compile(route.schema);
    if (!fast) return writtenOnceWhenShared(checkedSerializer(route));
    if (!options.checkAnswers) return writtenOnceWhenShared(fast);
    const checked = checkedSerializer(route);
    return writtenOnceWhenShared((data) => {
      const expected = checked(data);
      const written = fast(data);
      // The same text, or the compiled function misreads the contract: a defect to fix here.
      if (written !== expected)
        throw new Error(
          `${route.method} ${route.url}: the compiled serializer wrote ${written}, the contract ${expected}`,
        );
      return written;
    });
  };
}

/**
 * `write`, remembering the text of each shared answer it writes: the value cannot change, so
 * neither can its text. Kept in a WeakMap, the text goes when the kept read does.
 */
function writtenOnceWhenShared(write: (data: unknown) => string): (data: unknown) => string {
  const texts = new WeakMap<object, string>();
  return (data) => {
    if (!isSharedAnswer(data)) return write(data);
    let text = texts.get(data);
    if (text === undefined) {
      text = write(data);
      texts.set(data, text);
    }
    return text;
  };
}

function compile(schema: ZodType): ((data: unknown) => string) | null {
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, {
      io: "output",
      target: "draft-07",
      unrepresentable: "throw",
    }) as JsonSchema;
  } catch {
    return null;
  }
  return fastJson(nullableInPlace(json) as Parameters<typeof fastJson>[0]);
}

// zod writes "X or null" as anyOf [X, null], which fast-json-stringify resolves by validating
// the value against X with Ajv on every answer; its own `nullable` says the same for free.
function nullableInPlace(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableInPlace);
  if (schema === null || typeof schema !== "object") return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = nullableInPlace(value);
  const { anyOf, ...rest } = out;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const isNull = (s: JsonSchema) => s.type === "null" && Object.keys(s).length === 1;
    const [first, second] = anyOf as [JsonSchema, JsonSchema];
    const other = isNull(first) ? second : isNull(second) ? first : null;
    if (other && typeof other.type === "string") return { ...rest, ...other, nullable: true };
  }
  return out;
}
