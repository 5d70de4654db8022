import { z } from "zod";
import { isPlainDisplayText, isPlainMultilineText } from "../domain/display-text.js";
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
 * What each free-text field of a request is, so that none reaches other people unchecked:
 * every plain string a body takes is one of these, and endpoint() refuses a definition with a
 * string that is none (text-fields.ts). "name": one line others see; "multiline": several lines
 * others see; "private": never shown to anyone else (a password, a code, a token);
 * "pattern": a machine value whose own pattern already excludes anything hidden (a phone
 * number, an amount, an id).
 */
export type TextKind = "name" | "multiline" | "private" | "pattern";
export const textKinds = z.registry<{ textKind: TextKind }>();

const marked = <T extends z.ZodType>(schema: T, textKind: TextKind): T => {
  textKinds.add(schema, { textKind });
  return schema;
};

/**
 * A name other people see (a club's, a person's, a court's, a location, a team's): shown as
 * typed, so no line breaks, control, bidirectional or zero-width characters
 * (shared/domain/display-text.ts).
 */
export const displayName = <T extends z.ZodString>(schema: T) =>
  marked(schema.refine(isPlainDisplayText, messages.validation.nameCharacters), "name");

/**
 * A text of several lines other people see (a description, a note to the club): line breaks
 * kept (a CRLF or CR made LF, as a textarea gives), nothing hidden.
 */
export const displayText = <T extends z.ZodString>(schema: T) =>
  marked(
    schema
      .overwrite((value) => value.replace(/\r\n?/g, "\n") as typeof value)
      .refine(isPlainMultilineText, messages.validation.textCharacters),
    "multiline",
  );

/** A string never shown to anyone but its sender: a password, a one-time code, a token. */
export const privateText = <T extends z.ZodString>(schema: T) => marked(schema, "private");

/** A machine value whose pattern (a regex or a parse) already allows nothing hidden. */
export const patternText = <T extends z.ZodType>(schema: T) => marked(schema, "pattern");

/** A string field that may be left empty in a form: trimmed, and '' means absent. */
export const optionalText = (max: number, kind: "name" | "multiline" | "pattern") => {
  const text = z.string().trim().max(max);
  const checked =
    kind === "name" ? displayName(text) : kind === "multiline" ? displayText(text) : patternText(text);
  return checked.optional().transform((value) => (value ? value : undefined));
};
