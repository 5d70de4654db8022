// The account calls, against better-auth's endpoints under /api/auth.

import type { WebauthnAnswer } from "../../../shared/contracts/auth.js";
import { authEndpoints as auth } from "../../../shared/contracts/auth-endpoints.js";
import type { EndpointAnswer } from "../../../shared/contracts/endpoint.js";
import { meQueryKey } from "../../app/auth-provider.js";
import { call } from "../../lib/api.js";
import { type ActionFeedback, useAction } from "../../lib/use-action.js";

type SignUp = { fullName: string; email: string; password: string };
type SignIn = { email: string; password: string };

/** The confirmation link signs the person in and lands on `callbackURL` (onboarding by default). */
export const useSignUp = (callbackURL = "/onboarding", feedback?: ActionFeedback<unknown, SignUp>) =>
  useAction({
    run: ({ fullName, email, password }: SignUp) =>
      call(auth.signUp, { body: { name: fullName, email, password, callbackURL } }),
    ...feedback,
  });

/**
 * Signed in, /api/me answers with the person. With a second factor the answer is
 * { twoFactorRedirect: true } and the session starts only after the code (useSecondFactor).
 */
export const useSignIn = (feedback?: ActionFeedback<SignInResult, SignIn>) =>
  useAction({
    run: (input: SignIn) => call(auth.signIn, { body: input }),
    invalidates: [meQueryKey],
    ...feedback,
  });

export type SignInResult = EndpointAnswer<typeof auth.signIn>;

export type SecondFactor = { kind: "totp" | "backup" | "text"; code: string; trustDevice: boolean };

const verifyEndpoints = {
  totp: auth.verifyTotp,
  backup: auth.verifyBackupCode,
  text: auth.verifyTextCode,
} as const;

/** Texts a sign-in code to the account's phone (while a sign-in waits for its second step). */
export const useSendTextCode = (feedback?: ActionFeedback<unknown, void>) =>
  useAction({ run: () => call(auth.sendTextCode, { body: {} }), ...feedback });

/** The code that finishes a sign-in: from the authenticator app, or one of the backup codes. */
export const useSecondFactor = (feedback?: ActionFeedback<unknown, SecondFactor>) =>
  useAction({
    run: ({ kind, code, trustDevice }: SecondFactor) =>
      call(verifyEndpoints[kind], { body: { code, trustDevice } }),
    invalidates: [meQueryKey],
    ...feedback,
  });

/**
 * A new confirmation link for an address whose first one was lost. The server answers alike
 * whether or not an unconfirmed account has the address (and limits how often it may be asked).
 */
export const useResendConfirmation = (feedback?: ActionFeedback<unknown, string>) =>
  useAction({
    run: (email: string) => call(auth.resendConfirmation, { body: { email, callbackURL: "/onboarding" } }),
    ...feedback,
  });

export const useRequestReset = (feedback?: ActionFeedback<unknown, string>) =>
  useAction({
    run: (email: string) => call(auth.requestReset, { body: { email, redirectTo: "/auth" } }),
    ...feedback,
  });

export const useResetPassword = (token: string, feedback?: ActionFeedback<unknown, string>) =>
  useAction({
    run: (newPassword: string) => call(auth.resetPassword, { body: { token, newPassword } }),
    ...feedback,
  });

/** Signs in with a passkey this device holds for the site: no address, no password. */
export const usePasskeySignIn = (feedback?: ActionFeedback<unknown, void>) =>
  useAction({
    run: async () => {
      const { startAuthentication } = await import("@simplewebauthn/browser");
      const optionsJSON = await call(auth.passkeySignInOptions, { body: {} });
      const response = await startAuthentication({ optionsJSON });
      return call(auth.passkeySignIn, { body: { response: response as unknown as WebauthnAnswer } });
    },
    invalidates: [meQueryKey],
    ...feedback,
  });
