// Every code the API can answer in `{ error: { code } }`, in one list the server and the client
// share: the server cannot invent a code the client does not know, and the client branches on
// codes, never on a message's wording.
export const errorCodes = [
  // Requests and the platform
  "VALIDATION_ERROR",
  "BAD_REQUEST",
  "BAD_SIGNATURE",
  "UNSUPPORTED_MEDIA_TYPE",
  "PAYLOAD_TOO_LARGE",
  "CROSS_SITE",
  "REFUSED",
  "RATE_LIMITED",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "METHOD_NOT_ALLOWED",
  "URI_TOO_LONG",
  "UNAVAILABLE",
  "INTERNAL",
  "USER_ALREADY_EXISTS",
  "CONFIRM_NEW_BROWSER",
  // Second factors
  "INVALID_CODE",
  "INVALID_PASSWORD",
  // Clubs, members, invitations, join requests
  "SLUG_TAKEN",
  "ALREADY_IN_A_CLUB",
  "ALREADY_MEMBER",
  "OWNER_CANNOT_LEAVE",
  "OWNER_MUST_TRANSFER",
  "REQUEST_PENDING",
  "INVITATION_USED",
  "INVITATION_REVOKED",
  "INVITATION_EXPIRED",
  "INVITATION_FOR_SOMEONE_ELSE",
  "COURT_NAME_TAKEN",
  "COURT_IN_USE",
  // Plans and billing
  "PLAN_LIMIT_REACHED",
  "UPGRADE_REQUIRED",
  "ALREADY_SUBSCRIBED",
  "NO_SUBSCRIPTION",
  "PAYMENT_PROVIDER_ERROR",
  "PAYMENTS_NOT_READY",
  // Sessions, registrations, check-in
  "SESSION_CLOSED",
  "SESSION_FULL",
  "NOT_REGISTERED",
  "WAITLISTED",
  "PAYMENT_PENDING",
  "PAYMENT_LOCKED",
  "CAPACITY_BELOW_REGISTERED",
  "INVALID_TRANSITION",
  "BAD_CHECK_IN_LINK",
  "CHECK_IN_NOT_OPEN",
  "CHECK_IN_REFUSED",
  // The board and the ladder
  "NO_ACTIVE_SESSION",
  "NOT_ACTIVE",
  "ON_COURT",
  "ALL_ANSWERED",
  "TOO_MANY_DEVICES",
  "NOT_CALLED",
  "NOT_YET",
  "BYE_TOO_LATE",
  "UNDO_TOO_LATE",
  "MATCH_ANSWERED",
  "MATCH_NOT_DISPUTED",
  "TOO_MANY_PENDING_MATCHES",
] as const;

export type ErrorCode = (typeof errorCodes)[number];

const known = new Set<string>(errorCodes);
export function isErrorCode(code: string): code is ErrorCode {
  return known.has(code);
}
