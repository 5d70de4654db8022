import { z } from "zod";
import { errorCodes } from "../domain/error-codes.js";

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

/** A string field that may be left empty in a form: trimmed, and '' means absent. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));
