// The lottery for a full session (shared/lottery/draw.ts says how the order is drawn). Requests
// while the lottery is open are entries (take_place, migration 0034); at the draw time a job
// draws, and so does the first request after it, whichever comes first (registrations.ts
// drawLottery and register): both under the session's lock, and a session drawn already is never
// drawn again, so it runs exactly once whatever the number of instances. The draw, its published
// seed and rows, every entrant's new status and the notices commit together (outbox.ts): a crash
// leaves all of it or none. The seed is chosen when the lottery is set (committedSeed), and only
// its hash is shown until the draw.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DrawView } from "../../../shared/contracts/sessions.js";
import { type Drawn, drawOrder, newSeed } from "../../../shared/lottery/draw.js";
import type { UseCaseDeps } from "../../app-deps.js";
import type { Queryable, Tx } from "../../db/database.js";
import { lotteryResults, sessionRegistrations, sessions } from "../../db/schema/sessions.js";
import { notFound } from "../../platform/errors/app-error.js";
import { type Effect, jobEffect } from "../../platform/jobs/outbox.js";
import { memberNamesOf, membersAmong } from "../members/service.js";
import { pushEffects } from "../notifications/service.js";
import { holdExpiry } from "./effects.js";
import { lotteryEmails } from "./lottery-notices.js";
import type { SessionRow } from "./session-lock.js";

export const DRAW_LOTTERY = "draw-lottery";
export type DrawJob = { organizationId: string; sessionId: string };

/** The draw's job, at the draw time (queued by whoever sets or moves it). */
export const drawJob = (organizationId: string, sessionId: string, at: Date): Effect =>
  jobEffect(DRAW_LOTTERY, { organizationId, sessionId } satisfies DrawJob, at);

/** An entrant's result: where the draw put them, and their place or waitlist number. */
export type DrawOutcome = Drawn & {
  registrationId: string;
  won: boolean;
  /** Their number on the waitlist when they lost, from 1. */
  waitlistPosition: number | null;
  holdExpiresAt: Date | null;
};

/**
 * Each person's draws lost at the club since they last got in, within the lookback: their
 * weight's doubling count. Getting in counts whether by the draw or later in that session (up
 * from the waitlist, a no-show's place): a place is a place.
 */
async function lossesSinceLastWin(
  tx: Queryable,
  organizationId: string,
  userIds: string[],
  since: Date,
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const result = await tx.execute<{ userId: string; losses: number }>(sql`
    with draws as (
      select d.user_id, d.drawn_at,
        d.won or exists (
          select 1 from ${sessionRegistrations} r
          where r.session_id = d.session_id and r.user_id = d.user_id and r.status = 'registered'
        ) as got_in
      from ${lotteryResults} d
      where d.organization_id = ${organizationId}
        and d.user_id = any(${sql.param(userIds)}::text[])
        and d.drawn_at > ${since}
    )
    select lost.user_id as "userId", count(*)::int as losses
    from draws lost
    where not lost.got_in
      and not exists (
        select 1 from draws later
        where later.user_id = lost.user_id and later.got_in and later.drawn_at > lost.drawn_at
      )
    group by lost.user_id`);
  return new Map(result.rows.map((row) => [row.userId, row.losses]));
}

/** Whether the session has a lottery that is due and not drawn, by `now`. */
export const drawDue = (session: SessionRow, now: Date) =>
  session.lotteryDrawAt !== null &&
  session.lotteryDrawnAt === null &&
  session.lotteryDrawAt <= now &&
  (session.status === "scheduled" || session.status === "active");

/**
 * Draws the session's lottery, under the caller's lock on the session: the entrants in draw
 * order get the free places (held unpaid until `holdUntil` in a paid session), the rest
 * the waitlist in draw order, after anyone already on it. Returns the outcomes, or null when
 * there was nothing to draw (not due, drawn already, closed).
 */
