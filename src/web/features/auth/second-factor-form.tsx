// The second step of a sign-in: a code from the authenticator app, a code texted to the
// account's phone, or one of the backup codes; only the ways this account has are offered.
import { useState } from "react";
import { backupCodeForm, totpCodeForm } from "../../../shared/contracts/auth.js";
import { messages } from "../../../shared/domain/messages.js";
import { Button } from "../../components/ui/button.js";
import { Field, Input } from "../../components/ui/input.js";
import { ApiError } from "../../lib/api.js";
import { showErrorToast } from "../../lib/use-action.js";
import { useZodForm } from "../../lib/use-zod-form.js";
import { type SecondFactor, useSecondFactor, useSendTextCode } from "./api.js";
import { SwitchLink } from "./switch-link.js";

type Kind = SecondFactor["kind"];

const kinds: Record<Kind, { intro: string; label: string; placeholder: string; switchTo: string }> = {
  totp: {
    intro: "Enter the 6-digit code your authenticator app shows for Courtside.",
    label: "Authentication code",
    placeholder: "123456",
    switchTo: "Use my authenticator app",
  },
  text: {
    intro: "We texted a 6-digit code to your phone. It works for 5 minutes.",
    label: "Texted code",
    placeholder: "123456",
    switchTo: "Text me a code instead",
  },
  backup: {
    intro: "Enter one of the backup codes you saved. Each works once.",
    label: "Backup code",
    placeholder: "abcde-12345",
    switchTo: "Use a backup code instead",
  },
};

export function SecondFactorForm({ methods, onBack }: { methods: string[]; onBack: () => void }) {
  // Backup codes come with the authenticator app; a texted code needs a confirmed phone.
  const available: Kind[] = methods.includes("totp") ? ["totp", "backup"] : [];
  if (methods.includes("otp")) available.splice(1, 0, "text");
  const [kind, setKind] = useState<Kind>(available[0] ?? "totp");
  const [textSent, setTextSent] = useState(false);
  const sendText = useSendTextCode({
    success: messages.account.codeSent,
    errorTitle: "Could not send a code",
    onSuccess: () => setTextSent(true),
  });
  const verify = useSecondFactor({
    errorTitle: messages.toasts.signInFailed,
    onError: (error) => {
      if (!(error instanceof ApiError && (error.is("INVALID_CODE") || error.is("INVALID_BACKUP_CODE"))))
        return false;
      showErrorToast(error, messages.toasts.signInFailed, { description: messages.account.codeInvalid });
      return true;
    },
  });
  const form = useZodForm(
    kind === "backup" ? backupCodeForm : totpCodeForm,
    async (data, values) => {
      await verify.run({ kind, code: data.code, trustDevice: values.trustDevice === "on" });
    },
    { idPrefix: "second-factor-" },
  );
  const choose = (next: Kind) => {
    setKind(next);
    if (next === "text" && !textSent) void sendText.run();
  };
  if (available.length === 0)
    return (
      <div role="alert" className="flex flex-col gap-3 text-sm">
        <p className="text-lg font-semibold">Two-step verification</p>
        <p className="text-muted">
          This account's second step cannot be completed here: its phone cannot be texted from this server.
          Use a passkey if you added one, or ask your club's organizer for help.
        </p>
        <SwitchLink label="Back to sign in" onClick={onBack} />
      </div>
    );
  const copy = kinds[kind];
  const waitingForText = kind === "text" && !textSent;
  return (
    <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4" key={kind}>
      <div>
        <p className="text-lg font-semibold">Two-step verification</p>
        <p className="text-sm text-muted">
          {waitingForText ? "We can text a 6-digit code to the phone on your account." : copy.intro}
        </p>
      </div>
      {waitingForText ? (
        <Button type="button" size="lg" disabled={sendText.busy} onClick={() => void sendText.run()}>
          {sendText.busy ? "Sending..." : "Text Me a Code"}
        </Button>
      ) : (
        <>
          <Field label={copy.label} htmlFor={form.id("code")} error={form.errors.code}>
            <Input
              autoFocus
              autoComplete="one-time-code"
              inputMode={kind === "backup" ? "text" : "numeric"}
              placeholder={copy.placeholder}
              maxLength={kind === "backup" ? 11 : 6}
              {...form.fieldProps("code")}
            />
          </Field>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="trustDevice" className="h-4 w-4" />
            Don't ask again on this device for 30 days
          </label>
          <Button type="submit" size="lg" disabled={form.busy}>
            {form.busy ? "Verifying..." : "Verify"}
          </Button>
        </>
      )}
      <p className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-center text-sm text-muted">
        {available
          .filter((other) => other !== kind)
          .map((other) => (
            <SwitchLink key={other} label={kinds[other].switchTo} onClick={() => choose(other)} />
          ))}
        {kind === "text" && textSent ? (
          <SwitchLink label="Send another code" onClick={() => void sendText.run()} />
        ) : null}
        <SwitchLink label="Back to sign in" onClick={onBack} />
      </p>
    </form>
  );
}
