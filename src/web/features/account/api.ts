// The signed-in person's own account: profile, password, sessions, deletion.
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { Me, ProfileBody } from "../../../shared/contracts/account.js";
import { accountEndpoints, meEndpoints } from "../../../shared/contracts/account-endpoints.js";
import type {
  FactorList,
  phoneFactorConfirmBody,
  phoneFactorStartBody,
  WebauthnAnswer,
} from "../../../shared/contracts/auth.js";
import { authEndpoints as auth } from "../../../shared/contracts/auth-endpoints.js";
import { meQueryKey } from "../../app/auth-provider.js";
import { call } from "../../lib/api.js";
import { type ActionFeedback, useAction } from "../../lib/use-action.js";

export const useSaveProfile = (feedback?: ActionFeedback<Me, ProfileBody>) =>
  useAction({
    run: (body: ProfileBody) => call(meEndpoints.saveProfile, { body }),
    // The name shows in the navigation and on every roster, read through /api/me.
    invalidates: [meQueryKey],
    ...feedback,
  });

type PasswordChange = { currentPassword: string; newPassword: string };

export const useChangePassword = (feedback?: ActionFeedback<unknown, PasswordChange>) =>
  useAction({
    run: (body: PasswordChange) =>
      call(auth.changePassword, { body: { ...body, revokeOtherSessions: true } }),
    ...feedback,
  });

/** Ends every session of the account, this one too: the app then shows the sign-in page. */
export const useSignOutEverywhere = (feedback?: ActionFeedback<unknown, void>) =>
  useAction({ run: () => call(auth.revokeSessions, { body: {} }), ...feedback });

type DeleteAccountOptions = { deleteOwnedClubs: boolean };

export const useDeleteAccount = (feedback?: ActionFeedback<unknown, DeleteAccountOptions>) =>
  useAction({ run: (body: DeleteAccountOptions) => call(meEndpoints.deleteAccount, { body }), ...feedback });

// The second factor: better-auth's two-factor endpoints, and our list of what is enrolled.
export const factorsQueryKey = ["me", "factors"] as const;

export const useFactors = () =>
  useQuery({ queryKey: factorsQueryKey, queryFn: () => call(accountEndpoints.factors) });

type Enrolment = { totpURI: string; backupCodes: string[] };

/** Starts enrolment: the authenticator app's secret (as a QR code's URI) and the backup codes. */
export const useStartTotp = (feedback?: ActionFeedback<Enrolment, string>) =>
  useAction({
    run: (password: string) => call(auth.enableTotp, { body: { password } }),
    invalidates: [factorsQueryKey],
    ...feedback,
  });

/** The first good code turns the factor on (better-auth renews the session cookie). */
export const useConfirmTotp = (feedback?: ActionFeedback<unknown, { code: string; friendlyName: string }>) =>
  useAction({
    run: async ({ code, friendlyName }: { code: string; friendlyName: string }) => {
      await call(auth.verifyTotp, { body: { code } });
      const { factors } = await call(accountEndpoints.factors);
      const factor = factors[0];
      if (factor && friendlyName && factor.friendlyName !== friendlyName)
        await call(accountEndpoints.renameFactor, {
          params: { factorId: factor.id },
          body: { friendlyName },
        });
    },
    invalidates: [factorsQueryKey],
    ...feedback,
  });

export const useRemoveTotp = (feedback?: ActionFeedback<unknown, string>) =>
  useAction({
    run: (password: string) => call(auth.disableTotp, { body: { password } }),
    invalidates: [factorsQueryKey],
    ...feedback,
  });

export const useRenewBackupCodes = (feedback?: ActionFeedback<{ backupCodes: string[] }, string>) =>
  useAction({
    run: (password: string) => call(auth.renewBackupCodes, { body: { password } }),
    invalidates: [factorsQueryKey],
    ...feedback,
  });

/**
 * Adds a passkey: the server's options, the device's own prompt (fingerprint, face, PIN),
 * and the answer back. The WebAuthn helper loads only when someone adds one.
 */
export const useAddPasskey = (feedback?: ActionFeedback<unknown, string>) =>
  useAction({
    run: async (friendlyName: string) => {
      const { startRegistration } = await import("@simplewebauthn/browser");
      const optionsJSON = await call(auth.passkeyRegisterOptions, { body: {} });
      const response = await startRegistration({ optionsJSON });
      return call(auth.passkeyRegister, {
        body: { friendlyName, response: response as unknown as WebauthnAnswer },
      });
    },
    invalidates: [factorsQueryKey],
    ...feedback,
  });

export const useRemovePasskey = (feedback?: ActionFeedback<FactorList, string>) =>
  useAction({
    run: (id: string) => call(accountEndpoints.removePasskey, { params: { factorId: id } }),
    invalidates: [factorsQueryKey],
    ...feedback,
  });

type PhoneStart = z.input<typeof phoneFactorStartBody>;
type PhoneConfirm = z.input<typeof phoneFactorConfirmBody>;

/** Texts the number a code; the phone is added once the code comes back (useConfirmPhone). */
export const useStartPhone = (feedback?: ActionFeedback<true, PhoneStart>) =>
  useAction({
    // It answers 202 with no body: `true` tells the caller it went (run gives undefined on failure).
    run: async (body: PhoneStart) => {
      await call(accountEndpoints.startPhone, { body });
      return true as const;
    },
    ...feedback,
  });

export const useConfirmPhone = (feedback?: ActionFeedback<FactorList, PhoneConfirm>) =>
  useAction({
    run: (body: PhoneConfirm) => call(accountEndpoints.confirmPhone, { body }),
    invalidates: [factorsQueryKey],
    ...feedback,
  });

export const useRemovePhone = (feedback?: ActionFeedback<FactorList, string>) =>
  useAction({
    run: (password: string) => call(accountEndpoints.removePhone, { body: { password } }),
    invalidates: [factorsQueryKey],
    ...feedback,
  });
