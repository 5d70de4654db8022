// Settings, Passkeys: sign in with the device's own lock (fingerprint, face or PIN) instead
// of the address and password. Each passkey is listed by the name given it, and removable.
import { KeyRound } from "lucide-react";
import { z } from "zod";
import { friendlyNameBody } from "../../../shared/contracts/auth.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.js";
import { ConfirmButton } from "../../components/ui/confirm-dialog.js";
import { Field, Input } from "../../components/ui/input.js";
import { atLocalhost, onBareIpAddress } from "../../lib/passkey-address.js";
import { showErrorToast } from "../../lib/use-action.js";
import { useZodForm } from "../../lib/use-zod-form.js";
import { useAddPasskey, useFactors, useRemovePasskey } from "./api.js";

const addForm = z.object({ friendlyName: friendlyNameBody.shape.friendlyName });
const deviceRefusals: Record<string, string> = {
  NotAllowedError: "The passkey prompt was closed before it finished.",
  InvalidStateError: "This device already holds a passkey for your account.",
  SecurityError: "Passkeys need the site's own web address (https, or localhost), not a bare IP address.",
};
const canUsePasskeys = () => typeof window !== "undefined" && "PublicKeyCredential" in window;

export function PasskeySettings() {
  const factors = useFactors();
  const passkeys = factors.data?.factors.filter((f) => f.factorType === "webauthn") ?? [];
  const remove = useRemovePasskey({ success: "Passkey removed" });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Passkeys</CardTitle>
        <CardDescription>
          Sign in with this phone's or computer's own lock (fingerprint, face or PIN) instead of your
          password.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {passkeys.length > 0 ? (
          <ul className="flex flex-col gap-2">
            {passkeys.map((passkey) => (
              <li
                key={passkey.id}
                data-testid="passkey"
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl border p-3"
              >
                <span className="flex min-w-0 items-center gap-2">
                  <KeyRound className="h-5 w-5 shrink-0 text-brand-700" />
                  <span className="min-w-0 font-semibold [overflow-wrap:anywhere]">
                    {passkey.friendlyName}
                  </span>
                  <span className="text-sm text-muted">
                    added {new Date(passkey.createdAt).toLocaleDateString("en-US", { dateStyle: "medium" })}
                  </span>
                </span>
                <ConfirmButton
                  trigger={
                    <Button variant="secondary" size="sm">
                      Remove
                    </Button>
                  }
                  title={`Remove ${passkey.friendlyName}?`}
                  description="This device will no longer sign you in with its lock. Your password still works."
                  confirmLabel="Remove Passkey"
                  dismissLabel="Keep It"
                  onConfirm={() => remove.run(passkey.id)}
                />
              </li>
            ))}
          </ul>
        ) : factors.data ? (
          <p className="text-sm text-muted">No passkeys yet.</p>
        ) : null}
        {onBareIpAddress() ? (
          <p className="text-sm text-muted">
            Passkeys need the site's name, not a bare IP address:{" "}
            <a className="font-semibold text-brand-700 underline" href={atLocalhost()}>
              open this page at localhost
            </a>{" "}
            to add one.
          </p>
        ) : canUsePasskeys() ? (
          <AddPasskey />
        ) : (
          <p className="text-sm text-muted">This browser cannot use passkeys.</p>
        )}
      </CardContent>
    </Card>
  );
}

function AddPasskey() {
  const add = useAddPasskey({
    success: "Passkey added",
    onError: (error) => {
      // The device's own refusals, said plainly rather than blamed on the connection.
      const reason = error instanceof Error ? deviceRefusals[error.name] : undefined;
      if (!reason) return false;
      showErrorToast(error, "Passkey not added", { description: reason });
      return true;
    },
  });
  const form = useZodForm(
    addForm,
    async (data) => {
      await add.run(data.friendlyName);
    },
    { idPrefix: "passkey-" },
  );
  return (
    <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <Field
        label="Passkey name"
        htmlFor={form.id("friendlyName")}
        error={form.errors.friendlyName}
        hint="For example, Work laptop."
      >
        <Input defaultValue="This device" maxLength={50} {...form.fieldProps("friendlyName")} />
      </Field>
      <div>
        <Button type="submit" disabled={form.busy || add.busy}>
          <KeyRound className="h-4 w-4" /> {add.busy ? "Waiting for your device..." : "Add Passkey"}
        </Button>
      </div>
    </form>
  );
}
