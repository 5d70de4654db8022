// Submit plumbing for forms checked with the shared zod schemas: the first problem as a
// 'Validation Error' toast, every field marked, and a busy flag while submitting.
// A form whose schema wants more than its fields' text (a switch held in state, scores typed
// as "11-7") says how to read them with `read`; the fields themselves are checked otherwise.
import { type FormEvent, useState } from "react";
import type { z } from "zod";
import { checkForm, clearValidationError, type FieldErrors, showValidationError } from "./form.js";

export function useZodForm<S extends z.ZodType>(
  schema: S,
  submit: (data: z.output<S>, values: Record<string, FormDataEntryValue>) => Promise<void>,
  options: {
    idPrefix?: string;
    /** What the schema checks, made from the form's fields (the fields as they are by default). */
    read?: (values: Record<string, FormDataEntryValue>) => unknown;
  } = {},
) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const prefix = options.idPrefix ?? "";
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(event.currentTarget));
    const checked = checkForm(schema, options.read ? options.read(values) : values);
    if (!checked.ok) {
      setErrors(checked.errors);
      showValidationError(checked.first);
      return;
    }
    clearValidationError();
    setErrors({});
    setBusy(true);
    try {
      await submit(checked.data, values);
    } finally {
      setBusy(false);
    }
  };
  const fieldProps = (name: string) => ({
    id: `${prefix}${name}`,
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${prefix}${name}-error` : undefined,
  });
  return { errors, busy, onSubmit, fieldProps, id: (name: string) => `${prefix}${name}` };
}
