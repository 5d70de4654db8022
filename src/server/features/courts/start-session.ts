// Starting play: a scheduled session, or open play from nothing for a club that just turns up.
// One use case each, so the trial's rule and the queue's first fill hold wherever a start
// comes from (the route, the demo, a job).
import type { Session } from "../../../shared/contracts/sessions.js";
import type { AppDeps } from "../../app-deps.js";
import { AppError } from "../../platform/errors/app-error.js";
import { assertClubRunning } from "../billing/service.js";
import { assertNoneRunning, createSessions, scheduledOnNow, transition } from "../sessions/service.js";
import { refreshQueue } from "./service.js";

/** How long open play started on the spot runs, unless the organizer completes it sooner. */
export const OPEN_PLAY_NOW_HOURS = 3;

/** Starts a scheduled session; everyone checked in before the start is in line at once. */
export async function startSession(deps: AppDeps, organizationId: string, sessionId: string): Promise<void> {
  await assertClubRunning(deps, organizationId);
  await transition(deps, organizationId, sessionId, "start");
  await refreshQueue(deps, organizationId, sessionId);
}

/**
 * "Start open play now": a session from this minute for the evening, started in one step. Not
 * beside a session running (one runs at a time), and not, unless the organizer says so
 * (`anyway`), while a scheduled session is on now: that one is what they came to start.
 */
export async function startOpenPlayNow(
  deps: AppDeps,
  organizationId: string,
  userId: string,
  anyway = false,
): Promise<Session> {
  await assertNoneRunning(deps.database.db, organizationId);
  const onNow = anyway ? null : await scheduledOnNow(deps.database.db, organizationId, deps.now());
  if (onNow)
    throw new AppError(
      "SESSION_ON_NOW",
      `${onNow.name} is on now: start it instead, or start open play anyway.`,
    );
  const startsAt = new Date(Math.floor(deps.now().getTime() / 60_000) * 60_000);
  const endsAt = new Date(startsAt.getTime() + OPEN_PLAY_NOW_HOURS * 3_600_000);
  const [session] = await createSessions(deps, organizationId, userId, {
    name: "Open Play",
    startsAt: startsAt.toISOString(),
    endsAt: endsAt.toISOString(),
  });
  await startSession(deps, organizationId, session!.id);
  return { ...session!, status: "active" };
}
