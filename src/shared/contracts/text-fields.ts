// The display-text rule, enforced where a contract is defined: every plain string a request
// body takes must say what kind of text it is (common.ts: displayName, displayText,
// privateText, patternText), so a new field that other people will see cannot skip the check
// for hidden characters. endpoint() asks here for each definition and refuses one that has an
// unmarked string, naming it.
import type { z } from "zod";
import { textKinds } from "./common.js";

type Node = { _zod: { def: Record<string, unknown> & { type: string } } };

/** The paths ("body.description") of plain strings in `schema` that no text kind covers. */
export function unmarkedText(schema: z.ZodType, path = "body"): string[] {
  const found: string[] = [];
  walk(schema as unknown as Node, path, found, new Set());
  return found;
}

/** An email, a URL, a uuid (maybe optional or nullable): its format allows nothing hidden. */
function isStringFormat(node: Node): boolean {
  const def = node._zod.def;
  if (def.type === "optional" || def.type === "nullable") return isStringFormat(def.innerType as Node);
  return def.type === "string" && Boolean(def.format);
}

function walk(node: Node, path: string, found: string[], seen: Set<Node>): void {
  if (seen.has(node)) return;
  seen.add(node);
  if (textKinds.has(node as unknown as z.ZodType)) return;
  const def = node._zod.def;
  const child = (key: string) => def[key] as Node;
  switch (def.type) {
    case "string":
      // An email, a URL, a uuid: its format allows nothing hidden.
      if (!isStringFormat(node)) found.push(path);
      return;
    case "object":
      for (const [key, value] of Object.entries(def.shape as Record<string, Node>))
        walk(value, `${path}.${key}`, found, seen);
      return;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
    case "nonoptional":
      walk(child("innerType"), path, found, seen);
      return;
    case "pipe":
      // A string parsed into a format (z.string().trim().pipe(z.email())) is that format.
      if (isStringFormat(child("out"))) return;
      walk(child("in"), path, found, seen);
      walk(child("out"), path, found, seen);
      return;
    case "array":
      walk(child("element"), `${path}[]`, found, seen);
      return;
    case "union":
      for (const option of def.options as Node[]) walk(option, path, found, seen);
      return;
    case "intersection":
      walk(child("left"), path, found, seen);
      walk(child("right"), path, found, seen);
      return;
    case "record":
      walk(child("valueType"), `${path}{}`, found, seen);
      return;
    case "lazy":
      walk((def.getter as () => Node)(), path, found, seen);
      return;
    default:
      // Numbers, booleans, enums, literals, dates, transforms' outputs: no text of anyone's.
      return;
  }
}
