// Who is at the session changes, then the queue follows: each use case here owns both steps, so
// a check-in, a walk-in, a cancelled place or a session's end reaches the board wherever it comes
// from. Sessions decide the place in their own transaction; the queue is refreshed after it
// commits (the board reads committed rows), as it always was.
import type { AppDeps } from "../../app-deps.js";
import {
  addWalkIn,
  addWalkIns,
  type BulkCheckIn,
  cancelRegistration,
  selfCheckIn,
  setCheckedIn,
  transition,
  type WalkIn,
} from "../sessions/service.js";
import { announceBoardClosed, refreshQueue } from "./service.js";

type Club = { organizationId: string; userId: string };

export async function checkInAndQueue(
  deps: AppDeps,
  club: Club,
  sessionId: string,
  registrationId: string,
  checkedIn: boolean,
): Promise<void> {
  const { db } = deps.database;
  await setCheckedIn(db, club.organizationId, sessionId, registrationId, checkedIn, deps.now());
  await refreshQueue(deps, club.organizationId, sessionId);
}

export async function walkInAndQueue(deps: AppDeps, club: Club, sessionId: string, who: WalkIn) {
  await addWalkIn(deps.database.db, club.organizationId, sessionId, who, deps.now());
  await refreshQueue(deps, club.organizationId, sessionId);
}

/** Many walk-ins at once: all of them checked in and in line, or none. */
export async function walkInsAndQueue(deps: AppDeps, club: Club, sessionId: string, body: BulkCheckIn) {
  const added = await addWalkIns(deps.database.db, club.organizationId, sessionId, body, deps.now());
  await refreshQueue(deps, club.organizationId, sessionId);
  return added;
}

export async function selfCheckInAndQueue(deps: AppDeps, club: Club, sessionId: string, token: string) {
  const { db } = deps.database;
  const answer = await selfCheckIn(db, club.organizationId, sessionId, club.userId, token, deps.now());
  await refreshQueue(deps, club.organizationId, sessionId);
  return answer;
}

/** A place given up; during play the player leaves the line as well. */
export async function cancelPlace(
  deps: AppDeps,
  club: Club & { mayManage: boolean },
  sessionId: string,
  registrationId: string,
) {
  const { refund, sessionActive } = await cancelRegistration(
    deps,
    club.organizationId,
    sessionId,
    registrationId,
    { userId: club.userId, mayManage: club.mayManage },
  );
  if (sessionActive) await refreshQueue(deps, club.organizationId, sessionId);
  return refund;
}

/** Completing or cancelling a session closes its board for everyone watching. */
export async function endSession(
  deps: AppDeps,
  organizationId: string,
  sessionId: string,
  action: "complete" | "cancel",
): Promise<void> {
  await transition(deps, organizationId, sessionId, action);
  await announceBoardClosed(deps, organizationId, sessionId);
}
