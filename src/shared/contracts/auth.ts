import { z } from "zod";
import { messages } from "../domain/messages.js";

const v = messages.validation;

// better-auth accepts up to 128 characters; long passphrases (64+) are welcome.
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const email = z.string().trim().pipe(z.email(v.emailInvalid));

export const signUpForm = z.object({
  fullName: z.string().trim().min(2, v.nameTooShort).max(100),
  email,
  password: z.string().min(PASSWORD_MIN, v.passwordTooShort).max(PASSWORD_MAX, v.passwordTooLong),
});
export type SignUpForm = z.infer<typeof signUpForm>;

export const signInForm = z.object({
  email,
  password: z.string().min(1, v.passwordRequired).max(PASSWORD_MAX, v.passwordTooLong),
});
export type SignInForm = z.infer<typeof signInForm>;

export const resetRequestForm = z.object({ email });
export type ResetRequestForm = z.infer<typeof resetRequestForm>;

export const newPasswordForm = z.object({
  password: z.string().min(PASSWORD_MIN, v.passwordTooShort).max(PASSWORD_MAX, v.passwordTooLong),
});

// The bodies the auth endpoints receive, checked before better-auth sees them.
export const signUpBody = z.object({
  name: signUpForm.shape.fullName,
  email,
  password: signUpForm.shape.password,
  callbackURL: z.string().max(500).optional(),
});
export const signInBody = z.object({
  email,
  password: signInForm.shape.password,
  callbackURL: z.string().max(500).optional(),
  rememberMe: z.boolean().optional(),
});
export const resetRequestBody = z.object({ email, redirectTo: z.string().max(500).optional() });
export const resetPasswordBody = z.object({
  newPassword: newPasswordForm.shape.password,
  token: z.string().min(1).max(500),
});
