// What the courts feature does on the sessions feature's events, from the outbox: a completed
// session's receipts, players standing by at the door put in line once given a place, and the
// court notices of a board action that this instance did not send itself.
import type { AppDeps } from "../../app-deps.js";
import {
  PLAYERS_ARRIVED,
  type PlayersArrived,
  SESSION_COMPLETED,
  type SessionCompleted,
} from "../sessions/service.js";
import { refreshQueue } from "./actions.js";
import { COURT_NOTICES, type CourtNotices, sendCourtNotices } from "./court-notices.js";
import { sendNightReceipts } from "./night-receipts.js";

export async function registerCourtJobs(deps: AppDeps): Promise<void> {
  await deps.jobs.handle<SessionCompleted>(SESSION_COMPLETED, (event) => sendNightReceipts(deps, event));
  await deps.jobs.handle<PlayersArrived>(PLAYERS_ARRIVED, ({ organizationId, sessionId }) =>
    refreshQueue(deps, organizationId, sessionId),
  );
  // A board action's notices, for an instance that died before it sent them itself.
  await deps.jobs.handle<CourtNotices>(COURT_NOTICES, (notices) => sendCourtNotices(deps, notices));
}
