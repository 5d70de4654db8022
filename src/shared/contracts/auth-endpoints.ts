// better-auth's endpoints that the client calls, defined as our own are (endpoint.ts): the
// client calls them through call() with no path strings, and the server's guards check each
// body with the definition's schema (platform/auth/guards.ts). better-auth serves them itself,
// so they are not in all-endpoints.ts, which lists what serve() serves. An answer the client
// does not read is declared as none; the ones it reads are declared with the fields it reads
// (better-auth may send more).
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { z } from "zod";
import {
  backupCodeBody,
  changePasswordBody,
  enableTwoFactorBody,
  noFieldsBody,
  passkeyRegisterBody,
  passkeySignInBody,
  passwordConfirmBody,
  resetPasswordBody,
  resetRequestBody,
  revokeSessionsBody,
  sendTextCodeBody,
  signInBody,
  signUpBody,
  totpCodeBody,
  verificationEmailBody,
} from "./auth.js";
import { endpoint } from "./endpoint.js";
import { signOutEndpoint } from "./sign-out-endpoint.js";

const tags = ["auth"];
const nothingRead = { status: 200, body: null } as const;
const post = { method: "POST", tags } as const;
/** WebAuthn's options as the browser's helper takes them: checked for being an object only. */
const options = <T>() => z.custom<T>((value) => typeof value === "object" && value !== null);

export const authEndpoints = {
  signUp: endpoint({
    ...post,
    path: "/api/auth/sign-up/email",
    operationId: "signUp",
    summary: "Opens an account and mails its confirmation link",
    access: "public",
    body: signUpBody,
    success: nothingRead,
  }),
  signIn: endpoint({
    ...post,
    path: "/api/auth/sign-in/email",
    operationId: "signIn",
    summary: "Signs in with an address and password, or asks for the second factor",
    access: "public",
    body: signInBody,
    success: {
      status: 200,
      body: z.looseObject({
        twoFactorRedirect: z.boolean().optional(),
        twoFactorMethods: z.array(z.string()).optional(),
      }),
    },
  }),
  signOut: signOutEndpoint,
  sendTextCode: endpoint({
    ...post,
    path: "/api/auth/two-factor/send-otp",
    operationId: "sendTextCode",
    summary: "Texts a sign-in code to the account's phone",
    access: "public",
    body: sendTextCodeBody,
    success: nothingRead,
  }),
  verifyTotp: endpoint({
    ...post,
    path: "/api/auth/two-factor/verify-totp",
    operationId: "verifyTotp",
    summary: "Finishes a sign-in, or turns the authenticator app on, with its code",
    access: "public",
    body: totpCodeBody,
    success: nothingRead,
  }),
  verifyBackupCode: endpoint({
    ...post,
    path: "/api/auth/two-factor/verify-backup-code",
    operationId: "verifyBackupCode",
    summary: "Finishes a sign-in with a backup code",
    access: "public",
    body: backupCodeBody,
    success: nothingRead,
  }),
  verifyTextCode: endpoint({
    ...post,
    path: "/api/auth/two-factor/verify-otp",
    operationId: "verifyTextCode",
    summary: "Finishes a sign-in with the texted code",
    access: "public",
    body: totpCodeBody,
    success: nothingRead,
  }),
  resendConfirmation: endpoint({
    ...post,
    path: "/api/auth/send-verification-email",
    operationId: "resendConfirmation",
    summary: "Mails a new confirmation link",
    access: "public",
    body: verificationEmailBody,
    success: nothingRead,
  }),
  requestReset: endpoint({
    ...post,
    path: "/api/auth/request-password-reset",
    operationId: "requestPasswordReset",
    summary: "Mails a link to choose a new password",
    access: "public",
    body: resetRequestBody,
    success: nothingRead,
  }),
  resetPassword: endpoint({
    ...post,
    path: "/api/auth/reset-password",
    operationId: "resetPassword",
    summary: "Sets a new password with the mailed link's token",
    access: "public",
    body: resetPasswordBody,
    success: nothingRead,
  }),
  passkeySignInOptions: endpoint({
    ...post,
    path: "/api/auth/passkey/sign-in-options",
    operationId: "passkeySignInOptions",
    summary: "The challenge a passkey signs to sign in",
    access: "public",
    body: noFieldsBody,
    success: { status: 200, body: options<PublicKeyCredentialRequestOptionsJSON>() },
  }),
  passkeySignIn: endpoint({
    ...post,
    path: "/api/auth/passkey/sign-in",
    operationId: "passkeySignIn",
    summary: "Signs in with the passkey's answer",
    access: "public",
    body: passkeySignInBody,
    success: nothingRead,
  }),
  changePassword: endpoint({
    ...post,
    path: "/api/auth/change-password",
    operationId: "changePassword",
    summary: "Changes the password, ending the other sessions",
    access: "signed-in",
    body: changePasswordBody,
    success: nothingRead,
  }),
  revokeSessions: endpoint({
    ...post,
    path: "/api/auth/revoke-sessions",
    operationId: "signOutEverywhere",
    summary: "Ends every session of the account, this one too",
    access: "signed-in",
    body: revokeSessionsBody,
    success: nothingRead,
  }),
  enableTotp: endpoint({
    ...post,
    path: "/api/auth/two-factor/enable",
    operationId: "enableTotp",
    summary: "Starts the authenticator app's enrolment: its secret and the backup codes",
    access: "signed-in",
    body: enableTwoFactorBody,
    success: { status: 200, body: z.looseObject({ totpURI: z.string(), backupCodes: z.array(z.string()) }) },
  }),
  disableTotp: endpoint({
    ...post,
    path: "/api/auth/two-factor/disable",
    operationId: "disableTotp",
    summary: "Turns the authenticator app off",
    access: "signed-in",
    body: passwordConfirmBody,
    success: nothingRead,
  }),
  renewBackupCodes: endpoint({
    ...post,
    path: "/api/auth/two-factor/generate-backup-codes",
    operationId: "renewBackupCodes",
    summary: "New backup codes, the old ones no longer working",
    access: "signed-in",
    body: passwordConfirmBody,
    success: { status: 200, body: z.looseObject({ backupCodes: z.array(z.string()) }) },
  }),
  passkeyRegisterOptions: endpoint({
    ...post,
    path: "/api/auth/passkey/register-options",
    operationId: "passkeyRegisterOptions",
    summary: "The challenge a new passkey signs",
    access: "signed-in",
    body: noFieldsBody,
    success: { status: 200, body: options<PublicKeyCredentialCreationOptionsJSON>() },
  }),
  passkeyRegister: endpoint({
    ...post,
    path: "/api/auth/passkey/register",
    operationId: "passkeyRegister",
    summary: "Adds the passkey from the device's answer",
    access: "signed-in",
    body: passkeyRegisterBody,
    success: nothingRead,
  }),
};
