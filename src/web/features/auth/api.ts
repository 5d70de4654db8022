// The account calls, against better-auth's endpoints under /api/auth.
import { meQueryKey } from "../../app/auth-provider.js";
import { api } from "../../lib/api.js";
import { type ActionFeedback, useAction } from "../../lib/use-action.js";

type SignUp = { fullName: string; email: string; password: string };
type SignIn = { email: string; password: string };

/** The confirmation link signs the person in and lands on `callbackURL` (onboarding by default). */
export const useSignUp = (callbackURL = "/onboarding", feedback?: ActionFeedback<unknown, SignUp>) =>
  useAction({
    run: ({ fullName, email, password }: SignUp) =>
      api("/api/auth/sign-up/email", { body: { name: fullName, email, password, callbackURL } }),
    ...feedback,
  });

/**
 * Signed in, /api/me answers with the person. With a second factor the answer is
 * { twoFactorRedirect: true } and the session starts only after the code (useSecondFactor).
 */
export const useSignIn = (feedback?: ActionFeedback<SignInResult, SignIn>) =>
  useAction({
    run: (input: SignIn) => api<SignInResult>("/api/auth/sign-in/email", { body: input }),
    invalidates: [meQueryKey],
    ...feedback,
  });

export type SignInResult = { twoFactorRedirect?: boolean; twoFactorMethods?: string[] };

export type SecondFactor = { kind: "totp" | "backup" | "text"; code: string; trustDevice: boolean };

const verifyPaths: Record<SecondFactor["kind"], string> = {
  totp: "/api/auth/two-factor/verify-totp",
  backup: "/api/auth/two-factor/verify-backup-code",
  text: "/api/auth/two-factor/verify-otp",
};

/** Texts a sign-in code to the account's phone (while a sign-in waits for its second step). */
export const useSendTextCode = (feedback?: ActionFeedback<unknown, void>) =>
  useAction({ run: () => api("/api/auth/two-factor/send-otp", { body: {} }), ...feedback });

/** The code that finishes a sign-in: from the authenticator app, or one of the backup codes. */
export const useSecondFactor = (feedback?: ActionFeedback<unknown, SecondFactor>) =>
  useAction({
    run: ({ kind, code, trustDevice }: SecondFactor) =>
      api(verifyPaths[kind], { body: { code, trustDevice } }),
    invalidates: [meQueryKey],
    ...feedback,
  });

/**
 * A new confirmation link for an address whose first one was lost. The server answers alike
 * whether or not an unconfirmed account has the address (and limits how often it may be asked).
 */
export const useResendConfirmation = (feedback?: ActionFeedback<unknown, string>) =>
  useAction({
    run: (email: string) =>
      api("/api/auth/send-verification-email", { body: { email, callbackURL: "/onboarding" } }),
    ...feedback,
  });

export const useRequestReset = (feedback?: ActionFeedback<unknown, string>) =>
  useAction({
    run: (email: string) => api("/api/auth/request-password-reset", { body: { email, redirectTo: "/auth" } }),
    ...feedback,
  });

export const useResetPassword = (token: string, feedback?: ActionFeedback<unknown, string>) =>
  useAction({
    run: (newPassword: string) => api("/api/auth/reset-password", { body: { token, newPassword } }),
    ...feedback,
  });

/** Signs in with a passkey this device holds for the site: no address, no password. */
export const usePasskeySignIn = (feedback?: ActionFeedback<unknown, void>) =>
  useAction({
    run: async () => {
      const { startAuthentication } = await import("@simplewebauthn/browser");
      const optionsJSON = await api<Parameters<typeof startAuthentication>[0]["optionsJSON"]>(
        "/api/auth/passkey/sign-in-options",
        { body: {} },
      );
      const response = await startAuthentication({ optionsJSON });
      return api("/api/auth/passkey/sign-in", { body: { response } });
    },
    invalidates: [meQueryKey],
    ...feedback,
  });
