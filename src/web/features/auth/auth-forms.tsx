import { KeyRound, MailCheck } from "lucide-react";
import { useRef, useState } from "react";
import { newPasswordForm, resetRequestForm, signInForm, signUpForm } from "../../../shared/contracts/auth.js";
import { messages } from "../../../shared/domain/messages.js";
import { Button } from "../../components/ui/button.js";
import { Field, Input } from "../../components/ui/input.js";
import { ApiError } from "../../lib/api.js";
import { atLocalhost, onBareIpAddress } from "../../lib/passkey-address.js";
import { showErrorToast } from "../../lib/use-action.js";
import { useZodForm } from "../../lib/use-zod-form.js";
import {
  usePasskeySignIn,
  useRequestReset,
  useResendConfirmation,
  useResetPassword,
  useSignIn,
  useSignUp,
} from "./api.js";
import type { AuthMode } from "./auth-page.js";
import { SecondFactorForm } from "./second-factor-form.js";
import { SwitchLink } from "./switch-link.js";

const t = messages.toasts;

export function SignInForm({ onSwitch }: { onSwitch: (mode: AuthMode) => void }) {
  // With a second factor enrolled, the password is only the first step.
  // The second step's methods ("totp", "otp"), once the password was right.
  const [methods, setMethods] = useState<string[] | null>(null);
  // An address not yet confirmed: its first link may be lost, and signing up again says the
  // address is taken. The form then offers a new link.
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const tried = useRef("");
  const signIn = useSignIn({
    errorTitle: t.signInFailed,
    onSuccess: (result) =>
      setMethods(result?.twoFactorRedirect ? (result.twoFactorMethods ?? ["totp"]) : null),
    onError: (error) => {
      if (!(error instanceof ApiError && error.is("EMAIL_NOT_VERIFIED"))) return false;
      setUnconfirmed(tried.current);
      return true;
    },
  });
  const form = useZodForm(signInForm, async (data) => {
    tried.current = data.email;
    await signIn.run(data);
  });
  if (methods) return <SecondFactorForm methods={methods} onBack={() => setMethods(null)} />;
  return (
    <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4">
      <Field label="Email" htmlFor="email" error={form.errors.email}>
        <Input type="email" autoComplete="email" placeholder="you@club.com" {...form.fieldProps("email")} />
      </Field>
      <Field label="Password" htmlFor="password" error={form.errors.password}>
        <Input type="password" autoComplete="current-password" {...form.fieldProps("password")} />
      </Field>
      <div className="-mt-2 text-right text-sm">
        <SwitchLink label="Forgot password?" onClick={() => onSwitch("forgot")} />
      </div>
      {unconfirmed ? <ResendConfirmation email={unconfirmed} /> : null}
      <Button type="submit" size="lg" disabled={form.busy}>
        {form.busy ? "Signing in..." : "Sign In"}
      </Button>
      <PasskeySignIn />
      <p className="text-center text-sm text-muted">
        New to Courtside? <SwitchLink label="Create an account" onClick={() => onSwitch("sign-up")} />
      </p>
    </form>
  );
}

/** Shown when sign-in says the address is not confirmed yet: a new link, on request. */
function ResendConfirmation({ email }: { email: string }) {
  const [sent, setSent] = useState(false);
  const resend = useResendConfirmation({
    errorTitle: t.confirmationResendFailed,
    onSuccess: () => setSent(true),
    onError: (error) => {
      // Refused for anything but a limit (the address is confirmed already, or unknown): said
      // as a success, so the form tells nobody which addresses have accounts.
      if (error instanceof ApiError && error.status !== 429 && error.status < 500) {
        setSent(true);
        return true;
      }
      return false;
    },
  });
  return (
    <div role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm">
      {sent ? (
        <p>{t.confirmationResent(email)}</p>
      ) : (
        <>
          <p className="mb-2">{t.notConfirmedYet}</p>
          <Button
            type="button"
            variant="secondary"
            size="md"
            onClick={() => void resend.run(email)}
            disabled={resend.busy}
          >
            {resend.busy ? "Sending..." : "Send a new confirmation link"}
          </Button>
        </>
      )}
    </div>
  );
}

/** A passkey instead of the address and password, where the browser can use one. */
function PasskeySignIn() {
  const passkey = usePasskeySignIn({
    errorTitle: t.signInFailed,
    onError: (error) => {
      // The person closed the device's prompt, or it timed out: nothing went wrong here.
      if (!(error instanceof Error && error.name === "NotAllowedError")) return false;
      showErrorToast(error, t.signInFailed, {
        description: "The passkey prompt was closed before it finished.",
      });
      return true;
    },
  });
  if (typeof window === "undefined" || !("PublicKeyCredential" in window)) return null;
  if (onBareIpAddress())
    return (
      <p className="text-center text-sm text-muted">
        Passkeys work at{" "}
        <a className="font-semibold text-brand-700 underline" href={atLocalhost()}>
          localhost
        </a>
        , not at a bare IP address.
      </p>
    );
  return (
    <Button
      type="button"
      variant="secondary"
      size="lg"
      disabled={passkey.busy}
      onClick={() => void passkey.run()}
    >
      <KeyRound className="h-4 w-4" />
      {passkey.busy ? "Waiting for your passkey..." : "Use a Passkey"}
    </Button>
  );
}

