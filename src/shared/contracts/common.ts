import { z } from "zod";
import { isPlainDisplayText } from "../domain/display-text.js";
import { errorCodes } from "../domain/error-codes.js";
import { messages } from "../domain/messages.js";

/** The one error shape every endpoint answers with. */
export const errorBody = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    issues: z
      .array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))
      .optional(),
    requestId: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const orgParams = z.object({ orgId: z.uuid() });

/**
 * A name other people see (a club's, a person's, a court's): shown as typed, so no line
 * breaks, control or bidirectional formatting characters (shared/domain/display-text.ts).
 */
export const displayName = <T extends z.ZodString>(schema: T) =>
  schema.refine(isPlainDisplayText, messages.validation.nameCharacters);

/** A string field that may be left empty in a form: trimmed, and '' means absent. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));
