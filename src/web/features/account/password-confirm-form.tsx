// The password asked again before a change to how one signs in (removing a factor, new backup
// codes): one small inline form, its action named on its button.
import { z } from "zod";
import { passwordConfirmBody } from "../../../shared/contracts/auth.js";
import { Button } from "../../components/ui/button.js";
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
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant={destructive ? "destructive" : "primary"} disabled={form.busy}>
          {label}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
