// Scheduling: creating sessions (with a weekly repeat in the club's time zone), editing them,
// and the lifecycle scheduled -> active -> completed, or cancelled (with what a cancellation
// owes: every payment back, and a word to everyone in it).
import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { CreateSessionBody, SessionBodyFields } from "../../../shared/contracts/session-form.js";
import { createSessionBody, updateSessionBody } from "../../../shared/contracts/session-form.js";
import type { Session } from "../../../shared/contracts/sessions.js";
import { dollarsToCents } from "../../../shared/domain/money.js";
import { addWeeksInZone } from "../../../shared/domain/time-zones.js";
import type { TeamRule } from "../../../shared/rotation/types.js";
import type { AppDeps, UseCaseDeps } from "../../app-deps.js";
import type { Queryable, Tx } from "../../db/database.js";
import { calendarFeeds, sessionRegistrations, sessions } from "../../db/schema/sessions.js";
import { AppError } from "../../platform/errors/app-error.js";
import { type Effect, withEffects } from "../../platform/jobs/outbox.js";
import { clubRunning, upgradeRequired } from "../billing/service.js";
import { clubTimeZone } from "../clubs/service.js";
import { closeCheckoutJob, placeEffects, sessionCompleted } from "./effects.js";
import { committedSeed, drawJob } from "./lottery.js";
import { releaseJob } from "./no-shows.js";
import { cancellationEmails } from "./notices.js";
import { refundWholeSession } from "./payment-outcomes.js";
import { assertCanSchedulePaid } from "./payments-ready.js";
import { refundJobs } from "./refunds.js";
import { lockSessionReleasingHolds, promoteFromWaitlist } from "./session-lock.js";

import { getSession, toSession } from "./session-reads.js";

type SessionRow = typeof sessions.$inferSelect;

function sessionValues(body: SessionBodyFields) {
  const cents =
    body.paymentRequired && body.paymentAmount !== undefined ? dollarsToCents(body.paymentAmount) : 0;
  // A price of 0 is a free session: nobody is sent to a checkout for nothing.
  const paid = cents > 0;
  return {
    name: body.name,
    description: body.description ?? null,
    paymentRequired: paid,
    paymentAmount: paid ? cents : null,
    refundCutoffHours: body.refundCutoffHours,
    capacity: body.capacity ?? null,
    skillMin: body.skillMin ?? null,
    skillMax: body.skillMax ?? null,
    lotteryLookbackDays: body.lotteryLookbackDays,
    lotteryGuaranteeAfter: body.lotteryGuaranteeAfter ?? null,
    noShowReleaseMinutes: body.noShowReleaseMinutes ?? null,
  };
}

const instantOrNull = (iso: string | undefined) => (iso ? new Date(iso) : null);

/**
 * Schedules a session, or a weekly series; after an expired trial, it asks for an upgrade. A
 * paid one needs a payout account that takes charges (payments-ready.ts), whoever schedules it:
 * an organizer, the demo or a job.
 */
