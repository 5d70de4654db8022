// Signing out, apart from better-auth's other routes (auth-endpoints.ts): every signed-in page
// can sign out, so the shell loads this definition alone, not every account form's schemas.
import { z } from "zod";
import { endpoint } from "./endpoint.js";

/** A form with no fields: sign out, sign out everywhere, a passkey's options. */
export const noFieldsBody = z.object({}).strict();

export const signOutEndpoint = endpoint({
  method: "POST",
  path: "/api/auth/sign-out",
  operationId: "signOut",
  summary: "Ends this session",
  tags: ["auth"],
  access: "public",
  body: noFieldsBody,
  success: { status: 200, body: null },
});
