// Form checking with the shared zod schemas: every field's first message, for marking fields,
// and the first message overall, for the 'Validation Error' toast (SPEC §8).
import type { z } from "zod";

export type FieldErrors = Record<string, string>;

export function checkForm<T extends z.ZodType>(
  schema: T,
  values: unknown,
): { ok: true; data: z.output<T> } | { ok: false; errors: FieldErrors; first: string } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "");
    errors[key] ??= issue.message;
  }
  return { ok: false, errors, first: result.error.issues[0]?.message ?? "Invalid input" };
}