export async function createSessions(
  deps: AppDeps,
  organizationId: string,
  userId: string,
  input: CreateSessionBody,
): Promise<Session[]> {
  const { db } = deps.database;
  const body = createSessionBody.parse(input);
  if (!(await clubRunning(deps, organizationId))) throw upgradeRequired();
  const values = sessionValues(body);
  if (values.paymentRequired) await assertCanSchedulePaid(db, organizationId);
  const timeZone = await clubTimeZone(db, organizationId);
  const startsAt = new Date(body.startsAt);
  const endsAt = new Date(body.endsAt);
  const seriesId = body.repeatWeeks > 1 ? randomUUID() : null;
  const opensAt = instantOrNull(body.registrationOpensAt);
  const earlyAt = instantOrNull(body.earlyOpensAt);
  const drawAt = instantOrNull(body.lotteryDrawAt);
  const weekOf = (instant: Date | null, week: number) => instant && addWeeksInZone(instant, week, timeZone);
  // Each week keeps the same wall-clock times in the club's zone, across daylight-saving
  // changes: its start and end, and when its registration opens and its places are drawn.
  const occurrences = Array.from({ length: body.repeatWeeks }, (_, week) => ({
    organizationId,
    ...values,
    teams: body.teams ?? ("open" as const),
    membersOnly: body.membersOnly ?? false,
    startsAt: addWeeksInZone(startsAt, week, timeZone),
    endsAt: addWeeksInZone(endsAt, week, timeZone),
    // Each week's lottery its own seed, committed to now.
    ...(drawAt ? committedSeed() : {}),
    registrationOpensAt: weekOf(opensAt, week),
    earlyOpensAt: weekOf(earlyAt, week),
    lotteryDrawAt: weekOf(drawAt, week),
    status: "scheduled" as const,
    seriesId,
    createdBy: userId,
  }));
  const { result: rows } = await withEffects(deps, async (tx, effects) => {
    const inserted = await tx.insert(sessions).values(occurrences).returning();
    for (const row of inserted) {
      if (row.lotteryDrawAt) effects.push(drawJob(organizationId, row.id, row.lotteryDrawAt));
      const release = releaseJob(row);
      if (release) effects.push(release);
    }
    return inserted;
  });
  return rows.map((row) => toSession(row, { registeredCount: 0, waitlistCount: 0 }));
}

/**
 * Edits a session under its lock, as every change to its places is made: the capacity is
 * checked against the places taken now, and a capacity raised moves the waitlist up into the
 * new places (each promoted player hears it, as after a cancellation).
 *
 * Moving a session to another time schedules it anew, so after an expired trial it asks for
 * an upgrade as creating one does; its name, description and the like stay editable. Making a
 * free session paid asks for a payout account that takes charges, as creating a paid one does;
 * a session already paid stays editable if the account is disabled later (its players paid).
 */
export async function updateSession(
  deps: AppDeps,
  organizationId: string,
  sessionId: string,
  input: unknown,
) {
  const body = updateSessionBody.parse(input);
  const now = deps.now();
  // Asked before the lock: the check may re-read the provider, which no transaction waits on.
  const running = await clubRunning(deps, organizationId);
  const startsAt = new Date(body.startsAt);
  const endsAt = new Date(body.endsAt);
  const { result } = await withEffects(deps, async (tx, effects) => {
    // Holds run out are released first, as registering does: they hold no place any more.
    const { promotions: released, closedCheckouts } = await lockSessionReleasingHolds(
      tx,
      organizationId,
      sessionId,
      now,
    );
    const current = await getSession(tx, organizationId, sessionId);
    if (current.session.status === "completed" || current.session.status === "cancelled") {
      throw new AppError("SESSION_CLOSED", "A completed or cancelled session cannot be edited.");
    }
    const rescheduled =
      current.session.startsAt.getTime() !== startsAt.getTime() ||
      current.session.endsAt.getTime() !== endsAt.getTime();
    if (rescheduled && !running) throw upgradeRequired();
    if (body.capacity !== undefined && body.capacity < current.registeredCount) {
      throw new AppError(
        "CAPACITY_BELOW_REGISTERED",
        `${current.registeredCount} players are registered: the capacity cannot go below that.`,
      );
    }
    const values = sessionValues(body);
    if (current.registeredCount > 0 && values.paymentRequired !== current.session.paymentRequired) {
      throw new AppError(
        "PAYMENT_LOCKED",
        "Players have registered: the session cannot switch between free and paid.",
      );
    }
    // Once the night is live its board holds the rule, and writes it back here (courts feature).
    const teams = body.teams ?? current.session.teams;
    if (current.session.status === "active" && teams !== current.session.teams) {
      throw new AppError(
        "TEAMS_ON_BOARD",
        "The session is under way: change who makes a team on the court board.",
      );
    }
    if (values.paymentRequired && !current.session.paymentRequired) {
      await assertCanSchedulePaid(tx, organizationId);
    }
    const lottery = await lotteryEdit(tx, current.session, body, now);
    const [edited] = await tx
      .update(sessions)
      .set({
        ...values,
        ...lottery.values,
        teams,
        membersOnly: body.membersOnly ?? current.session.membersOnly,
        startsAt,
        endsAt,
        updatedAt: now,
      })
      .where(and(eq(sessions.id, sessionId), eq(sessions.organizationId, organizationId)))
      .returning();
    if (lottery.job) effects.push(drawJob(organizationId, sessionId, lottery.job));
    // A release time set or moved gets its job (one queued for an earlier time finds it not due).
    const release = releaseJob(edited!);
    const releaseMoved =
      edited!.noShowReleaseMinutes !== current.session.noShowReleaseMinutes ||
      edited!.startsAt.getTime() !== current.session.startsAt.getTime();
    if (release && releaseMoved && !edited!.noShowsReleasedAt) effects.push(release);
    const promotions = await promoteFromWaitlist(tx, edited!, now);
    effects.push(
      ...(await placeEffects(tx, deps.config, {
        refunds: [],
        promotions: [...released, ...promotions],
        closedCheckouts,
      })),
    );
    // Counted again: promotions moved people up, and a lottery taken away made its entries a list.
    const after = await getSession(tx, organizationId, sessionId);
    return toSession(after.session, after);
  });
  return result;
}

