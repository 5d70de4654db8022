// After a session is completed, each member who played and asked for it (the "Your night"
// switch, off by default) gets their night by email: games, wins, partners, waits, and the
// session's figures beside theirs. It reacts to the sessions feature's SESSION_COMPLETED event,
// queued by the completing transaction; the claims make a job run twice send nothing twice.
import { and, gt, isNotNull } from "drizzle-orm";
import type { AppDeps } from "../../app-deps.js";
import { queuePlayers } from "../../db/schema/courts.js";
import { emailEffect, withEffects } from "../../platform/jobs/outbox.js";
import { actionEmail } from "../../platform/mail/templates.js";
import { people } from "../account/service.js";
import { getOrganization } from "../clubs/service.js";
import { claimNotification, unsubscribeFor, wantEmail } from "../notifications/service.js";
import type { SessionCompleted } from "../sessions/service.js";
import { queueOf } from "./board-store.js";
import { myNight } from "./my-night.js";

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

export async function sendNightReceipts(deps: AppDeps, { organizationId, sessionId }: SessionCompleted) {
  const { db } = deps.database;
  const played = await db
    .select({ userId: queuePlayers.userId })
    .from(queuePlayers)
    .where(
      and(
        queueOf({ organizationId, sessionId }),
        isNotNull(queuePlayers.userId),
        gt(queuePlayers.gamesPlayed, 0),
      ),
    );
  const wanting = await wantEmail(
    db,
    played.map((p) => p.userId!),
    "nightReceipt",
  );
  if (wanting.size === 0) return;
  const [club, byId] = await Promise.all([getOrganization(db, organizationId), people(db, [...wanting])]);
  for (const userId of wanting) {
    const person = byId.get(userId);
    if (!person) continue;
    const night = await myNight(db, organizationId, sessionId, userId);
    const partners = night.partners.map((p) => p.name).join(", ");
    const opponents = night.opponents.map((p) => p.name).join(", ");
    await withEffects(deps, async (tx, effects) => {
      if (!(await claimNotification(tx, `night:${sessionId}:${userId}`, userId))) return;
      effects.push(
        emailEffect(
          actionEmail(
            person.email,
            `Your night at ${club.name}`,
            "Your night",
            [
              `Hi ${person.name},`,
              `You played ${plural(night.gamesPlayed, "game")} and won ${night.wins}.` +
                (partners ? ` Partners: ${partners}.` : "") +
                (opponents ? ` Opponents: ${opponents}.` : ""),
              `You waited ${night.totalWaitMinutes} min in all (longest ${night.longestWaitMinutes} min); ` +
                // Null when everyone went straight on all night: nobody waited in a line.
                (night.session.averageWaitMinutes === null
                  ? "nobody waited in line tonight, and "
                  : `the average wait tonight was ${night.session.averageWaitMinutes} min, and `) +
                (night.session.gamesPlayedSpread === 0
                  ? `all ${plural(night.session.players, "player")} played the same number of games.`
                  : `games played differed by at most ${night.session.gamesPlayedSpread} across ${plural(night.session.players, "player")}.`),
            ],
            { label: "See your night", url: `${deps.config.appUrl}/sessions/${sessionId}` },
            { ...unsubscribeFor(deps, userId, "nightReceipt"), club },
          ),
        ),
      );
    });
  }
}
