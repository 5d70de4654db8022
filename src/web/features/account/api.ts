// The signed-in person's own account: profile, password, sessions, deletion.
import type { Me, ProfileBody } from "../../../shared/contracts/account.js";
import { meQueryKey } from "../../app/auth-provider.js";
import { api } from "../../lib/api.js";
import { type ActionFeedback, useAction } from "../../lib/use-action.js";

export const useSaveProfile = (feedback?: ActionFeedback<Me, ProfileBody>) =>
  useAction({
    run: (body: ProfileBody) => api<Me>("/api/me/profile", { method: "PUT", body }),
    // The name shows in the navigation and on every roster, read through /api/me.
    invalidates: [meQueryKey],
    ...feedback,
  });

type PasswordChange = { currentPassword: string; newPassword: string };

export const useChangePassword = (feedback?: ActionFeedback<unknown, PasswordChange>) =>
  useAction({
    run: (body: PasswordChange) =>
      api("/api/auth/change-password", { body: { ...body, revokeOtherSessions: true } }),
    ...feedback,
  });

/** Ends every session of the account, this one too: the app then shows the sign-in page. */
export const useSignOutEverywhere = (feedback?: ActionFeedback<unknown, void>) =>
  useAction({ run: () => api("/api/auth/revoke-sessions", { body: {} }), ...feedback });

export const useDeleteAccount = (feedback?: ActionFeedback<unknown, void>) =>
  useAction({ run: () => api("/api/me", { method: "DELETE" }), ...feedback });
