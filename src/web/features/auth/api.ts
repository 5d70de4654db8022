// The account calls, against better-auth's endpoints under /api/auth.
import { api } from "../../lib/api.js";

export const authApi = {
  /** The confirmation link signs the person in and lands on `callbackURL` (onboarding by default). */
  signUp: (input: { fullName: string; email: string; password: string }, callbackURL = "/onboarding") =>
    api("/api/auth/sign-up/email", {
      body: { name: input.fullName, email: input.email, password: input.password, callbackURL },
    }),
  signIn: (input: { email: string; password: string }) => api("/api/auth/sign-in/email", { body: input }),
  requestReset: (email: string) =>
    api("/api/auth/request-password-reset", { body: { email, redirectTo: "/auth" } }),
  resetPassword: (token: string, newPassword: string) =>
    api("/api/auth/reset-password", { body: { token, newPassword } }),
};