export function SignUpForm({
  onSwitch,
  next,
  email,
  joining,
}: {
  onSwitch: (mode: AuthMode) => void;
  /** Where the confirmation link lands: back where the person came from. */
  next?: string;
  /** The invited address, filled in for them. */
  email?: string;
  /** The club they came to join, if any. */
  joining?: string;
}) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const signUp = useSignUp(next, {
    onSuccess: (_, { email }) => setSentTo(email),
    errorTitle: t.signUpFailed,
    onError: (error) => {
      if (!(error instanceof ApiError && error.is("USER_ALREADY_EXISTS"))) return false;
      showErrorToast(error, t.accountExists, { description: t.accountExistsBody });
      return true;
    },
  });
  const form = useZodForm(signUpForm, async (data) => {
    await signUp.run(data);
  });
  if (sentTo) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-4 text-center">
        <MailCheck className="h-10 w-10 text-brand-700" />
        <p className="text-lg font-semibold">Confirm your email</p>
        <p className="text-sm text-muted">
          We sent a confirmation link to <strong className="text-ink">{sentTo}</strong>. Open it to finish
          creating your account{joining ? ` and join ${joining}` : " and set up your club"}.
        </p>
        <SwitchLink label="Back to sign in" onClick={() => onSwitch("sign-in")} />
      </div>
    );
  }
  return (
    <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4">
      <Field label="Full name" htmlFor="fullName" error={form.errors.fullName}>
        <Input autoComplete="name" placeholder="Jordan Smith" {...form.fieldProps("fullName")} />
      </Field>
      <Field label="Email" htmlFor="email" error={form.errors.email}>
        <Input
          type="email"
          autoComplete="email"
          placeholder="you@club.com"
          defaultValue={email}
          {...form.fieldProps("email")}
        />
      </Field>
      <Field label="Password" htmlFor="password" error={form.errors.password} hint="At least 8 characters.">
        <Input type="password" autoComplete="new-password" {...form.fieldProps("password")} />
      </Field>
      <Button type="submit" size="lg" disabled={form.busy}>
        {form.busy ? "Creating account..." : "Create Account"}
      </Button>
      <p className="text-center text-sm text-muted">
        Already have an account? <SwitchLink label="Sign in" onClick={() => onSwitch("sign-in")} />
      </p>
    </form>
  );
}

export function ResetRequestForm({ onSwitch }: { onSwitch: (mode: AuthMode) => void }) {
  const requestReset = useRequestReset({
    onSuccess: () => onSwitch("sign-in"),
    success: { title: t.resetSent, description: t.resetSentBody },
    errorTitle: "Reset failed",
  });
  const form = useZodForm(resetRequestForm, async (data) => {
    await requestReset.run(data.email);
  });
  return (
    <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4">
      <Field label="Email" htmlFor="email" error={form.errors.email}>
        <Input type="email" autoComplete="email" placeholder="you@club.com" {...form.fieldProps("email")} />
      </Field>
      <Button type="submit" size="lg" disabled={form.busy}>
        {form.busy ? "Sending..." : "Send Reset Link"}
      </Button>
      <p className="text-center text-sm text-muted">
        Remembered it? <SwitchLink label="Back to sign in" onClick={() => onSwitch("sign-in")} />
      </p>
    </form>
  );
}

export function NewPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const resetPassword = useResetPassword(token, {
    onSuccess: onDone,
    success: { title: "Password updated", description: "Sign in with your new password." },
    errorTitle: "Reset failed",
    onError: (error) => {
      if (!(error instanceof ApiError && error.is("INVALID_TOKEN"))) return false;
      showErrorToast(error, "Reset failed", {
        description: "This reset link has expired or was already used.",
      });
      return true;
    },
  });
  const form = useZodForm(newPasswordForm, async (data) => {
    await resetPassword.run(data.password);
  });
  return (
    <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4">
      <Field label="New password" htmlFor="password" error={form.errors.password}>
        <Input type="password" autoComplete="new-password" {...form.fieldProps("password")} />
      </Field>
      <Button type="submit" size="lg" disabled={form.busy}>
        {form.busy ? "Saving..." : "Set New Password"}
      </Button>
    </form>
  );
}
