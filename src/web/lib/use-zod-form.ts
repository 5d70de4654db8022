// Submit plumbing for forms checked with the shared zod schemas: the first problem as a
// 'Validation Error' toast (SPEC §8), every field marked, and a busy flag while submitting.
import { type FormEvent, useState } from "react";
import type { z } from "zod";
import { checkForm, clearValidationError, type FieldErrors, showValidationError } from "./form.js";

export function useZodForm<S extends z.ZodType>(
  schema: S,
  submit: (data: z.output<S>, values: Record<string, FormDataEntryValue>) => Promise<void>,
  options: { idPrefix?: string } = {},
) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const prefix = options.idPrefix ?? "";
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(event.currentTarget));
    const checked = checkForm(schema, values);
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