export async function drawLocked(
  tx: Tx,
  session: SessionRow,
  now: Date,
  holdUntil: Date,
): Promise<DrawOutcome[] | null> {
  if (!drawDue(session, now)) return null;
  const rows = await tx
    .select({
      id: sessionRegistrations.id,
      userId: sessionRegistrations.userId,
      status: sessionRegistrations.status,
      seq: sessionRegistrations.seq,
      walkedUp: sessionRegistrations.walkedUp,
      // The SQL rule's answer (schema/rules/place-rules.sql), not a second list of statuses here.
      holdsPlace: sql<boolean>`holds_place(${sessionRegistrations.status})`,
    })
    .from(sessionRegistrations)
    .where(eq(sessionRegistrations.sessionId, session.id));
  const entered = rows.filter((r) => r.status === "entered" && r.userId !== null);
  // Someone who left the club (or was removed) since entering is not drawn: their entry is withdrawn.
  const members = await membersAmong(
    tx,
    session.organizationId,
    entered.map((r) => r.userId!),
  );
  const gone = entered.filter((r) => !members.has(r.userId!)).map((r) => r.id);
  if (gone.length > 0)
    await tx
      .update(sessionRegistrations)
      .set({ status: "cancelled", updatedAt: now })
      .where(inArray(sessionRegistrations.id, gone));
  const entries = entered.filter((r) => members.has(r.userId!));
  const held = rows.filter((r) => r.holdsPlace).length;
  // Those who walked up wait after the list (promote_waitlist): the losers come before them.
  const waiting = rows.filter((r) => r.status === "waitlisted" && !r.walkedUp).length;
  const lastSeq = rows.reduce((max, r) => Math.max(max, r.seq), 0);
  const since = new Date(now.getTime() - session.lotteryLookbackDays * 86_400_000);
  const userIds = entries.map((e) => e.userId!);
  const losses = await lossesSinceLastWin(tx, session.organizationId, userIds, since);
  // The seed committed to when the lottery was set (scheduling.ts gives every lottery one; its
  // fingerprint has shown since).
  const seed = session.lotterySeed!;
  const order = drawOrder(
    seed,
    userIds.map((id) => ({ id, losses: losses.get(id) ?? 0 })),
    { guaranteeAfter: session.lotteryGuaranteeAfter },
  );
  const room = session.capacity === null ? order.length : Math.max(0, session.capacity - held);
  const registrationOf = new Map(entries.map((e) => [e.userId!, e.id]));
  const outcomes: DrawOutcome[] = order.map((drawn, i) => {
    const won = i < room;
    return {
      ...drawn,
      registrationId: registrationOf.get(drawn.id)!,
      won,
      waitlistPosition: won ? null : waiting + i - room + 1,
      holdExpiresAt: won && session.paymentRequired ? holdUntil : null,
    };
  });
  // Everyone's new status and their arrival number in draw order, in one statement: the
  // waitlist moves up by seq, and a late request comes after all of them.
  if (outcomes.length > 0) {
    const winnerStatus = session.paymentRequired ? "pending_payment" : "registered";
    await tx.execute(sql`
      update ${sessionRegistrations} r
      set status = drawn.status::registration_status, seq = drawn.seq, hold_expires_at = drawn.hold,
        placed_at = case when drawn.status = 'waitlisted' then null else ${now}::timestamptz end,
        updated_at = ${now}
      from unnest(
        ${sql.param(outcomes.map((o) => o.registrationId))}::uuid[],
        ${sql.param(outcomes.map((o) => (o.won ? winnerStatus : "waitlisted")))}::text[],
        ${sql.param(outcomes.map((o) => lastSeq + o.position))}::int[],
        ${sql.param(outcomes.map((o) => o.holdExpiresAt?.toISOString() ?? null))}::timestamptz[]
      ) as drawn (id, status, seq, hold)
      where r.id = drawn.id and r.status = 'entered'`);
    await tx.insert(lotteryResults).values(
      outcomes.map((o) => ({
        organizationId: session.organizationId,
        sessionId: session.id,
        userId: o.id,
        lossesBefore: o.losses,
        weight: o.weight,
        ticket: o.ticket,
        assured: o.assured,
        position: o.position,
        won: o.won,
        drawnAt: now,
      })),
    );
  }
  await tx
    .update(sessions)
    .set({
      lotteryDrawnAt: now,
      updatedAt: now,
    })
    .where(eq(sessions.id, session.id));
  return outcomes;
}

/** A new lottery's seed, chosen when the lottery is set; only its fingerprint shows until the draw. */
export const committedSeed = () => ({ lotterySeed: newSeed() });

/** What a draw owes: each entrant told their result, and the holds of paid places released in time. */
export async function drawEffects(
  tx: Queryable,
  deps: Pick<UseCaseDeps, "config">,
  session: SessionRow,
  outcomes: DrawOutcome[],
) {
  const effects = await lotteryEmails(tx, deps.config, session, outcomes);
  // And on the phones of those who take calls there: a result, once per draw and person.
  effects.push(
    ...(await pushEffects(
      tx,
      outcomes.map((o) => ({
        userId: o.id,
        // One key a person: the log's key is the whole claim, so a key shared by everyone
        // drawn let the first of them alone be told.
        key: `draw:${session.id}:${o.id}`,
        payload: {
          title: o.won
            ? `You got a place: ${session.name}`
            : `Waitlist number ${o.waitlistPosition}: ${session.name}`,
          body: o.won
            ? o.holdExpiresAt
              ? "The places were drawn and you got one: pay to keep it."
              : "The places were drawn and you got one. See you on court!"
            : "The places were drawn. If a place opens, you'll hear at once.",
          url: `/sessions/${session.id}`,
          tag: `draw-${session.id}`,
          organizationId: session.organizationId,
          actions: [],
        },
      })),
    )),
  );
  const hold = outcomes.find((o) => o.holdExpiresAt)?.holdExpiresAt;
  if (hold) effects.push(holdExpiry(session.organizationId, session.id, hold));
  return effects;
}

/** The draw as the session page publishes it: seed, time, and each entrant's part, in draw order. */
export async function publishedDraw(
  db: Queryable,
  organizationId: string,
  sessionId: string,
): Promise<DrawView> {
  const [session] = await db
    .select({
      seed: sessions.lotterySeed,
      drawnAt: sessions.lotteryDrawnAt,
      guaranteeAfter: sessions.lotteryGuaranteeAfter,
    })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.organizationId, organizationId)));
  if (!session) throw notFound("Session not found");
  if (!session.seed || !session.drawnAt) throw notFound("This session's places have not been drawn.");
  const rows = await db
    .select()
    .from(lotteryResults)
    .where(and(eq(lotteryResults.organizationId, organizationId), eq(lotteryResults.sessionId, sessionId)))
    .orderBy(lotteryResults.position);
  const names = await memberNamesOf(
    db,
    organizationId,
    rows.map((r) => r.userId),
  );
  return {
    seed: session.seed,
    drawnAt: session.drawnAt.toISOString(),
    guaranteeAfter: session.guaranteeAfter,
    entrants: rows.map((r) => ({
      userId: r.userId,
      name: names.get(r.userId) ?? "Former member",
      lossesBefore: r.lossesBefore,
      weight: r.weight,
      assured: r.assured,
      position: r.position,
      won: r.won,
    })),
  };
}
