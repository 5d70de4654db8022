// The sessions feature's interface: what other features may use of it (scripts/check-boundaries.mjs).

export {
  addWalkIn,
  addWalkIns,
  type BulkCheckIn,
  selfCheckIn,
  setCheckedIn,
  type WalkIn,
} from "./check-in.js";
export {
  PLAYERS_ARRIVED,
  type PlayersArrived,
  SESSION_COMPLETED,
  type SessionCompleted,
} from "./effects.js";
export { actingFor } from "./household-places.js";
export { type LedgerEntry, ledgerEntries, ledgersBetween } from "./ledger.js";
export { refundMessage } from "./notices.js";
// What other features may use of this one (scripts/check-boundaries.mjs).
export type { RefundDecision } from "./payment-outcomes.js";
export { abandonPayment, confirmPayment } from "./payment-outcomes.js";
export {
  lockClubPayments,
  markRefunded,
  type PaymentRow,
  paymentById,
  paymentByRef,
  paymentsByRef,
  refundsOwed,
} from "./payment-rows.js";
export {
  checkedInIds,
  checkedInPlayers,
  checkInTimes,
  registrantsByIds,
  signUpsOf,
} from "./registrant-reads.js";
export { cancelRegistration, register } from "./registrations.js";
export { nextScheduledSessions, nextScheduledSessionsJson, upcomingForFeed } from "./schedule-reads.js";
export {
  assertNoneRunning,
  cancelOpenSessions,
  createSessions,
  dropCalendarFeed,
  recordSessionTeams,
  transition,
  updateSession,
} from "./scheduling.js";
export {
  activeSession,
  getSession,
  getSessionWithList,
  requireActiveSession,
  scheduledOnNow,
  sessionPage,
  sessionRow,
  sessionsOfSeries,
  toSession,
} from "./session-reads.js";
