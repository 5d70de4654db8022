// Match result emails: the first time a match counts, the replay writes one result
// event per player (replay-store.ts); this sweep turns the unsent ones into emails with the
// rating change, for those who want them. Marking an event sent and queueing its email happen
// in one transaction, and a second sweep running at the same time skips the rows the first
// holds, so no result is emailed twice.
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { longDate } from "../../../shared/domain/session-time.js";
import type { UseCaseDeps } from "../../app-deps.js";
import type { Queryable } from "../../db/database.js";
import { matches, matchResultEvents } from "../../db/schema/ladder.js";
import { emailEffect, withEffects } from "../../platform/jobs/outbox.js";
import { actionEmail } from "../../platform/mail/templates.js";
import { people } from "../account/service.js";
import { type Club, getOrganization } from "../clubs/service.js";
import { unsubscribeFor, wantEmail } from "../notifications/service.js";

export const SEND_MATCH_RESULTS = "send-match-results";
const BATCH = 200;

const signed = (n: number) => (n >= 0 ? `+${n}` : `${n}`);

/** Queues the emails of the results not yet sent; returns how many events it settled. */
export async function sendMatchResults(deps: UseCaseDeps): Promise<number> {
  const { result } = await withEffects(deps, async (tx, effects) => {
    // Claimed and marked sent in one statement, through the index of unsent events: the sweep
    // runs after every counted match, and a club's years of sent events are not read again.
    const oldestUnsent = tx
      .select({
        organizationId: matchResultEvents.organizationId,
        matchId: matchResultEvents.matchId,
        userId: matchResultEvents.userId,
      })
      .from(matchResultEvents)
      .where(isNull(matchResultEvents.sentAt))
      .orderBy(asc(matchResultEvents.createdAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    const claimed = await tx
      .update(matchResultEvents)
      .set({ sentAt: deps.now() })
      .where(
        sql`(${matchResultEvents.organizationId}, ${matchResultEvents.matchId}, ${matchResultEvents.userId}) in ${oldestUnsent}`,
      )
      .returning();
    if (claimed.length === 0) return 0;
    const events = claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    const played = await tx
      .select()
      .from(matches)
      .where(
        inArray(
          matches.id,
          events.map((e) => e.matchId),
        ),
      );
    const matchById = new Map(played.map((m) => [m.id, m]));
    const wanting = await wantEmail(
      tx,
      events.map((e) => e.userId),
      "matchResults",
    );
    const names = await people(tx, [...new Set(played.flatMap((m) => [...m.teamA, ...m.teamB]))]);
    // A batch is mostly one club's night: its row is read once, not once per email.
    const clubs = new Map<string, Club>();
    for (const event of events) {
      const match = matchById.get(event.matchId);
      const player = names.get(event.userId);
      if (!match || !player || !wanting.has(event.userId)) continue;
      const club = clubs.get(match.organizationId) ?? (await getOrganization(tx, match.organizationId));
      clubs.set(match.organizationId, club);
      const mine = match.teamA.includes(event.userId) ? "A" : "B";
      const won = match.winner === mine;
      const name = (id: string) => names.get(id)?.name ?? "a former member";
      const partners = (mine === "A" ? match.teamA : match.teamB)
        .filter((id) => id !== event.userId)
        .map(name);
      const opponents = (mine === "A" ? match.teamB : match.teamA).map(name);
      // A board result without points has no games: "Won", not "Won ".
      const score = match.games.map((g) => (mine === "A" ? ` ${g.a}-${g.b}` : ` ${g.b}-${g.a}`)).join(",");
      const delta = Math.round(event.delta);
      const rating = Math.round(event.ratingAfter);
      effects.push(
        emailEffect(
          actionEmail(
            player.email,
            `${won ? "Won" : "Lost"}${score}: your rating is ${rating} (${signed(delta)})`,
            `Your rating is ${rating} (${signed(delta)})`,
            [
              `Hi ${player.name},`,
              `Your ${match.format} match on ${longDate(match.playedAt.toISOString(), club.timeZone)} counts on the ${club.name} ladder: you ${won ? "won" : "lost"}${score}${partners.length ? ` with ${partners.join(" and ")}` : ""} against ${opponents.join(" and ")}.`,
              `Your ${match.format} rating moved ${signed(delta)} to ${rating}.`,
            ],
            { label: "See the ladder", url: `${deps.config.appUrl}/ladder` },
            { ...unsubscribeFor(deps, player.id, "matchResults"), club },
          ),
        ),
      );
    }
    return events.length;
  });
  return result;
}

/** Marks the club's results as told without emailing anyone: a made-up history (the demo's). */
export async function settleResultsQuietly(db: Queryable, organizationId: string, now: Date): Promise<void> {
  await db
    .update(matchResultEvents)
    .set({ sentAt: now })
    .where(and(eq(matchResultEvents.organizationId, organizationId), isNull(matchResultEvents.sentAt)));
}

/** Sends everything outstanding, a batch at a time (the sweep job's work). */
export async function drainMatchResults(deps: UseCaseDeps): Promise<void> {
  let settled = BATCH;
  while (settled === BATCH) settled = await sendMatchResults(deps);
}
