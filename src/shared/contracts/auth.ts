import { z } from "zod";
import { messages } from "../domain/messages.js";
import { displayName, patternText, privateText } from "./common.js";

const v = messages.validation;

// better-auth accepts up to 128 characters; long passphrases (64+) are welcome.
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const email = z.string().trim().pipe(z.email(v.emailInvalid));

export const signUpForm = z.object({
  fullName: displayName(z.string().trim().min(2, v.nameTooShort).max(100)),
  email,
  password: privateText(
    z.string().min(PASSWORD_MIN, v.passwordTooShort).max(PASSWORD_MAX, v.passwordTooLong),
  ),
});
export type SignUpForm = z.infer<typeof signUpForm>;

export const signInForm = z.object({
  email,
  password: privateText(z.string().min(1, v.passwordRequired).max(PASSWORD_MAX, v.passwordTooLong)),
});
export type SignInForm = z.infer<typeof signInForm>;

export const resetRequestForm = z.object({ email });
export type ResetRequestForm = z.infer<typeof resetRequestForm>;

export const newPasswordForm = z.object({
  password: privateText(
    z.string().min(PASSWORD_MIN, v.passwordTooShort).max(PASSWORD_MAX, v.passwordTooLong),
  ),
});

/**
 * Where a mailed link or a finished flow lands: a path on this site. Absolute URLs and
 * protocol-relative ones ("//evil.example") would make our links an open redirect.
 */
export const returnPath = patternText(
  z
    .string()
    .max(500)
    // No spaces or control characters: better-auth refuses those itself, as a 403 naming no field.
    .refine((value) => /^\/(?![/\\])[^\s\p{Cc}]*$/u.test(value), "Must be a path on this site"),
);

// The bodies the auth endpoints receive, checked before better-auth sees them.
export const signUpBody = z.object({
  name: signUpForm.shape.fullName,
  email,
  password: signUpForm.shape.password,
  callbackURL: returnPath.optional(),
});
export const signInBody = z.object({
  email,
  password: signInForm.shape.password,
  callbackURL: returnPath.optional(),
  rememberMe: z.boolean().optional(),
});
export const resetRequestBody = z.object({ email, redirectTo: returnPath.optional() });
export const resetPasswordBody = z.object({
  newPassword: newPasswordForm.shape.password,
  token: privateText(z.string().min(1).max(500)),
});
/** Settings, Account: the form; the endpoint below also ends the other sessions. */
export const changePasswordForm = z.object({
  currentPassword: signInForm.shape.password,
  newPassword: newPasswordForm.shape.password,
});

export const changePasswordBody = z.object({
  currentPassword: signInForm.shape.password,
  newPassword: newPasswordForm.shape.password,
  revokeOtherSessions: z.boolean().optional(),
});
export const verificationEmailBody = z.object({ email, callbackURL: returnPath.optional() });
/** The confirmation link's query: a token and where to land. */
export const verifyEmailQuery = z.object({
  token: privateText(z.string().min(1).max(2000)),
  callbackURL: returnPath.optional(),
});
/** The mailed reset link's query: where to land once the token is checked. */
export const resetLinkQuery = z.object({ callbackURL: returnPath.optional() });
/** The mailed link that confirms a new browser while an account is under attack. */
export const confirmBrowserQuery = z.object({ token: privateText(z.string().min(1).max(500)) });
/** Sign out everywhere: no fields. */
export const revokeSessionsBody = z.object({}).strict();

// The second factor (better-auth's two-factor plugin under /api/auth/two-factor/...).
/** Turning it on, off, or renewing the backup codes asks for the password again. */
export const passwordConfirmBody = z.object({ password: signInForm.shape.password });
export const enableTwoFactorBody = z.object({
  password: signInForm.shape.password,
  issuer: displayName(z.string().max(100)).optional(),
});
export const totpCodeForm = z.object({
  code: privateText(
    z
      .string()
      .trim()
      .regex(/^\d{6}$/, v.totpCode),
  ),
});
export const totpCodeBody = totpCodeForm.extend({ trustDevice: z.boolean().optional() });
export const backupCodeForm = z.object({
  code: privateText(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, v.backupCode),
  ),
});
export const backupCodeBody = backupCodeForm.extend({ trustDevice: z.boolean().optional() });
/** Settings: the enrolment form names the factor (its friendly name). */
export const friendlyNameBody = z.object({
  friendlyName: displayName(z.string().trim().min(1, v.friendlyNameLength).max(50, v.friendlyNameLength)),
});
export type FriendlyNameBody = z.infer<typeof friendlyNameBody>;
/** One enrolled factor, as Settings lists it: type, friendly name, status, issuer. */
export const factor = z.object({
  id: z.string(),
  friendlyName: z.string(),
  factorType: z.enum(["totp", "phone", "webauthn"]),
  /** A phone factor's number, masked ("+1 ••• 4567"). */
  phone: z.string().nullable(),
  status: z.enum(["verified", "unverified"]),
  issuer: z.string(),
  backupCodesLeft: z.number().int().nullable(),
  createdAt: z.string(),
});
export type Factor = z.infer<typeof factor>;
export const factorList = z.object({
  factors: z.array(factor),
  /** Whether this server can send texts (the phone factor is offered only then). */
  phoneAvailable: z.boolean(),
});
export type FactorList = z.infer<typeof factorList>;

// Passkeys (WebAuthn): what the browser answers, checked for shape before the ceremony's own
// checks; the sizes bound what a hostile client can make us parse.
const base64url = (max: number) =>
  patternText(
    z
      .string()
      .min(1)
      .max(max)
      .regex(/^[A-Za-z0-9_-]+$/),
  );
const webauthnResponse = z.object({
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal("public-key"),
  // Browsers add fields of their own (publicKey, publicKeyAlgorithm, transports...).
  response: z.record(
    patternText(z.string().max(64)),
    z.union([base64url(16_384), z.number().int(), z.array(patternText(z.string().max(32))).max(10)]),
  ),
  clientExtensionResults: z.record(z.string(), z.unknown()).optional(),
  authenticatorAttachment: patternText(z.string().max(32)).optional(),
});
export const passkeyRegisterBody = z.object({
  friendlyName: friendlyNameBody.shape.friendlyName,
  response: webauthnResponse,
});
export const passkeySignInBody = z.object({ response: webauthnResponse });
/**
 * A passkey's answer as the client sends it. The browser helper types it as interfaces, which
 * TypeScript does not take for the record above; the server checks its shape either way.
 */
export type WebauthnAnswer = z.input<typeof webauthnResponse>;
export { noFieldsBody } from "./sign-out-endpoint.js";

/** A phone number with its country code; spaces, dashes, dots and brackets are allowed. */
export const phoneNumber = patternText(
  z
    .string()
    .trim()
    .transform((value) => value.replace(/[\s().-]/g, ""))
    .pipe(z.string().regex(/^\+[1-9]\d{7,14}$/, v.phoneNumber)),
);
export const phoneFactorStartBody = z.object({
  phone: phoneNumber,
  friendlyName: friendlyNameBody.shape.friendlyName,
});
export const phoneFactorConfirmBody = z.object({
  code: totpCodeForm.shape.code,
  password: signInForm.shape.password,
});
/** Asking for a texted sign-in code. */
export const sendTextCodeBody = z.object({ trustDevice: z.boolean().optional() });
