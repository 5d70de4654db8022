// PostgreSQL's text[] read fast. A queue row carries everyone its player has partnered and
// faced tonight, and a board score reads the queue three times: pg's general array parser
// (a character at a time, in JavaScript) was a third of the server's time per score late in a
// long night. The text PostgreSQL writes for a one-dimensional array whose elements need no
// quoting is the elements between braces, split by commas; anything else (quotes, escapes,
// nesting) goes to pg's own parser.
import pg from "pg";

const TEXT_ARRAY_OID = 1009;
/** pg's parser for a type by its oid (its types name only the base types, not their arrays). */
export const pgParser = pg.types.getTypeParser as (
  oid: number,
  format?: "text" | "binary",
) => (text: string) => unknown;
// Taken before readTextArraysFast replaces it.
const parseArrayInGeneral = pgParser(TEXT_ARRAY_OID, "text");

/** Quoted or escaped elements, and nested arrays, take pg's own parser. */
const NEEDS_FULL_PARSER = /["\\{}]/;

export function parseTextArray(text: string): unknown {
  if (text === "{}") return [];
  const inner = text.slice(1, -1);
  if (text[0] !== "{" || text[text.length - 1] !== "}" || NEEDS_FULL_PARSER.test(inner))
    return parseArrayInGeneral(text);
  // An unquoted NULL is SQL's null; the string "NULL" comes quoted, so takes the general parser.
  return inner.split(",").map((element) => (element === "NULL" ? null : element));
}

/**
 * Makes parseTextArray pg's parser of text[] in this process. Drizzle hands every query its own
 * type parsers, which fall back to pg's global ones, so a pool's own would never be asked.
 * The result is the same as pg's own parser's (text-arrays.unit.test.ts), only sooner.
 */
export function readTextArraysFast(): void {
  pg.types.setTypeParser(TEXT_ARRAY_OID as never, parseTextArray);
}
