// Every code the API can answer in `{ error: { code } }`, with the one HTTP status it answers
// with, in one map the server and the client share: the server cannot invent a code the client
// does not know, the client branches on codes, never on a message's wording, and a code means
// the same status wherever it is thrown (the OpenAPI document lists a route's codes by status).
export const errorStatus = {
  // Requests and the platform
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  BAD_SIGNATURE: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  CROSS_SITE: 403,
  REFUSED: 400,
  RATE_LIMITED: 429,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  URI_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  UNAVAILABLE: 503,
  INTERNAL: 500,
  USER_ALREADY_EXISTS: 422,
  CONFIRM_NEW_BROWSER: 403,
  // Second factors
  INVALID_CODE: 400,
  INVALID_PASSWORD: 400,
  // Clubs, members, invitations, join requests
  SLUG_TAKEN: 409,
  ALREADY_IN_A_CLUB: 409,
  ALREADY_MEMBER: 409,
  OWNER_CANNOT_LEAVE: 409,
  OWNER_MUST_TRANSFER: 409,
  REQUEST_PENDING: 409,
  INVITATION_USED: 410,
  INVITATION_REVOKED: 410,
  INVITATION_EXPIRED: 410,
  INVITATION_FOR_SOMEONE_ELSE: 403,
  COURT_NAME_TAKEN: 409,
  COURT_IN_USE: 409,
  // Plans and billing
  PLAN_LIMIT_REACHED: 409,
  UPGRADE_REQUIRED: 402,
  ALREADY_SUBSCRIBED: 409,
  NO_SUBSCRIPTION: 409,
  PAYMENT_PROVIDER_ERROR: 502,
  PAYMENTS_NOT_READY: 409,
  // Membership plans and dues
  PLAN_NOT_OFFERED: 404,
  ALREADY_ON_PLAN: 409,
  SEASON_OVER: 409,
  NO_MEMBERSHIP: 409,
  DUES_BY_CARD_NOT_READY: 409,
  MEMBERS_ONLY: 403,
  HOUSEHOLD_REFUSED: 409,
  SEASON_LINK_REFUSED: 409,
  INSUFFICIENT_BALANCE: 409,
  // Sessions, registrations, check-in
  SESSION_CLOSED: 409,
  DRAW_PENDING: 409,
  NO_SHOWS_RELEASED: 409,
  NOT_STARTED: 409,
  OPEN_PLAY_RUNNING: 409,
  SESSION_RUNNING: 409,
  SESSION_ON_NOW: 409,
  LOTTERY_DRAWN: 409,
  TEAMS_ON_BOARD: 409,
  REGISTRATION_NOT_OPEN: 409,
  GUESTS_NOT_ALLOWED: 409,
  GUEST_LIMIT: 409,
  SESSION_FULL: 409,
  NOT_REGISTERED: 409,
  WAITLISTED: 409,
  PAYMENT_PENDING: 409,
  PAYMENT_LOCKED: 409,
  CAPACITY_BELOW_REGISTERED: 409,
  INVALID_TRANSITION: 409,
  BAD_CHECK_IN_LINK: 403,
  CHECK_IN_NOT_OPEN: 409,
  CHECK_IN_REFUSED: 409,
  // The board and the ladder
  NO_ACTIVE_SESSION: 409,
  NOT_ACTIVE: 409,
  ON_COURT: 409,
  ALL_ANSWERED: 409,
  TOO_MANY_DEVICES: 409,
  NOT_CALLED: 409,
  NOT_YET: 409,
  BYE_TOO_LATE: 409,
  UNDO_TOO_LATE: 409,
  MATCH_ANSWERED: 409,
  MATCH_NOT_DISPUTED: 409,
  TOO_MANY_PENDING_MATCHES: 409,
  // Events
  EVENT_EXISTS: 409,
  NOT_ENOUGH_PLAYERS: 409,
  ROUND_NOT_FINISHED: 409,
  SCORE_CONFIRMED: 409,
  EVENT_OVER: 409,
  LEAGUE_EXISTS: 409,
  NOT_A_SERIES: 409,
  ON_A_TEAM: 409,
  ON_THE_ROSTER: 409,
  NO_SUBSTITUTE_NEEDED: 409,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof errorStatus;

/** Every code, in the catalogue's order (a tuple, for z.enum). */
export const errorCodes = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]];

const known = new Set<string>(errorCodes);
export function isErrorCode(code: string): code is ErrorCode {
  return known.has(code);
}
