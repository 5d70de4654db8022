// What the courts feature does on the sessions feature's events, from the outbox: a completed
// session's receipts, and players standing by at the door put in line once given a place.
import type { AppDeps } from "../../app-deps.js";
import {
  PLAYERS_ARRIVED,
  type PlayersArrived,
  SESSION_COMPLETED,
  type SessionCompleted,
} from "../sessions/service.js";
import { refreshQueue } from "./actions.js";
import { sendNightReceipts } from "./night-receipts.js";

export async function registerCourtJobs(deps: AppDeps): Promise<void> {
  await deps.jobs.handle<SessionCompleted>(SESSION_COMPLETED, (event) => sendNightReceipts(deps, event));
  await deps.jobs.handle<PlayersArrived>(PLAYERS_ARRIVED, ({ organizationId, sessionId }) =>
    refreshQueue(deps, organizationId, sessionId),
  );
}
