// Form checking with the shared zod schemas: every field's first message, for marking fields,
// and the first message overall, for the 'Validation Error' toast.
import { toast } from "sonner";
import type { z } from "zod";
import { messages } from "../../shared/domain/messages.js";

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

const VALIDATION_TOAST = "validation-error";

/** The 'Validation Error' toast: one at a time, each replacing the last. */
export function showValidationError(first: string): void {
  toast.error(messages.toasts.validationError, { id: VALIDATION_TOAST, description: first });
}

/** Once the form passes, its old complaint leaves the screen (it would cover the page's top). */
export function clearValidationError(): void {
  toast.dismiss(VALIDATION_TOAST);
}
