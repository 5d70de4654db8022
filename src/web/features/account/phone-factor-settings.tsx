// Settings, Two-step verification: the phone factor. A number gets a texted code; the code
// and the password add it; it is listed masked and removable with the password.
import { Smartphone } from "lucide-react";
import { useState } from "react";
import { type Factor, phoneFactorConfirmBody, phoneFactorStartBody } from "../../../shared/contracts/auth.js";
import { messages } from "../../../shared/domain/messages.js";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { FormActions } from "../../components/ui/form-actions.js";
import { Field, Input } from "../../components/ui/input.js";
import { useZodForm } from "../../lib/use-zod-form.js";
import { useConfirmPhone, useRemovePhone, useStartPhone } from "./api.js";
import { PasswordConfirmForm } from "./password-confirm-form.js";

const t = messages.account;

/** The phone row when there is one, else the way to add one (where this server can text). */
export function PhoneFactorSection({ phone, available }: { phone: Factor | undefined; available: boolean }) {
  const [adding, setAdding] = useState<"no" | "number" | { friendlyName: string }>("no");
  if (phone) return <PhoneRow phone={phone} />;
  if (!available) return null;
  if (adding === "no")
    return (
      <div>
        <Button variant="secondary" onClick={() => setAdding("number")}>
          <Smartphone className="h-4 w-4" /> Add Phone
        </Button>
      </div>
    );
  if (adding === "number")
    return (
      <NumberForm onSent={(friendlyName) => setAdding({ friendlyName })} onCancel={() => setAdding("no")} />
    );
  return <ConfirmForm onDone={() => setAdding("no")} onCancel={() => setAdding("no")} />;
}

function NumberForm({ onSent, onCancel }: { onSent: (friendlyName: string) => void; onCancel: () => void }) {
  const start = useStartPhone({ success: t.codeSent, errorTitle: "Could not send a code" });
  const form = useZodForm(
    phoneFactorStartBody,
    async (data) => {
      if (await start.run(data)) onSent(data.friendlyName);
    },
    { idPrefix: "phone-" },
  );
  return (
    <form noValidate onSubmit={form.onSubmit} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Field
        label="Phone number"
        htmlFor={form.id("phone")}
        error={form.errors.phone}
        hint="With its country code, like +1 555 123 4567."
      >
        <Input type="tel" autoComplete="tel" placeholder="+1 555 123 4567" {...form.fieldProps("phone")} />
      </Field>
      <Field label="Phone name" htmlFor={form.id("friendlyName")} error={form.errors.friendlyName}>
        <Input defaultValue="My phone" maxLength={50} {...form.fieldProps("friendlyName")} />
      </Field>
      <FormActions
        label="Send Code"
        busyLabel="Sending..."
        busy={form.busy}
        onCancel={onCancel}
        className="sm:col-span-2"
      />
    </form>
  );
}

function ConfirmForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const confirm = useConfirmPhone({
    success: { title: t.phoneAdded, description: t.phoneAddedBody },
    onSuccess: onDone,
  });
  const form = useZodForm(
    phoneFactorConfirmBody,
    async (data) => {
      await confirm.run(data);
    },
    { idPrefix: "phone-confirm-" },
  );
  return (
    <form noValidate onSubmit={form.onSubmit} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <p className="text-sm sm:col-span-2">
        We texted a 6-digit code to the number. It works for 10 minutes.
      </p>
      <Field label="Texted code" htmlFor={form.id("code")} error={form.errors.code}>
        <Input
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          placeholder="123456"
          {...form.fieldProps("code")}
        />
      </Field>
      <Field label="Your password" htmlFor={form.id("password")} error={form.errors.password}>
        <Input type="password" autoComplete="current-password" {...form.fieldProps("password")} />
      </Field>
      <FormActions
        label="Add This Phone"
        busyLabel="Adding..."
        busy={form.busy}
        onCancel={onCancel}
        className="sm:col-span-2"
      />
    </form>
  );
}

function PhoneRow({ phone }: { phone: Factor }) {
  const [removing, setRemoving] = useState(false);
  const remove = useRemovePhone({ success: t.phoneRemoved });
  return (
    <div className="flex flex-col gap-3 rounded-xl border p-4" data-testid="phone-factor">
      <div className="flex flex-wrap items-center gap-2">
        <Smartphone className="h-5 w-5 text-brand-700" />
        <span className="min-w-0 font-semibold [overflow-wrap:anywhere]">{phone.friendlyName}</span>
        <span className="text-sm text-muted">Text message to {phone.phone}</span>
        <Badge tone="brand">Verified</Badge>
      </div>
      {removing ? (
        <PasswordConfirmForm
          label="Remove Phone"
          destructive
          idPrefix="phone-remove-"
          onCancel={() => setRemoving(false)}
          onConfirm={async (password) => {
            await remove.run(password);
          }}
        />
      ) : (
        <div>
          <Button variant="destructive" size="sm" onClick={() => setRemoving(true)}>
            Remove
          </Button>
        </div>
      )}
    </div>
  );
}
