// Settings, Two-step verification: enrol an authenticator app (password, QR code, first code,
// backup codes to keep), see what is enrolled, renew the backup codes, remove it.
import { ShieldCheck } from "lucide-react";
import { useEffect, useState } from "react";
import {
  type Factor,
  friendlyNameBody,
  passwordConfirmBody,
  totpCodeForm,
} from "../../../shared/contracts/auth.js";
import { messages } from "../../../shared/domain/messages.js";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.js";
import { FormActions } from "../../components/ui/form-actions.js";
import { Field, Input } from "../../components/ui/input.js";
import { ApiError } from "../../lib/api.js";
import { showErrorToast } from "../../lib/use-action.js";
import { useZodForm } from "../../lib/use-zod-form.js";
import { useConfirmTotp, useFactors, useRemoveTotp, useRenewBackupCodes, useStartTotp } from "./api.js";
import { PasswordConfirmForm } from "./password-confirm-form.js";
import { PhoneFactorSection } from "./phone-factor-settings.js";

const t = messages.account;

type Step =
  | { name: "list" }
  | { name: "start" }
  | { name: "scan"; totpURI: string; backupCodes: string[]; friendlyName: string }
  | { name: "codes"; backupCodes: string[] };

export function TwoFactorSettings() {
  const factors = useFactors();
  const [step, setStep] = useState<Step>({ name: "list" });
  // Passkeys have their own card (passkey-settings.tsx).
  const apps = factors.data?.factors.filter((f) => f.factorType === "totp");
  const verified = apps?.filter((f) => f.status === "verified") ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Two-step verification</CardTitle>
        <CardDescription>
          After your password, sign-in asks for a code from an authenticator app on your phone
          {factors.data?.phoneAvailable ? ", or one texted to it" : ""}.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {step.name === "start" ? (
          <StartForm
            onStarted={(started) => setStep({ name: "scan", ...started })}
            onCancel={() => setStep({ name: "list" })}
          />
        ) : step.name === "scan" ? (
          <ScanStep
            step={step}
            onDone={() => setStep({ name: "codes", backupCodes: step.backupCodes })}
            onCancel={() => setStep({ name: "list" })}
          />
        ) : step.name === "codes" ? (
          <BackupCodes codes={step.backupCodes} onDone={() => setStep({ name: "list" })} />
        ) : (
          <>
            {apps?.map((factor) => (
              <FactorRow
                key={factor.id}
                factor={factor}
                onNewCodes={(codes) => setStep({ name: "codes", backupCodes: codes })}
              />
            ))}
            {apps && verified.length === 0 ? (
              <div>
                <Button onClick={() => setStep({ name: "start" })}>
                  <ShieldCheck className="h-4 w-4" /> Add Authenticator App
                </Button>
              </div>
            ) : null}
            {factors.data ? (
              <PhoneFactorSection
                phone={factors.data.factors.find((f) => f.factorType === "phone")}
                available={factors.data.phoneAvailable}
              />
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

const startForm = friendlyNameBody.extend(passwordConfirmBody.shape);

function StartForm({
  onStarted,
  onCancel,
}: {
  onStarted: (started: { totpURI: string; backupCodes: string[]; friendlyName: string }) => void;
  onCancel: () => void;
}) {
  const start = useStartTotp({ errorTitle: "Could not start" });
  const form = useZodForm(
    startForm,
    async (data) => {
      const started = await start.run(data.password);
      if (started) onStarted({ ...started, friendlyName: data.friendlyName });
    },
    { idPrefix: "totp-start-" },
  );
  return (
    <form noValidate onSubmit={form.onSubmit} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Field
        label="Name it"
        htmlFor={form.id("friendlyName")}
        error={form.errors.friendlyName}
        hint="For example, the phone it is on."
      >
        <Input defaultValue="Authenticator app" maxLength={50} {...form.fieldProps("friendlyName")} />
      </Field>
      <Field label="Your password" htmlFor={form.id("password")} error={form.errors.password}>
        <Input type="password" autoComplete="current-password" {...form.fieldProps("password")} />
      </Field>
      <FormActions
        label="Continue"
        busyLabel="Starting..."
        busy={form.busy}
        onCancel={onCancel}
        className="sm:col-span-2"
      />
    </form>
  );
}

function ScanStep({
  step,
  onDone,
  onCancel,
}: {
  step: { totpURI: string; friendlyName: string };
  onDone: () => void;
  /** Back to the list, where the unfinished app shows as Unverified and can be removed. */
  onCancel: () => void;
}) {
  const [image, setImage] = useState<string>();
  useEffect(() => {
    // The QR library loads only here, not with every page.
    let live = true;
    import("qrcode")
      .then((QRCode) => QRCode.toDataURL(step.totpURI, { margin: 1, width: 200 }))
      .then((url) => live && setImage(url))
      .catch(() => live && setImage(undefined));
    return () => {
      live = false;
    };
  }, [step.totpURI]);
  const secret = new URL(step.totpURI).searchParams.get("secret") ?? "";
  const confirm = useConfirmTotp({
    success: { title: t.factorAdded, description: t.factorAddedBody },
    onSuccess: onDone,
    onError: (error) => {
      if (!(error instanceof ApiError && error.is("INVALID_CODE"))) return false;
      showErrorToast(error, "Not verified", { description: t.codeInvalid });
      return true;
    },
  });
  const form = useZodForm(
    totpCodeForm,
    async (data) => {
      await confirm.run({ code: data.code, friendlyName: step.friendlyName });
    },
    { idPrefix: "totp-confirm-" },
  );
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <div className="flex shrink-0 flex-col items-center gap-2">
        {image ? (
          <img
            src={image}
            alt="QR code to scan with your authenticator app"
            width={200}
            height={200}
            className="rounded-lg border"
          />
        ) : (
          <div className="h-[200px] w-[200px] rounded-lg border bg-slate-50" aria-hidden />
        )}
      </div>
      <form noValidate onSubmit={form.onSubmit} className="flex min-w-0 flex-col gap-3">
        <p className="text-sm">
          Scan the code with an authenticator app (Google Authenticator, 1Password, Authy...), or type this
          key into it:
        </p>
        <code
          className="rounded bg-slate-100 px-2 py-1 font-mono text-sm break-all"
          data-testid="totp-secret"
        >
          {secret}
        </code>
        <Field label="The 6-digit code it shows" htmlFor={form.id("code")} error={form.errors.code}>
          <Input
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            placeholder="123456"
            {...form.fieldProps("code")}
          />
        </Field>
        <FormActions label="Turn On" busyLabel="Verifying..." busy={form.busy} onCancel={onCancel} />
      </form>
    </div>
  );
}

function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const download = () => {
    const blob = new Blob([`Courtside backup codes (each works once)\n\n${codes.join("\n")}\n`], {
      type: "text/plain",
    });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = "courtside-backup-codes.txt";
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <div className="flex flex-col gap-3">
      <p className="font-semibold">Save your backup codes</p>
      <p className="text-sm text-muted">
        If you lose your phone, each of these codes signs you in once. Keep them somewhere safe: they are not
        shown again.
      </p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5" aria-label="Backup codes">
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={download}>
          Download
        </Button>
        <Button onClick={onDone}>I Saved Them</Button>
      </div>
    </div>
  );
}

function FactorRow({ factor, onNewCodes }: { factor: Factor; onNewCodes: (codes: string[]) => void }) {
  const [action, setAction] = useState<"remove" | "codes" | null>(null);
  const verified = factor.status === "verified";
  return (
    <div className="flex flex-col gap-3 rounded-xl border p-4" data-testid="factor">
      <div className="flex flex-wrap items-center gap-2">
        <ShieldCheck className="h-5 w-5 text-brand-700" />
        <span className="min-w-0 font-semibold [overflow-wrap:anywhere]">{factor.friendlyName}</span>
        <span className="text-sm text-muted">6-digit codes from an app (TOTP)</span>
        <Badge tone={verified ? "brand" : "ball"}>{verified ? "Verified" : "Unverified"}</Badge>
      </div>
      {verified && factor.backupCodesLeft !== null ? (
        <p className="text-sm text-muted">{factor.backupCodesLeft} of 10 backup codes left.</p>
      ) : null}
      {action ? (
        <PasswordAction action={action} onNewCodes={onNewCodes} onCancel={() => setAction(null)} />
      ) : (
        <div className="flex flex-wrap gap-3">
          {verified ? (
            <Button variant="secondary" size="sm" onClick={() => setAction("codes")}>
              New Backup Codes
            </Button>
          ) : null}
          <Button variant="destructive" size="sm" onClick={() => setAction("remove")}>
            Remove
          </Button>
        </div>
      )}
    </div>
  );
}

function PasswordAction({
  action,
  onNewCodes,
  onCancel,
}: {
  action: "remove" | "codes";
  onNewCodes: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const remove = useRemoveTotp({ success: t.factorRemoved });
  const renew = useRenewBackupCodes({ success: t.backupCodesRenewed });
  return (
    <PasswordConfirmForm
      label={action === "remove" ? "Remove Factor" : "Make New Codes"}
      destructive={action === "remove"}
      idPrefix={`factor-${action}-`}
      onCancel={onCancel}
      onConfirm={async (password) => {
        if (action === "remove") await remove.run(password);
        else {
          const renewed = await renew.run(password);
          if (renewed) onNewCodes(renewed.backupCodes);
        }
      }}
    />
  );
}