/**
 * The live board's rule for who makes a team, as it applies (only fair and skill-balanced play
 * make teams by it), written back to its session under the board's lock: the session then says
 * what the night is played as. An edit of the session leaves it out once under way.
 */
export async function recordSessionTeams(
  tx: Tx,
  session: { organizationId: string; sessionId: string },
  teams: TeamRule,
  now: Date,
) {
  const { organizationId, sessionId } = session;
  await tx
    .update(sessions)
    .set({ teams, updatedAt: now })
    .where(and(eq(sessions.id, sessionId), eq(sessions.organizationId, organizationId)));
}

/**
 * What an edit does to the lottery. Drawn, it stands as drawn: its time and rules cannot change.
 * Not drawn yet: a new draw time gets its job (the old one's finds it not due, and does
 * nothing); a lottery taken away turns its entries into the list in the order they came, and
 * the waitlist moves up into the places as after any edit.
 */
async function lotteryEdit(tx: Tx, current: SessionRow, body: SessionBodyFields, now: Date) {
  const drawAt = instantOrNull(body.lotteryDrawAt);
  const opensAt = instantOrNull(body.registrationOpensAt);
  if (current.lotteryDrawnAt) {
    if (drawAt?.getTime() !== current.lotteryDrawAt?.getTime()) {
      throw new AppError("LOTTERY_DRAWN", "The places were drawn already: the lottery cannot change now.");
    }
    return {
      values: {
        registrationOpensAt: opensAt,
        earlyOpensAt: instantOrNull(body.earlyOpensAt),
        lotteryLookbackDays: current.lotteryLookbackDays,
        lotteryGuaranteeAfter: current.lotteryGuaranteeAfter,
      },
      job: null,
    };
  }
  // A lottery set now gets its committed seed; one taken away forgets its seed.
  const seed = !drawAt ? { lotterySeed: null } : current.lotterySeed ? {} : committedSeed();
  if (current.lotteryDrawAt && !drawAt) {
    await tx
      .update(sessionRegistrations)
      .set({ status: "waitlisted", updatedAt: now })
      .where(and(eq(sessionRegistrations.sessionId, current.id), eq(sessionRegistrations.status, "entered")));
  }
  const moved = drawAt !== null && drawAt.getTime() !== current.lotteryDrawAt?.getTime();
  return {
    values: {
      registrationOpensAt: opensAt,
      earlyOpensAt: instantOrNull(body.earlyOpensAt),
      lotteryDrawAt: drawAt,
      ...seed,
    },
    job: moved ? drawAt : null,
  };
}

const transitions = {
  start: { from: ["scheduled"], to: "active" },
  complete: { from: ["active"], to: "completed" },
  cancel: { from: ["scheduled", "active"], to: "cancelled" },
} as const;

