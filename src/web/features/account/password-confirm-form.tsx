// The password asked again before a change to how one signs in (removing a factor, new backup
// codes): one small inline form, its action named on its button.
import { z } from "zod";
import { passwordConfirmBody } from "../../../shared/contracts/auth.js";
import { FormActions } from "../../components/ui/form-actions.js";
import { Field, Input } from "../../components/ui/input.js";
import { useZodForm } from "../../lib/use-zod-form.js";

const passwordForm = z.object({ password: passwordConfirmBody.shape.password });

export function PasswordConfirmForm({
  label,
  destructive = false,
  idPrefix,
  onConfirm,
  onCancel,
}: {
  label: string;
  destructive?: boolean;
  idPrefix: string;
  onConfirm: (password: string) => Promise<void>;
  onCancel: () => void;
}) {
  const form = useZodForm(passwordForm, ({ password }) => onConfirm(password), { idPrefix });
  return (
    <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <Field label="Your password" htmlFor={form.id("password")} error={form.errors.password}>
        <Input type="password" autoComplete="current-password" {...form.fieldProps("password")} />
      </Field>
      <FormActions label={label} busy={form.busy} destructive={destructive} onCancel={onCancel} />
    </form>
  );
}
