// Keyset paging for the lists that grow with a club's years (members, past sessions, the ladder):
// a page is read after the last row of the page before, by the list's sort key, so rows added
// meanwhile neither repeat nor push a row off the seam, and page 100 costs what page 1 does.
// The cursor is opaque to clients: the sort key of the last row, as base64url JSON, checked on
// the way back in.
import { z } from "zod";

export const PAGE_SIZE = 50;
export const PAGE_SIZE_MAX = 100;

const STALE_CURSOR = "This list has moved on: load it again from the top.";

/**
 * A timestamp in a cursor, as PostgreSQL prints it ("2026-11-20 18:00:00.123456+00"): its own
 * text keeps the microseconds a JavaScript date would drop.
 */
export const timestampKey = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/);

/** The cursor for a page that ends at a row with this sort key. */
export function cursorOf(key: readonly (string | number)[]): string {
  const json = JSON.stringify(key);
  const bytes = new TextEncoder().encode(json);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function decode(cursor: string): unknown {
  try {
    const binary = atob(cursor.replaceAll("-", "+").replaceAll("_", "/"));
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
  } catch {
    return undefined;
  }
}

/** A query's `after`: a cursor this server gave out, decoded to the sort key it holds. */
export const afterKey = <T extends z.ZodType>(key: T) =>
  z
    .string()
    .max(400)
    .transform((cursor, ctx) => {
      const parsed = key.safeParse(decode(cursor));
      if (parsed.success) return parsed.data as z.output<T>;
      ctx.addIssue({ code: "custom", message: STALE_CURSOR });
      return z.NEVER;
    });

/** `limit` and `after` of a paged list, its sort key checked by `key`. */
export const pageQuery = <T extends z.ZodType>(key: T) =>
  z.object({
    limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE),
    after: afterKey(key).optional(),
  });

/** A page: its rows under `name`, and the cursor of the next page (null: this was the last). */
export const pageOf = <N extends string, T extends z.ZodType>(name: N, item: T) =>
  z.object({ [name]: z.array(item), next: z.string().nullable() } as { [K in N]: z.ZodArray<T> } & {
    next: z.ZodNullable<z.ZodString>;
  });

/**
 * From `limit + 1` rows read in order: the page's rows and the next page's cursor. Reading one
 * more than asked for tells whether there is a next page without counting.
 */
export function pageFrom<R>(rows: R[], limit: number, keyOf: (row: R) => readonly (string | number)[]) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, next: rows.length > limit && last ? cursorOf(keyOf(last)) : null };
}