/**
 * Moves a session along its lifecycle; a cancelled session also owes back what was paid, and
 * everyone still in it hears that it will not happen.
 */
export async function transition(
  deps: UseCaseDeps,
  organizationId: string,
  sessionId: string,
  action: keyof typeof transitions,
) {
  const rule = transitions[action];
  const { result } = await withEffects(deps, async (tx, effects) => {
    if (action === "start") await assertNoneRunning(tx, organizationId, sessionId);
    const [row] = await tx
      .update(sessions)
      .set({ status: rule.to, updatedAt: new Date() })
      .where(
        and(
          eq(sessions.id, sessionId),
          eq(sessions.organizationId, organizationId),
          inArray(sessions.status, [...rule.from]),
        ),
      )
      .returning()
      // Two starts at once: the database keeps one session active a club (schema/sessions.ts).
      .catch(async (error: unknown) => {
        if (action === "start" && isUniqueViolation(error))
          await assertNoneRunning(deps.database.db, organizationId, sessionId);
        throw error;
      });
    if (!row) {
      await getSession(tx, organizationId, sessionId);
      throw new AppError(
        "INVALID_TRANSITION",
        `This session cannot be ${action === "start" ? "started" : `${action}d`} now.`,
      );
    }
    if (action === "cancel") effects.push(...(await cancelled(tx, deps, row)));
    if (action === "complete") effects.push(sessionCompleted(organizationId, sessionId));
    return row;
  });
  return result;
}

/**
 * One session runs on the club's courts at a time: the board, the TV and the players' phones
 * follow it (docs/decisions/036). Another running is refused, named, before anything changes.
 */
export async function assertNoneRunning(db: Queryable, organizationId: string, startingId?: string) {
  const [running] = await db
    .select({ id: sessions.id, name: sessions.name })
    .from(sessions)
    .where(and(eq(sessions.organizationId, organizationId), eq(sessions.status, "active")))
    .limit(1);
  if (running && running.id !== startingId)
    throw new AppError(
      "SESSION_RUNNING",
      `${running.name} is on now: complete it before starting another. The court board, the TV and the players' phones follow one session at a time.`,
    );
}

const isUniqueViolation = (error: unknown) => {
  const cause = (error as { cause?: { code?: string } }).cause ?? error;
  return (cause as { code?: string }).code === "23505";
};

/**
 * What a session just cancelled owes: every payment back, every checkout still open closed, and
 * a word to everyone still in it.
 */
async function cancelled(tx: Tx, deps: Pick<UseCaseDeps, "config" | "now">, row: SessionRow) {
  const { refunds, closedCheckouts } = await refundWholeSession(tx, row, deps.now());
  return [
    ...refundJobs(refunds),
    ...closedCheckouts.map(closeCheckoutJob),
    ...(await cancellationEmails(tx, deps.config.appUrl, row.id, refunds)),
  ];
}

/**
 * Cancels every scheduled or active session of the club, each as `transition(..., "cancel")`
 * does, inside the caller's transaction (closing the club): the effects are the caller's to queue.
 */
export async function cancelOpenSessions(
  tx: Tx,
  deps: Pick<UseCaseDeps, "config" | "now">,
  organizationId: string,
): Promise<{ sessionIds: string[]; effects: Effect[] }> {
  const rows = await tx
    .update(sessions)
    .set({ status: transitions.cancel.to, updatedAt: deps.now() })
    .where(
      and(
        eq(sessions.organizationId, organizationId),
        inArray(sessions.status, [...transitions.cancel.from]),
      ),
    )
    .returning();
  const effects: Effect[] = [];
  for (const row of rows) effects.push(...(await cancelled(tx, deps, row)));
  return { sessionIds: rows.map((row) => row.id), effects };
}

/** The club's calendar feed stops answering (closing the club). */
export async function dropCalendarFeed(tx: Tx, organizationId: string): Promise<void> {
  await tx.delete(calendarFeeds).where(eq(calendarFeeds.organizationId, organizationId));
}
